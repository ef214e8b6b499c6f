import { http } from 'msw';
import type { Licence } from '@/contract/crm/licences';
import { crm, ok, pageOf, rowsOf, type Rows } from '../envelope';

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

/** `subscriptionId` keeps one subscription's licences (the subscription pages). */
const ofSubscription = (licence: Licence, body: Record<string, unknown>) =>
  body['subscriptionId'] === undefined || licence.subscription?.id === body['subscriptionId'];

/** The CRM's licences of an organisation: held (orgs/{orgId}/licences) and issued. */
export const licenceHandlers = {
  /** Paged, searched, and kept to one subscription's with subscriptionId. */
  heldList: (rows: Rows<Licence>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/licences/list`), ({ request }) =>
      pageOf(request, rowsOf(rows), ofSubscription),
    ),
  /** Paged, searched, filtered by state and expiry (the dashboard's renewals) and subscription. */
  issuedList: (rows: Rows<Licence>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/issued-licences/list`), ({ request }) =>
      pageOf(
        request,
        rowsOf(rows),
        (licence, body) => matchesFilters(licence, body) && ofSubscription(licence, body),
      ),
    ),
  /** The summary's exact counts of the same rows (`from` and `to`: the renewals' window). */
  issuedSummary: (rows: Rows<Licence>, orgId = 1) =>
    http.get(crm(`orgs/${orgId}/issued-licences/summary`), ({ request }) => {
      const url = new URL(request.url);
      const expiry = {
        from: url.searchParams.get('from') ?? '',
        to: url.searchParams.get('to') ?? '',
      };
      const all = rowsOf(rows);
      const count = (filters: Record<string, unknown>) =>
        all.filter((licence) => matchesFilters(licence, { filters })).length;
      return ok({
        byState: {
          Active: count({ 'state.name': ['Active'] }),
          Suspended: count({ 'state.name': ['Suspended'] }),
          Expired: count({ 'state.name': ['Expired'] }),
        },
        renewalsDue: count({ 'state.name': ['Active'], expiry }),
      });
    }),
};
