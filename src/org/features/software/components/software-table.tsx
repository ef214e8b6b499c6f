import type { Subscription } from '@/contract/crm/subscriptions';
import { ColumnType, DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDate } from '@/core/format';
import { getMySubscriptions, MY_SUBSCRIPTIONS_KEY } from '../api/get-my-subscriptions';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** Disabled by the vendor, Ended (past its end date), or Active. */
const statusOf = (row: Subscription) =>
  row.isDisabled ? 'Disabled' : row.endDate !== null && row.endDate < today() ? 'Ended' : 'Active';

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
      title: 'Seats used',
      accessor: (row) => `${row.seatsUsed} of ${row.seatsAllowed}`,
    },
    { id: 'status', title: 'Status', accessor: statusOf },
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
    Status: statusOf(row),
    Start: formatDate(row.startDate),
    End: formatDate(row.endDate),
  }),
};

/** The organisation's own software subscriptions; each opens its service licences. */
export function SoftwareTable() {
  return (
    <DataTable<Subscription>
      columnSettings={softwareColumnSettings}
      title="Subscriptions"
      queryKey={[MY_SUBSCRIPTIONS_KEY, 'table']}
      fetchData={async ({ orgId, signal }) =>
        orgId === null ? null : getMySubscriptions(orgId, signal)
      }
    />
  );
}
