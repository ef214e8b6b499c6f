import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@/contract/crm/subscriptions';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { OFFERINGS_KEY } from './get-offerings';

const listSchema = pagedResultsSchema(subscriptionSchema);

/**
 * The customer subscriptions that include an offering. The CRM has no per-offering list, so this
 * reads POST orgs/{orgId}/issued-subscriptions/list and keeps that offering's rows
 * (docs/org-portal.md; a server-side filter is requested).
 */
export async function getOfferingSubscriptions(
  orgId: number,
  offeringId: number,
  signal?: AbortSignal,
): Promise<Subscription[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/issued-subscriptions/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return listSchema.parse(data).results.filter((s) => s.offering.id === offeringId);
}

export const offeringSubscriptionsQueryOptions = (
  orgId: number | null,
  offeringId: number,
  enabled = true,
) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: orgQueryKey(orgId, OFFERINGS_KEY, 'subscriptions', offeringId),
    queryFn: ({ signal }) => getOfferingSubscriptions(orgId ?? 0, offeringId, signal),
    enabled: enabled && orgId !== null && offeringId > 0,
  });

export function useOfferingSubscriptions(offeringId: number, enabled: boolean) {
  return useQuery(offeringSubscriptionsQueryOptions(useSelectedOrgId(), offeringId, enabled));
}
