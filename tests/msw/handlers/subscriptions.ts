import { http } from 'msw';
import type { Customer } from '@/contract/crm/customers';
import type { Subscription, SubscriptionDetail } from '@/contract/crm/subscriptions';
import { crm, ok, pageOf, rowsOf, type Rows } from '../envelope';

/**
 * The CRM's subscriptions of an organisation, from both sides: sold to customers
 * (orgs/{orgId}/issued-subscriptions…, and the customers they went to) and held
 * (orgs/{orgId}/my-subscriptions…).
 */
export const subscriptionHandlers = {
  /** Searched by name, paged, and kept to one customer's with subscriberOrgId (the pickers). */
  issuedList: (rows: Rows<Subscription>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/issued-subscriptions/list`), ({ request }) =>
      pageOf(
        request,
        rowsOf(rows),
        (s, body) =>
          (body['subscriberOrgId'] === undefined ||
            s.subscriberOrg.id === body['subscriberOrgId']) &&
          (body['offeringId'] === undefined || s.offering.id === body['offeringId']) &&
          (body['includeDisabled'] !== false || !s.isDisabled),
      ),
    ),
  issuedDetail: (subscription: SubscriptionDetail, orgId = 1) =>
    http.get(crm(`orgs/${orgId}/issued-subscriptions/${subscription.id}`), () => ok(subscription)),
  customers: (rows: Rows<Customer>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/customers/list`), ({ request }) => pageOf(request, rowsOf(rows))),
  heldList: (rows: Rows<Subscription>, orgId = 1) =>
    http.post(crm(`orgs/${orgId}/my-subscriptions/list`), ({ request }) =>
      pageOf(request, rowsOf(rows)),
    ),
  heldDetail: (subscription: SubscriptionDetail, orgId = 1) =>
    http.get(crm(`orgs/${orgId}/my-subscriptions/${subscription.id}`), () => ok(subscription)),
};
