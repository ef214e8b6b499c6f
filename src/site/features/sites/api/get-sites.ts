import { sitePageSchema, type Site } from '@/contract/data/sites';
import { dataApi } from '@/core/api';

/** POST orgs/{orgId}/sites/list: the organisation's sites (Site Admin, org admin). */
export async function getOrgSites(orgId: number, signal?: AbortSignal): Promise<Site[]> {
  const data = await dataApi.post<unknown>(
    `orgs/${orgId}/sites/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return sitePageSchema.parse(data).results;
}

/** POST admin/sites/list: every site of every organisation (sysadmin). */
export async function getAllSites(signal?: AbortSignal): Promise<Site[]> {
  const data = await dataApi.post<unknown>('admin/sites/list', { skip: 0, take: 1000 }, { signal });
  return sitePageSchema.parse(data).results;
}
