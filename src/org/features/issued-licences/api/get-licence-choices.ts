import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringSchema } from '@/contract/crm/offerings';
import { subscriptionSchema } from '@/contract/crm/subscriptions';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { ISSUED_LICENCES_KEY, getIssuedLicences } from './get-issued-licences';

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
 * What the Issue form chooses from: the organisation's offerings, its customers and their
 * subscriptions. The CRM has no customer directory for a vendor, so customers are the
 * organisations it already sold to (subscriptions and licences); docs/org-portal.md.
 */
export async function getLicenceChoices(
  orgId: number,
  signal?: AbortSignal,
): Promise<LicenceChoices> {
  const [offerings, subscriptions, licences] = await Promise.all([
    crmApi.post<unknown>(`orgs/${orgId}/offerings/list`, page, { signal }),
    crmApi.post<unknown>(`orgs/${orgId}/issued-subscriptions/list`, page, { signal }),
    getIssuedLicences(orgId, signal),
  ]);
  const subs = pagedResultsSchema(subscriptionSchema).parse(subscriptions).results;
  const customers = new Map<number, string>();
  for (const s of subs) customers.set(s.subscriberOrg.id, s.subscriberOrg.name);
  for (const l of licences) customers.set(l.customerOrg.id, l.customerOrg.name);
  // A vendor's licences to itself (internal use) do not make it a customer.
  customers.delete(orgId);
  const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);
  return {
    customers: [...customers].map(([id, name]) => ({ id, name })).sort(byName),
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
