import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSiteUserSchema, siteUserSchema, type AddSiteUser } from '@/contract/data/site-users';
import { dataApi } from '@/core/api';
import { useOrgContext } from '@/core/org';
import { SITE_USERS_KEY } from './get-site-users';

/** POST orgs/{orgId}/sites/{siteId}/users: a member of the organisation joins the site. */
export async function addSiteUser(orgId: number, siteId: number, input: AddSiteUser) {
  const body = addSiteUserSchema.parse(input);
  const data = await dataApi.post<unknown>(`orgs/${orgId}/sites/${siteId}/users`, body, {
    successMessage: `${body.email} added to the site`,
  });
  return siteUserSchema.parse(data);
}

export function useAddSiteUser() {
  const { org, site } = useOrgContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddSiteUser) => addSiteUser(org.id, site?.id ?? 0, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SITE_USERS_KEY] }),
  });
}
