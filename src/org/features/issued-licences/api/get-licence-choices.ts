import { queryOptions, useQuery } from '@tanstack/react-query';
import { useOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { licenceKeys } from '@/org/entities/licences/keys';
import { getOfferings } from '@/org/entities/offerings/api';
import { getCustomers } from '@/org/entities/subscriptions/customers';
import { getCustomerSubscriptions } from '@/org/entities/subscriptions/issued';

export interface Named {
  id: number;
  name: string;
}
export interface LicenceChoices {
  customers: Named[];
  offerings: (Named & { type: 'product' | 'service' })[];
  subscriptions: (Named & { customerId: number })[];
}

/**
 * What the Issue form chooses from: the organisation's offerings, its customers (the CRM's
 * customer directory: organisations it sold to; docs/org-portal.md) and their subscriptions.
 */
export async function getLicenceChoices(
  orgId: number,
  signal?: AbortSignal,
): Promise<LicenceChoices> {
  const [offerings, subscriptions, customers] = await Promise.all([
    getOfferings(orgId, signal),
    getCustomerSubscriptions(orgId, { includeDisabled: false, signal }),
    getCustomers(orgId, signal),
  ]);
  const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);
  return {
    customers: customers.map((c) => ({ id: c.id, name: c.name })),
    offerings: offerings.map((o) => ({ id: o.id, name: o.name, type: o.type })).sort(byName),
    subscriptions: subscriptions
      .filter((s) => !s.isDisabled)
      .map((s) => ({ id: s.id, name: s.name, customerId: s.subscriberOrg.id }))
      .sort(byName),
  };
}

export const licenceChoicesQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: orgQueryKey(orgId, ...licenceKeys.issued, 'choices'),
    queryFn: ({ signal }) => getLicenceChoices(orgId, signal),
  });

export function useLicenceChoices() {
  return useQuery(licenceChoicesQueryOptions(useOrgId()));
}
