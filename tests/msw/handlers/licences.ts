import { http } from 'msw';
import type { Licence } from '@/contract/crm/licences';
import { crm, pageOf, paged, rowsOf, type Rows } from '../envelope';

/** The list contract's filters the dashboard sends: states, and an expiry range. */
function matchesFilters(licence: Licence, body: Record<string, unknown>): boolean {
  const filters = (body['filters'] ?? {}) as {
    'state.name'?: string[];
    expiry?: { from?: string; to?: string };
  };
  const states = filters['state.name'];
  if (states && !states.includes(licence.state.name)) return false;
  const range = filters.expiry;
  if (range) {
    if (licence.expiry === null) return false;
    if (range.from && licence.expiry < range.from) return false;
    if (range.to && licence.expiry > range.to) return false;
  }
  return true;
}

/** The CRM's licences of an organisation: held (orgs/{orgId}/licences) and issued. */
export const licenceHandlers = {
  heldList: (rows: Rows<Licence>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/licences/list`), () => paged(rowsOf(rows))),
  /** Paged, searched, and filtered by state and expiry (the dashboard's counts). */
  issuedList: (rows: Rows<Licence>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/issued-licences/list`), ({ request }) =>
      pageOf(request, rowsOf(rows), matchesFilters),
    ),
};
