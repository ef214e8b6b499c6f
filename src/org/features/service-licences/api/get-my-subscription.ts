import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionDetailSchema, type SubscriptionDetail } from '@/contract/crm/subscriptions';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey } from '@/core/query';

/** Same leading key as the Software list: a change here refreshes both. */
export const MY_SUBSCRIPTIONS_KEY = 'my-subscriptions';

/** GET orgs/{orgId}/my-subscriptions/{id}: the subscription with its licences. */
export async function getMySubscription(
  orgId: number,
  id: number,
  signal?: AbortSignal,
): Promise<SubscriptionDetail> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/my-subscriptions/${id}`, undefined, {
    signal,
  });
  return subscriptionDetailSchema.parse(data);
}

export const mySubscriptionQueryOptions = (orgId: number | null, id: number) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, MY_SUBSCRIPTIONS_KEY, 'detail', id),
    queryFn: ({ signal }) => getMySubscription(orgId ?? 0, id, signal),
    enabled: orgId !== null && Number.isInteger(id) && id > 0,
  });

export function useMySubscription(id: number) {
  return useQuery(mySubscriptionQueryOptions(useSelectedOrgId(), id));
}
