import type { Subscription } from '@/contract/crm/subscriptions';
import { ColumnType, type ColumnSetting, type ColumnSettings } from '@/core/data-table';
import { formatDate, formatSeats, SEATS_USED_ALLOWED } from '@/core/format';
import { subscriptionStatus } from './status';

/** A CSV row's fields, in the order they are written. */
type CsvFields = Record<string, unknown>;

export interface SubscriptionColumnsOptions {
  /** The table's heading and the CSV file's name. */
  entity: string;
  /** The list's own column, between the customer and the end date. */
  ownColumn: ColumnSetting<Subscription>;
  /** The list's own CSV fields after the customer. */
  csvAfterCustomer?: (row: Subscription) => CsvFields;
  /** The list's own CSV fields before the status. */
  csvBeforeStatus?: (row: Subscription) => CsvFields;
}

/**
 * The columns of a list of subscriptions sold to customers (Customer Subs, an offering's
 * subscriptions): the subscription (a link to its details), the customer, the list's own
 * column, the end date, the seats and the status; the CSV adds the id, the start date and the
 * seats apart.
 */
export function subscriptionColumnSettings({
  entity,
  ownColumn,
  csvAfterCustomer,
  csvBeforeStatus,
}: SubscriptionColumnsOptions): ColumnSettings<Subscription> {
  return {
    entity,
    columns: [
      {
        id: 'name',
        title: 'Subscription',
        type: ColumnType.URL,
        linkFormat: '/issued-subscriptions/{id}',
      },
      { id: 'subscriberOrg.name', title: 'Customer' },
      ownColumn,
      { id: 'endDate', title: 'End', type: ColumnType.EXPIRED_DATE, width: '7rem' },
      {
        id: 'seats',
        title: SEATS_USED_ALLOWED,
        // Issue 17: sorted and filtered by the seats in use (the server's 'seats'), shown of all.
        type: ColumnType.NUMBER,
        accessor: (row) => row.seatsUsed,
        displayText: (row) => formatSeats(row.seatsUsed, row.seatsAllowed),
        width: '6rem',
      },
      { id: 'status', title: 'Status', accessor: subscriptionStatus, width: '6rem' },
    ],
    sortIndex: 0,
    csvMapperFn: (row) => ({
      Id: row.id,
      Subscription: row.name,
      Customer: row.subscriberOrg.name,
      ...csvAfterCustomer?.(row),
      Start: formatDate(row.startDate),
      End: formatDate(row.endDate),
      'Seats used': row.seatsUsed,
      'Seats allowed': row.seatsAllowed,
      ...csvBeforeStatus?.(row),
      Status: subscriptionStatus(row),
    }),
  };
}
