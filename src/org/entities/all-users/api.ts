import { queryOptions } from '@tanstack/react-query';
import { adminUserSchema } from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { queryPresets } from '@/core/query';

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
