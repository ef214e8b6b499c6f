import type { Subscription } from '@/contract/crm/subscriptions';
import { ColumnType, DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDate, formatSeats, SEATS_USED_ALLOWED } from '@/core/format';
import { useOrgId } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import {
  offeringSubscriptionsQueryOptions,
  offeringSubscriptionsSource,
} from '@/org/entities/subscriptions/issued';
import { subscriptionStatus } from '@/org/entities/subscriptions/status';

const columnSettings: ColumnSettings<Subscription> = {
  entity: 'Offering Subscriptions',
  columns: [
    {
      id: 'name',
      title: 'Subscription',
      type: ColumnType.URL,
      linkFormat: '/issued-subscriptions/{id}',
    },
    { id: 'subscriberOrg.name', title: 'Customer' },
    { id: 'startDate', title: 'Start', type: ColumnType.DATE, width: '7rem' },
    { id: 'endDate', title: 'End', type: ColumnType.EXPIRED_DATE, width: '7rem' },
    {
      id: 'seats',
      title: SEATS_USED_ALLOWED,
      accessor: (row) => formatSeats(row.seatsUsed, row.seatsAllowed),
      width: '6rem',
    },
    { id: 'status', title: 'Status', accessor: subscriptionStatus, width: '6rem' },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Id: row.id,
    Subscription: row.name,
    Customer: row.subscriberOrg.name,
    Start: formatDate(row.startDate),
    End: formatDate(row.endDate),
    'Seats used': row.seatsUsed,
    'Seats allowed': row.seatsAllowed,
    Status: subscriptionStatus(row),
  }),
};

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
      columnSettings={columnSettings}
      title="Subscriptions that include it"
      query={offeringSubscriptionsQueryOptions(orgId, offeringId)}
      source={offeringSubscriptionsSource(orgId, offeringId)}
      selectable={false}
      getRowId={(row) => String(row.id)}
    />
  );
}
