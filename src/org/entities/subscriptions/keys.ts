import { orgQueryKey } from '@/core/query';

/**
 * Query keys of subscriptions, from both sides: those the organisation sold to customers
 * (Customer Subs, orgs/{orgId}/issued-subscriptions) and those it holds (Software,
 * orgs/{orgId}/my-subscriptions). Invalidate `issued` or `held` after a change.
 */
export const subscriptionKeys = {
  issued: ['customer-subs'] as const,
  issuedList: (orgId: number) => orgQueryKey(orgId, 'customer-subs', 'list'),
  /** One offering's customer subscriptions (its details page). */
  issuedOfOffering: (orgId: number, offeringId: number) =>
    orgQueryKey(orgId, 'customer-subs', 'offering', offeringId),
  issuedDetail: (orgId: number, id: number) => orgQueryKey(orgId, 'customer-subs', 'detail', id),
  /** The vendor's customers: they follow its subscriptions. */
  customers: (orgId: number) => orgQueryKey(orgId, 'customer-subs', 'customers'),
  held: ['my-subscriptions'] as const,
  heldList: (orgId: number) => orgQueryKey(orgId, 'my-subscriptions', 'list'),
  heldDetail: (orgId: number, id: number) => orgQueryKey(orgId, 'my-subscriptions', 'detail', id),
};

/** The two sides' path segments. */
export type SubscriptionSide = 'issued-subscriptions' | 'my-subscriptions';
