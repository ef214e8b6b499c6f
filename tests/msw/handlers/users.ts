import { http } from 'msw';
import type { AdminUser, OrgUser } from '@/contract/crm/users';
import { crm, pageOf, paged, rowsOf, type Rows } from '../envelope';

/** The CRM's users: an organisation's (orgs/{orgId}/users…) and everyone (admin/users, sysadmin). */
export const userHandlers = {
  /** Searched, paged, and kept to one status with `status` (the Assign picker's active members). */
  orgList: (rows: Rows<OrgUser>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/users/list`), ({ request }) =>
      pageOf(request, rowsOf(rows), (u, body) =>
        body['status'] === undefined ? true : u.status === body['status'],
      ),
    ),
  allList: (rows: Rows<AdminUser>) => http.post(crm('admin/users/list'), () => paged(rowsOf(rows))),
};
