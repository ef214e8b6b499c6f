import { http } from 'msw';
import type { Offering, OfferingDetail } from '@/contract/crm/offerings';
import { crm, ok, paged, rowsOf, type Rows } from '../envelope';

/** The CRM's offerings of an organisation (orgs/{orgId}/offerings…). */
export const offeringHandlers = {
  list: (rows: Rows<Offering>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/offerings/list`), () => paged(rowsOf(rows))),
  detail: (offering: OfferingDetail, orgId = 1) =>
    http.get(crm(`orgs/${orgId}/offerings/${offering.id}`), () => ok(offering)),
};
