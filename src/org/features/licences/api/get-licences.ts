import { queryOptions, useQuery } from '@tanstack/react-query';
import { licenceSchema, type Licence } from '@/contract/crm/licences';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey } from '@/core/query';

/** Leading query key of the organisation's own licences. */
export const LICENCES_KEY = 'licences';

/** POST orgs/{orgId}/licences/list: the licences the organisation holds (as a customer). */
export async function getLicences(orgId: number, signal?: AbortSignal): Promise<Licence[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/licences/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return pagedResultsSchema(licenceSchema).parse(data).results;
}

export const licencesQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, LICENCES_KEY, 'list'),
    queryFn: ({ signal }) => getLicences(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useLicences() {
  return useQuery(licencesQueryOptions(useSelectedOrgId()));
}
