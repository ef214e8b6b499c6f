import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionDetailSchema, type SubscriptionDetail } from '@/contract/crm/subscriptions';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { CUSTOMER_SUBS_KEY } from './get-customer-subs';

/** GET orgs/{orgId}/issued-subscriptions/{id}: with its attachments and licences. */
export async function getSubscription(
  orgId: number,
  id: number,
  signal?: AbortSignal,
): Promise<SubscriptionDetail> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/issued-subscriptions/${id}`, undefined, {
    signal,
  });
  return subscriptionDetailSchema.parse(data);
}

export const subscriptionQueryOptions = (orgId: number | null, id: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: orgQueryKey(orgId, CUSTOMER_SUBS_KEY, 'detail', id),
    queryFn: ({ signal }) => getSubscription(orgId ?? 0, id, signal),
    enabled: orgId !== null && Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useSubscription(id: number) {
  return useQuery(subscriptionQueryOptions(useSelectedOrgId(), id));
}
