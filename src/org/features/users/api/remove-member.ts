import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import type { OrgUser } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { ORG_USERS_KEY } from './get-org-users';

/** DELETE orgs/{orgId}/users/{id}: the member leaves the organisation (and its sites). */
export async function removeMember(orgId: number, user: Pick<OrgUser, 'id' | 'email'>) {
  const data = await crmApi.delete<unknown>(`orgs/${orgId}/users/${user.id}`, undefined, {
    successMessage: `${user.email} removed from the organisation`,
  });
  return idResultSchema.parse(data);
}

export function useRemoveMember() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<OrgUser, 'id' | 'email'>) => removeMember(orgId ?? 0, user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORG_USERS_KEY] }),
  });
}
