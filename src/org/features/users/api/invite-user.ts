import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteUserSchema, orgUserSchema, type InviteUser } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { ORG_USERS_KEY } from './get-org-users';

/** POST orgs/{orgId}/users/invite: a pending member until their first sign-in. */
export async function inviteUser(orgId: number, input: InviteUser) {
  const body = inviteUserSchema.parse(input);
  const data = await crmApi.post<unknown>(`orgs/${orgId}/users/invite`, body, {
    successMessage: `Invitation sent to ${body.email}`,
  });
  return orgUserSchema.parse(data);
}

export function useInviteUser() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUser) => inviteUser(orgId ?? 0, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORG_USERS_KEY] }),
  });
}
