import { queryOptions } from '@tanstack/react-query';
import { orgUserSchema, orgUserColumns } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { fetchList, fetchListPage } from '@/core/api/list';
import { formatUser } from '@/core/format';
import type { SearchOptions } from '@/core/forms';
import { orgQueryKey, queryPresets } from '@/core/query';
import { serverListSource } from '@/core/data-table/server-source';

/** Query keys of the organisation's users: invalidate orgUserKeys.all after a change. */
export const orgUserKeys = {
  all: ['org-users'] as const,
  list: (orgId: number) => orgQueryKey(orgId, 'org-users', 'list'),
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

/**
 * The organisation's active members (the people a licence can go to) as a picker's options,
 * searched on the server by name and email.
 */
export const activeMemberOptions =
  (orgId: number): SearchOptions =>
  async ({ search, signal }) => {
    const page = await fetchListPage(crmApi, `orgs/${orgId}/users/list`, orgUserSchema, {
      search,
      body: { status: 'Active', sortBy: 'email' },
      signal,
    });
    return { ...page, items: page.rows.map((m) => ({ id: m.id, label: formatUser(m) })) };
  };

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const orgUsersSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/users`,
    row: orgUserSchema,
    columns: orgUserColumns,
    bulk: ['resend-invitation'],
  });
