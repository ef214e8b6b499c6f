import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  siteUserFlagsSchema,
  siteUserSchema,
  type SiteUserFlags,
} from '@/contract/data/site-users';
import { dataApi } from '@/core/api';
import { useOrgContext } from '@/core/org';
import { SITE_USERS_KEY } from './get-site-users';

export interface UpdateSiteUserInput {
  id: number;
  email: string;
  flags: SiteUserFlags;
}

/** PUT orgs/{orgId}/sites/{siteId}/users/{userId}: the site admin / site user flags. */
export async function updateSiteUser(orgId: number, siteId: number, input: UpdateSiteUserInput) {
  const body = siteUserFlagsSchema.parse(input.flags);
  const data = await dataApi.put<unknown>(`orgs/${orgId}/sites/${siteId}/users/${input.id}`, body, {
    successMessage: `Site permissions of ${input.email} saved`,
  });
  return siteUserSchema.parse(data);
}

export function useUpdateSiteUser() {
  const { org, site } = useOrgContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSiteUserInput) => updateSiteUser(org.id, site?.id ?? 0, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SITE_USERS_KEY] }),
  });
}
