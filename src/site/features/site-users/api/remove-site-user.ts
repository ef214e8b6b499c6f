import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import type { SiteUser } from '@/contract/data/site-users';
import { dataApi } from '@/core/api';
import { useOrgContext } from '@/core/org';
import { SITE_USERS_KEY } from './get-site-users';

/** DELETE orgs/{orgId}/sites/{siteId}/users/{userId}: the user leaves the site. */
export async function removeSiteUser(
  orgId: number,
  siteId: number,
  user: Pick<SiteUser, 'id' | 'email'>,
) {
  const data = await dataApi.delete<unknown>(
    `orgs/${orgId}/sites/${siteId}/users/${user.id}`,
    undefined,
    {
      successMessage: `${user.email} removed from the site`,
    },
  );
  return idResultSchema.parse(data);
}

export function useRemoveSiteUser() {
  const { org, site } = useOrgContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<SiteUser, 'id' | 'email'>) =>
      removeSiteUser(org.id, site?.id ?? 0, user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SITE_USERS_KEY] }),
  });
}
