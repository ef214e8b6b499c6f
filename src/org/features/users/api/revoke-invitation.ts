import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import type { OrgUser } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { ORG_USERS_KEY } from './get-org-users';

/** DELETE orgs/{orgId}/users/{id}/invitation: a pending invitation is withdrawn. */
export async function revokeInvitation(orgId: number, user: Pick<OrgUser, 'id' | 'email'>) {
  const data = await crmApi.delete<unknown>(
    `orgs/${orgId}/users/${user.id}/invitation`,
    undefined,
    {
      successMessage: `Invitation of ${user.email} revoked`,
    },
  );
  return idResultSchema.parse(data);
}

export function useRevokeInvitation() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<OrgUser, 'id' | 'email'>) => revokeInvitation(orgId ?? 0, user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORG_USERS_KEY] }),
  });
}
