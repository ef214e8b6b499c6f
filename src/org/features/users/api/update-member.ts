import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgUserSchema, updateMemberSchema, type MemberFlags } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { ORG_USERS_KEY } from './get-org-users';

export interface UpdateMemberInput {
  id: number;
  email: string;
  flags: Partial<MemberFlags>;
}

/** PUT orgs/{orgId}/users/{id}: the member's permission flags. */
export async function updateMember(orgId: number, { id, email, flags }: UpdateMemberInput) {
  const body = updateMemberSchema.parse(flags);
  const data = await crmApi.put<unknown>(`orgs/${orgId}/users/${id}`, body, {
    successMessage: `Permissions of ${email} saved`,
  });
  return orgUserSchema.parse(data);
}

export function useUpdateMember() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMemberInput) => updateMember(orgId ?? 0, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORG_USERS_KEY] }),
  });
}
