import { organisationSchema, type Organisation } from '@/contract/crm/orgs';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';

/** Every query of this feature starts with it: invalidate ['organisations'] after a change. */
export const ORGANISATIONS_KEY = 'organisations';
export const organisationsTableKey = [ORGANISATIONS_KEY, 'table'] as const;

const listSchema = pagedResultsSchema(organisationSchema);

/** POST admin/orgs/list (sysadmin): every organisation, all pages. */
export async function getOrganisations(signal?: AbortSignal): Promise<Organisation[]> {
  const data = await crmApi.post<unknown>('admin/orgs/list', { skip: 0, take: 1000 }, { signal });
  return listSchema.parse(data).results;
}
