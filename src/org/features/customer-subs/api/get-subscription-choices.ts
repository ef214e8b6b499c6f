import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringSchema, type Offering } from '@/contract/crm/offerings';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { CUSTOMER_SUBS_KEY } from './get-customer-subs';
import { getCustomers } from './get-customers';

export interface SubscriptionChoices {
  customers: { id: number; name: string }[];
  offerings: Offering[];
}

const page = { skip: 0, take: 1000 };

/**
 * What the subscription form chooses from: the organisation's offerings (with their features)
 * and its customers (the CRM's customer directory: organisations it sold to; a first sale goes
 * through the registration link of an offering, docs/org-portal.md).
 */
export async function getSubscriptionChoices(
  orgId: number,
  signal?: AbortSignal,
): Promise<SubscriptionChoices> {
  const [offerings, customers] = await Promise.all([
    crmApi.post<unknown>(`orgs/${orgId}/offerings/list`, page, { signal }),
    getCustomers(orgId, signal),
  ]);
  return {
    customers: customers.map((c) => ({ id: c.id, name: c.name })),
    offerings: pagedResultsSchema(offeringSchema)
      .parse(offerings)
      .results.sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export const subscriptionChoicesQueryOptions = (orgId: number | null) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: orgQueryKey(orgId, CUSTOMER_SUBS_KEY, 'choices'),
    queryFn: ({ signal }) => getSubscriptionChoices(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useSubscriptionChoices() {
  return useQuery(subscriptionChoicesQueryOptions(useSelectedOrgId()));
}
