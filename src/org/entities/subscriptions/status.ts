import type { Subscription } from '@/contract/crm/subscriptions';
import { today } from '@/core/format';

/** Disabled by the vendor, Ended (past its end date), or Active. */
export function subscriptionStatus(row: Pick<Subscription, 'isDisabled' | 'endDate'>) {
  if (row.isDisabled) return 'Disabled';
  return row.endDate !== null && row.endDate < today() ? 'Ended' : 'Active';
}
