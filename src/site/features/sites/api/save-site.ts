import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteInputSchema, siteSchema, type SiteInput } from '@/contract/data/sites';
import { dataApi } from '@/core/api';
import { ALL_SITES_KEY, MY_SITES_KEY, SITE_DASHBOARD_KEY, SITES_KEY } from './keys';

export interface SaveSiteInput {
  orgId: number;
  /** Absent: create. */
  siteId?: number;
  input: SiteInput;
}

/** POST orgs/{orgId}/sites (create) or PUT orgs/{orgId}/sites/{siteId} (edit). */
export async function saveSite({ orgId, siteId, input }: SaveSiteInput) {
  const body = siteInputSchema.parse(input);
  const data =
    siteId === undefined
      ? await dataApi.post<unknown>(`orgs/${orgId}/sites`, body, {
          successMessage: `Site ${body.name} created`,
        })
      : await dataApi.put<unknown>(`orgs/${orgId}/sites/${siteId}`, body, {
          successMessage: `Site ${body.name} saved`,
        });
  return siteSchema.parse(data);
}

export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SITES_KEY] }),
        queryClient.invalidateQueries({ queryKey: [ALL_SITES_KEY] }),
        queryClient.invalidateQueries({ queryKey: [SITE_DASHBOARD_KEY] }),
        queryClient.invalidateQueries({ queryKey: [MY_SITES_KEY] }),
        // The sidebar and the site context read the sites from the user's metadata.
        queryClient.invalidateQueries({ queryKey: ['userMetadata'] }),
      ]),
  });
}
