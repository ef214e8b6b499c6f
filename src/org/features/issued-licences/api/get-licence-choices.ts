import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerSchema } from '@/contract/crm/customers';
import { offeringSchema } from '@/contract/crm/offerings';
import { subscriptionSchema } from '@/contract/crm/subscriptions';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { ISSUED_LICENCES_KEY } from './get-issued-licences';

export interface Named {
  id: number;
  name: string;
}
export interface LicenceChoices {
  customers: Named[];
  offerings: (Named & { type: 'product' | 'service' })[];
  subscriptions: (Named & { customerId: number })[];
}

const page = { skip: 0, take: 1000 };

/**
 * What the Issue form chooses from: the organisation's offerings, its customers (the CRM's
 * customer directory: organisations it sold to; docs/org-portal.md) and their subscriptions.
 */
export async function getLicenceChoices(
  orgId: number,
  signal?: AbortSignal,
): Promise<LicenceChoices> {
  const [offerings, subscriptions, customers] = await Promise.all([
    crmApi.post<unknown>(`orgs/${orgId}/offerings/list`, page, { signal }),
    crmApi.post<unknown>(
      `orgs/${orgId}/issued-subscriptions/list`,
      { ...page, includeDisabled: false },
      { signal },
    ),
    crmApi.post<unknown>(`orgs/${orgId}/customers/list`, { ...page, sortBy: 'name' }, { signal }),
  ]);
  const subs = pagedResultsSchema(subscriptionSchema).parse(subscriptions).results;
  const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);
  return {
    customers: pagedResultsSchema(customerSchema)
      .parse(customers)
      .results.map((c) => ({ id: c.id, name: c.name })),
    offerings: pagedResultsSchema(offeringSchema)
      .parse(offerings)
      .results.map((o) => ({ id: o.id, name: o.name, type: o.type }))
      .sort(byName),
    subscriptions: subs
      .filter((s) => !s.isDisabled)
      .map((s) => ({ id: s.id, name: s.name, customerId: s.subscriberOrg.id }))
      .sort(byName),
  };
}

export const licenceChoicesQueryOptions = (orgId: number | null) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: orgQueryKey(orgId, ISSUED_LICENCES_KEY, 'choices'),
    queryFn: ({ signal }) => getLicenceChoices(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useLicenceChoices() {
  return useQuery(licenceChoicesQueryOptions(useSelectedOrgId()));
}
