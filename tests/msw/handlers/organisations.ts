import { http } from 'msw';
import type { CustomDataRecord } from '@/contract/common';
import type { Organisation } from '@/contract/crm/orgs';
import { crm, ok, paged, rowsOf, type Rows } from '../envelope';

/** The CRM's organisations: every one (admin/orgs, sysadmin), one (orgs/{orgId}) and its custom data. */
export const organisationHandlers = {
  adminList: (rows: Rows<Organisation>) =>
    http.post(crm('admin/orgs/list'), () => paged(rowsOf(rows))),
  detail: (organisation: Organisation) =>
    http.get(crm(`orgs/${organisation.id}`), () => ok(organisation)),
  customData: (records: readonly CustomDataRecord[], orgId = 1) =>
    http.get(crm(`orgs/${orgId}/custom-data`), () => ok(records)),
};
