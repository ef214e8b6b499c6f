import type { Subscription } from '@/contract/crm/subscriptions';
import { ColumnType, DataTable } from '@/core/data-table';
import { useOrgId } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import {
  offeringSubscriptionsQueryOptions,
  offeringSubscriptionsSource,
} from '@/org/entities/subscriptions/issued';
import { subscriptionColumnSettings } from '@/org/entities/subscriptions/columns';

// Issue 17: the columns of Customer Subs, with the start date in place of the offering (the
// offering is this page's).
export const offeringSubscriptionColumns = subscriptionColumnSettings({
  entity: 'Offering Subscriptions',
  ownColumn: { id: 'startDate', title: 'Start', type: ColumnType.DATE, width: '7rem' },
});

/**
 * The customer subscriptions that include this offering (only for those who may see them), in
 * the data table like every list (issue 17): the server keeps the offering's rows (`offeringId`),
 * and pages them itself when there are more than the browser holds.
 */
export function OfferingSubscriptions({ offeringId }: { offeringId: number }) {
  const allowed = useCanAccess('customerSubs.read');
  const orgId = useOrgId();
  if (!allowed) return null;
  return (
    <DataTable<Subscription>
      columnSettings={offeringSubscriptionColumns}
      title="Subscriptions that include it"
      query={offeringSubscriptionsQueryOptions(orgId, offeringId)}
      source={offeringSubscriptionsSource(orgId, offeringId)}
      selectable={false}
      getRowId={(row) => String(row.id)}
    />
  );
}
