import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { siteSubscriptionSchema, type SiteSubscription } from '@/contract/data/sites';
import { dataApi } from '@/core/api';
import { orgQueryKey, queryPresets } from '@/core/query';
import { SITE_SUBSCRIPTIONS_KEY } from './keys';

/** GET orgs/{orgId}/site-subscriptions: the subscriptions a site of the organisation may use. */
export async function getSiteSubscriptions(
  orgId: number,
  signal?: AbortSignal,
): Promise<SiteSubscription[]> {
  const data = await dataApi.get<unknown>(`orgs/${orgId}/site-subscriptions`, undefined, {
    signal,
  });
  return z.array(siteSubscriptionSchema).parse(data);
}

export const siteSubscriptionsQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: orgQueryKey(orgId, SITE_SUBSCRIPTIONS_KEY),
    queryFn: ({ signal }) => getSiteSubscriptions(orgId, signal),
  });

export const useSiteSubscriptions = (orgId: number) =>
  useQuery(siteSubscriptionsQueryOptions(orgId));
