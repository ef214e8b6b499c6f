import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offering } from '@/contract/crm/offerings';
import { useOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { getOfferings } from '@/org/entities/offerings/api';
import { subscriptionKeys } from '@/org/entities/subscriptions/keys';

export interface SubscriptionChoices {
  offerings: Offering[];
}

/**
 * What the subscription form chooses from: the organisation's offerings (with their features).
 * Its customers (the CRM's customer directory: organisations it sold to; a first sale goes
 * through the registration link of an offering, docs/org-portal.md) are searched on the server
 * as the user types.
 */
export async function getSubscriptionChoices(
  orgId: number,
  signal?: AbortSignal,
): Promise<SubscriptionChoices> {
  const offerings = await getOfferings(orgId, signal);
  return { offerings: offerings.sort((a, b) => a.name.localeCompare(b.name)) };
}

export const subscriptionChoicesQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: orgQueryKey(orgId, ...subscriptionKeys.issued, 'choices'),
    queryFn: ({ signal }) => getSubscriptionChoices(orgId, signal),
  });

export function useSubscriptionChoices() {
  return useQuery(subscriptionChoicesQueryOptions(useOrgId()));
}
