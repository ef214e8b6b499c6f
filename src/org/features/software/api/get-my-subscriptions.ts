import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@/contract/crm/subscriptions';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey } from '@/core/query';

/** Leading query key of the organisation's own software subscriptions. */
export const MY_SUBSCRIPTIONS_KEY = 'my-subscriptions';

/** POST orgs/{orgId}/my-subscriptions/list: subscriptions the organisation holds. */
export async function getMySubscriptions(
  orgId: number,
  signal?: AbortSignal,
): Promise<Subscription[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/my-subscriptions/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return pagedResultsSchema(subscriptionSchema).parse(data).results;
}

export const mySubscriptionsQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, MY_SUBSCRIPTIONS_KEY, 'list'),
    queryFn: ({ signal }) => getMySubscriptions(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQueryOptions(useSelectedOrgId()));
}
