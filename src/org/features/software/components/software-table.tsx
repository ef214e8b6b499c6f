import type { Subscription } from '@/contract/crm/subscriptions';
import { ColumnType, DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDate, formatSeats, SEATS_USED_ALLOWED } from '@/core/format';
import { useOrgId } from '@/core/org';
import {
  mySubscriptionsQueryOptions,
  mySubscriptionsSource,
} from '@/org/entities/subscriptions/held';
import { subscriptionStatus } from '@/org/entities/subscriptions/status';

export const softwareColumnSettings: ColumnSettings<Subscription> = {
  entity: 'Software',
  columns: [
    {
      id: 'name',
      title: 'Subscription',
      type: ColumnType.URL,
      linkFormat: '/my-subscriptions/{id}',
    },
    // The type and start date are on the subscription's page and in the CSV: the table stays
    // within a laptop screen.
    {
      id: 'offering.name',
      title: 'Offering',
      accessor: (row) => `${row.offering.name} (${row.offering.type})`,
    },
    { id: 'orgName', title: 'Vendor' },
    {
      id: 'seats',
      title: SEATS_USED_ALLOWED,
      // Issue 17: sorted and filtered by the seats in use (the server's 'seats'), shown of all.
      type: ColumnType.NUMBER,
      accessor: (row) => row.seatsUsed,
      displayText: (row) => formatSeats(row.seatsUsed, row.seatsAllowed),
    },
    { id: 'status', title: 'Status', accessor: subscriptionStatus },
    { id: 'endDate', title: 'End', type: ColumnType.EXPIRED_DATE },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Subscription: row.name,
    Offering: row.offering.name,
    Type: row.offering.type,
    Vendor: row.orgName,
    'Seats used': row.seatsUsed,
    'Seats allowed': row.seatsAllowed,
    Status: subscriptionStatus(row),
    Start: formatDate(row.startDate),
    End: formatDate(row.endDate),
  }),
};

/** The organisation's own software subscriptions; each opens its service licences. */
export function SoftwareTable() {
  const orgId = useOrgId();
  return (
    <DataTable<Subscription>
      columnSettings={softwareColumnSettings}
      title="Subscriptions"
      query={mySubscriptionsQueryOptions(orgId)}
      source={mySubscriptionsSource(orgId)}
    />
  );
}
