import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgUserSchema, type OrgUser } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { ORG_USERS_KEY } from './get-org-users';

/** POST orgs/{orgId}/users/{id}/resend-invitation */
export async function resendInvitation(orgId: number, user: Pick<OrgUser, 'id' | 'email'>) {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/users/${user.id}/resend-invitation`,
    {},
    {
      successMessage: `Invitation sent again to ${user.email}`,
    },
  );
  return orgUserSchema.parse(data);
}

export function useResendInvitation() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<OrgUser, 'id' | 'email'>) => resendInvitation(orgId ?? 0, user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORG_USERS_KEY] }),
  });
}
