import { siteUserPageSchema, type SiteUser } from '@/contract/data/site-users';
import { dataApi } from '@/core/api';

/** Leading query key of the site users (mutations invalidate it). */
export const SITE_USERS_KEY = 'site-users';

/** POST orgs/{orgId}/sites/{siteId}/users/list: the site's users and their flags. */
export async function getSiteUsers(
  orgId: number,
  siteId: number,
  signal?: AbortSignal,
): Promise<SiteUser[]> {
  const data = await dataApi.post<unknown>(
    `orgs/${orgId}/sites/${siteId}/users/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return siteUserPageSchema.parse(data).results;
}
