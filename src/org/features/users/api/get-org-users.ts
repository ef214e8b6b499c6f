import { queryOptions, useQuery } from '@tanstack/react-query';
import { orgUserSchema, type OrgUser } from '@/contract/crm/users';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey } from '@/core/query';

/** Leading query key of every read of the organisation's users (mutations invalidate it). */
export const ORG_USERS_KEY = 'org-users';

/** POST orgs/{orgId}/users/list: members and pending invitations (the client pages for us). */
export async function getOrgUsers(orgId: number, signal?: AbortSignal): Promise<OrgUser[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/users/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return pagedResultsSchema(orgUserSchema).parse(data).results;
}

export const orgUsersQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, ORG_USERS_KEY, 'list'),
    queryFn: ({ signal }) => getOrgUsers(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useOrgUsers() {
  return useQuery(orgUsersQueryOptions(useSelectedOrgId()));
}
