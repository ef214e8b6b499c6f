import { queryOptions } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@/contract/crm/subscriptions';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';

/** POST orgs/{orgId}/my-subscriptions/list: The organisation's own software subscriptions (the client pages for us). */
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

/** Same leading key as the list screen, so a change there refreshes the dashboard too. */
export const mySubscriptionsQueryOptions = (orgId: number | null, enabled: boolean) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, 'my-subscriptions', 'list'),
    queryFn: ({ signal }) => getMySubscriptions(orgId ?? 0, signal),
    enabled: enabled && orgId !== null,
  });
