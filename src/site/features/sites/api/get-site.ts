import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteSchema, type Site } from '@/contract/data/sites';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { SITE_KEY } from './keys';

/** GET orgs/{orgId}/sites/{siteId}: one site (anyone who can see it), with its subscription. */
export async function getSite(orgId: number, siteId: number, signal?: AbortSignal): Promise<Site> {
  const data = await dataApi.get<unknown>(`orgs/${orgId}/sites/${siteId}`, undefined, { signal });
  return siteSchema.parse(data);
}

export const siteQueryOptions = (orgId: number, siteId: number) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, SITE_KEY, siteId),
    queryFn: ({ signal }) => getSite(orgId, siteId, signal),
  });

export const useSite = (orgId: number, siteId: number) => useQuery(siteQueryOptions(orgId, siteId));
