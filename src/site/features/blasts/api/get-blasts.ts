import { queryOptions, useQuery } from '@tanstack/react-query';
import { blastPageSchema, type BlastListItem } from '@/contract/data/blasts';
import { dataApi } from '@/core/api';
import { useOrgContext } from '@/core/org';
import { orgQueryKey } from '@/core/query';
import { BLASTS_KEY } from './keys';

/** POST orgs/{orgId}/sites/{siteId}/blasts/list: the site's blasts (the client pages for us). */
export async function getBlasts(
  orgId: number,
  siteId: number,
  signal?: AbortSignal,
): Promise<BlastListItem[]> {
  const data = await dataApi.post<unknown>(
    `orgs/${orgId}/sites/${siteId}/blasts/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return blastPageSchema.parse(data).results;
}

export const blastsQueryOptions = (orgId: number | null, siteId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, BLASTS_KEY, siteId),
    queryFn: ({ signal }) => getBlasts(orgId ?? 0, siteId ?? 0, signal),
    enabled: orgId !== null && siteId !== null,
  });

export function useBlasts() {
  const { org, site } = useOrgContext();
  return useQuery(blastsQueryOptions(org.id, site?.id ?? null));
}
