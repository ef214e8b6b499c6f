import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringSchema, type Offering } from '@/contract/crm/offerings';
import { licenceSchema } from '@/contract/crm/licences';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { CUSTOMER_SUBS_KEY, getCustomerSubs } from './get-customer-subs';

export interface SubscriptionChoices {
  customers: { id: number; name: string }[];
  offerings: Offering[];
}

const page = { skip: 0, take: 1000 };

/**
 * What the subscription form chooses from: the organisation's offerings (with their features)
 * and its customers. The CRM has no customer directory for a vendor, so customers are the
 * organisations it already sold to (subscriptions and issued licences); docs/org-portal.md.
 */
export async function getSubscriptionChoices(
  orgId: number,
  signal?: AbortSignal,
): Promise<SubscriptionChoices> {
  const [offerings, subs, licences] = await Promise.all([
    crmApi.post<unknown>(`orgs/${orgId}/offerings/list`, page, { signal }),
    getCustomerSubs(orgId, signal),
    crmApi
      .post<unknown>(`orgs/${orgId}/issued-licences/list`, page, {
        signal,
        handleErrorManually: true,
      })
      .then((r) => (r.inError ? [] : pagedResultsSchema(licenceSchema).parse(r.data).results)),
  ]);
  const customers = new Map<number, string>();
  for (const s of subs) customers.set(s.subscriberOrg.id, s.subscriberOrg.name);
  for (const l of licences) customers.set(l.customerOrg.id, l.customerOrg.name);
  // A vendor's licences to itself (internal use) do not make it a customer.
  customers.delete(orgId);
  return {
    customers: [...customers]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
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
