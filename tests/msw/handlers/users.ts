import { http } from 'msw';
import type { AdminUser, OrgUser } from '@/contract/crm/users';
import { crm, paged, rowsOf, type Rows } from '../envelope';

/** The CRM's users: an organisation's (orgs/{orgId}/users…) and everyone (admin/users, sysadmin). */
export const userHandlers = {
  orgList: (rows: Rows<OrgUser>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/users/list`), () => paged(rowsOf(rows))),
  allList: (rows: Rows<AdminUser>) => http.post(crm('admin/users/list'), () => paged(rowsOf(rows))),
};
