import { queryOptions } from '@tanstack/react-query';
import { licenceSchema, type Licence } from '@/contract/crm/licences';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';

/** POST orgs/{orgId}/issued-licences/list: Licences the organisation issued to customers (the client pages for us). */
export async function getIssuedLicences(orgId: number, signal?: AbortSignal): Promise<Licence[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/issued-licences/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return pagedResultsSchema(licenceSchema).parse(data).results;
}

/** Same leading key as the list screen, so a change there refreshes the dashboard too. */
export const issuedLicencesQueryOptions = (orgId: number | null, enabled: boolean) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, 'issued-licences', 'dashboard'),
    queryFn: ({ signal }) => getIssuedLicences(orgId ?? 0, signal),
    enabled: enabled && orgId !== null,
  });
