import { subscriptionSchema, type Subscription } from '@/contract/crm/subscriptions';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';

/** Every query of this feature starts with it: invalidate ['customer-subs'] after a change. */
export const CUSTOMER_SUBS_KEY = 'customer-subs';
export const customerSubsTableKey = [CUSTOMER_SUBS_KEY, 'table'] as const;

const listSchema = pagedResultsSchema(subscriptionSchema);

/** POST orgs/{orgId}/issued-subscriptions/list: subscriptions sold to customers, disabled included. */
export async function getCustomerSubs(
  orgId: number,
  signal?: AbortSignal,
): Promise<Subscription[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/issued-subscriptions/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return listSchema.parse(data).results;
}
