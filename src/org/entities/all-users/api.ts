import { queryOptions } from '@tanstack/react-query';
import { adminUserSchema, adminUserColumns } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { queryPresets } from '@/core/query';
import { serverListSource } from '@/core/data-table/server-source';

/** Query keys of every user (sysadmin). */
export const allUserKeys = {
  all: ['all-users'] as const,
  list: () => ['all-users', 'list'] as const,
};

/** POST admin/users/list (sysadmin): every user with their organisations, all pages. */
export const getAllUsers = (signal?: AbortSignal) =>
  fetchList(crmApi, 'admin/users/list', adminUserSchema, { signal });

export const allUsersQueryOptions = () =>
  queryOptions({
    ...queryPresets.records,
    queryKey: allUserKeys.list(),
    queryFn: ({ signal }) => getAllUsers(signal),
  });

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const allUsersSource = () =>
  serverListSource({
    api: crmApi,
    base: 'admin/users',
    row: adminUserSchema,
    columns: adminUserColumns,
  });
