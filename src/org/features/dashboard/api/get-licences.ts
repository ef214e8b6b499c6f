import { queryOptions } from '@tanstack/react-query';
import { licenceSchema, type Licence } from '@/contract/crm/licences';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';

/** POST orgs/{orgId}/licences/list: Licences the organisation holds (the client pages for us). */
export async function getLicences(orgId: number, signal?: AbortSignal): Promise<Licence[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/licences/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return pagedResultsSchema(licenceSchema).parse(data).results;
}

/** Same leading key as the list screen, so a change there refreshes the dashboard too. */
export const licencesQueryOptions = (orgId: number | null, enabled: boolean) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, 'licences', 'list'),
    queryFn: ({ signal }) => getLicences(orgId ?? 0, signal),
    enabled: enabled && orgId !== null,
  });
