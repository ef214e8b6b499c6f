import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringSchema, type Offering } from '@/contract/crm/offerings';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';

/** Every query of this feature starts with it: invalidate ['offerings'] after a change. */
export const OFFERINGS_KEY = 'offerings';
/** The table's own cache entry (it stores table data, not the plain list). */
export const offeringsTableKey = [OFFERINGS_KEY, 'table'] as const;

const listSchema = pagedResultsSchema(offeringSchema);

/** POST orgs/{orgId}/offerings/list: the organisation's products and services (all pages). */
export async function getOfferings(orgId: number, signal?: AbortSignal): Promise<Offering[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/offerings/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return listSchema.parse(data).results;
}

export const offeringsQueryOptions = (orgId: number | null) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: orgQueryKey(orgId, OFFERINGS_KEY, 'list'),
    queryFn: ({ signal }) => getOfferings(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useOfferings() {
  return useQuery(offeringsQueryOptions(useSelectedOrgId()));
}
