import { orgQueryKey } from '@/core/query';

/**
 * Query keys of licences, from both sides: those the organisation holds (Licences,
 * orgs/{orgId}/licences) and those it issued to its customers (Issued Licences,
 * orgs/{orgId}/issued-licences). Invalidate `held` or `issued` after a change.
 */
export const licenceKeys = {
  held: ['licences'] as const,
  heldList: (orgId: number) => orgQueryKey(orgId, 'licences', 'list'),
  /** The licences of one subscription the organisation holds (Service Licences). */
  heldOfSubscription: (orgId: number, subscriptionId: number) =>
    orgQueryKey(orgId, 'licences', 'subscription', subscriptionId),
  issued: ['issued-licences'] as const,
  issuedList: (orgId: number) => orgQueryKey(orgId, 'issued-licences', 'list'),
  /** The licences of one subscription the organisation sold (Subscription Details). */
  issuedOfSubscription: (orgId: number, subscriptionId: number) =>
    orgQueryKey(orgId, 'issued-licences', 'subscription', subscriptionId),
  issuedSummary: (orgId: number, window: { from: string; to: string }) =>
    orgQueryKey(orgId, 'issued-licences', 'summary', window.from, window.to),
};
