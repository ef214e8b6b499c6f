import { queryOptions, useQuery } from '@tanstack/react-query';
import { orgUserSchema, orgUserColumns } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { useOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { serverListSource } from '@/core/data-table/server-source';

/** Query keys of the organisation's users: invalidate orgUserKeys.all after a change. */
export const orgUserKeys = {
  all: ['org-users'] as const,
  list: (orgId: number) => orgQueryKey(orgId, 'org-users', 'list'),
  active: (orgId: number) => orgQueryKey(orgId, 'org-users', 'active'),
};

/** POST orgs/{orgId}/users/list: members and pending invitations (the client pages for us). */
export const getOrgUsers = (orgId: number, signal?: AbortSignal) =>
  fetchList(crmApi, `orgs/${orgId}/users/list`, orgUserSchema, { signal });

/** Users: the list screen and the dashboard read this one cache entry. */
export const orgUsersQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: orgUserKeys.list(orgId),
    queryFn: ({ signal }) => getOrgUsers(orgId, signal),
  });

/** POST orgs/{orgId}/users/list with status Active: the people a licence can go to. */
export const getActiveMembers = (orgId: number, signal?: AbortSignal) =>
  fetchList(crmApi, `orgs/${orgId}/users/list`, orgUserSchema, {
    body: { status: 'Active', sortBy: 'email' },
    signal,
  });

export const activeMembersQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: orgUserKeys.active(orgId),
    queryFn: ({ signal }) => getActiveMembers(orgId, signal),
  });

export function useActiveMembers() {
  return useQuery(activeMembersQueryOptions(useOrgId()));
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const orgUsersSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/users`,
    row: orgUserSchema,
    columns: orgUserColumns,
    bulk: ['resend-invitation'],
  });
