import { adminUserSchema, type AdminUser } from '@/contract/crm/users';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';

export const ALL_USERS_KEY = 'all-users';
export const allUsersTableKey = [ALL_USERS_KEY, 'table'] as const;

const listSchema = pagedResultsSchema(adminUserSchema);

/** POST admin/users/list (sysadmin): every user with their organisations, all pages. */
export async function getAllUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  const data = await crmApi.post<unknown>('admin/users/list', { skip: 0, take: 1000 }, { signal });
  return listSchema.parse(data).results;
}
