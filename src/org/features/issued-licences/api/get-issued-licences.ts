import { licenceSchema, type Licence } from '@/contract/crm/licences';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';

/** Every query of this feature starts with it: invalidate ['issued-licences'] after a change. */
export const ISSUED_LICENCES_KEY = 'issued-licences';
export const issuedLicencesTableKey = [ISSUED_LICENCES_KEY, 'table'] as const;

const listSchema = pagedResultsSchema(licenceSchema);

/** POST orgs/{orgId}/issued-licences/list: licences the organisation issued (all pages). */
export async function getIssuedLicences(orgId: number, signal?: AbortSignal): Promise<Licence[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/issued-licences/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return listSchema.parse(data).results;
}
