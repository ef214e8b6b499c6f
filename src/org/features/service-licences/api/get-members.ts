import { queryOptions, useQuery } from '@tanstack/react-query';
import { orgUserSchema, type OrgUser } from '@/contract/crm/users';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey } from '@/core/query';

/** Same leading key as the Users screen's reads. */
export const ORG_USERS_KEY = 'org-users';

/** POST orgs/{orgId}/users/list with status Active: the people a licence can go to. */
export async function getActiveMembers(orgId: number, signal?: AbortSignal): Promise<OrgUser[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/users/list`,
    { skip: 0, take: 1000, status: 'Active', sortBy: 'email' },
    { signal },
  );
  return pagedResultsSchema(orgUserSchema).parse(data).results;
}

export const activeMembersQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, ORG_USERS_KEY, 'active'),
    queryFn: ({ signal }) => getActiveMembers(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useActiveMembers() {
  return useQuery(activeMembersQueryOptions(useSelectedOrgId()));
}
