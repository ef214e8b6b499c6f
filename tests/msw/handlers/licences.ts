import { http } from 'msw';
import type { Licence } from '@/contract/crm/licences';
import { crm, paged, rowsOf, type Rows } from '../envelope';

/** The CRM's licences of an organisation: held (orgs/{orgId}/licences) and issued. */
export const licenceHandlers = {
  heldList: (rows: Rows<Licence>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/licences/list`), () => paged(rowsOf(rows))),
  issuedList: (rows: Rows<Licence>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/issued-licences/list`), () => paged(rowsOf(rows))),
};
