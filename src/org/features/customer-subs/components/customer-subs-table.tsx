import type { Subscription } from '@/contract/crm/subscriptions';
import { formatDate, formatSeats, SEATS_USED_ALLOWED } from '@/core/format';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { useOrgId } from '@/core/org';
import {
  customerSubscriptionsQueryOptions,
  customerSubscriptionsSource,
} from '@/org/entities/subscriptions/issued';
import { subscriptionStatus } from '@/org/entities/subscriptions/status';
import { DisableSubscriptionModal } from './disable-subscription-modal';
import { SubscriptionFormModal } from './subscription-form';

export const customerSubsColumns: ColumnSettings<Subscription> = {
  entity: 'Customer Subs',
  columns: [
    {
      id: 'name',
      title: 'Subscription',
      type: ColumnType.URL,
      linkFormat: '/issued-subscriptions/{id}',
    },
    { id: 'subscriberOrg.name', title: 'Customer' },
    { id: 'offering.name', title: 'Offering' },
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
    Offering: row.offering.name,
    Start: formatDate(row.startDate),
    End: formatDate(row.endDate),
    'Seats used': row.seatsUsed,
    'Seats allowed': row.seatsAllowed,
    Features: row.includedFeatures.map((f) => f.name).join('; '),
    Status: subscriptionStatus(row),
  }),
};

export const customerSubsActions: RowAction<Subscription>[] = [
  {
    action: ActionKind.MULTI_CREATE,
    buttonTitle: 'New subscriptions for one or several customers',
    buttonText: 'New subscriptions',
    display: ActionDisplay.BUTTON,
    permissions: 'customerSubs.write',
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
    permissions: 'customerSubs.write',
    isVisibleFn: (row) => row?.isDisabled !== true,
  },
  {
    action: ActionKind.DISABLE,
    buttonTitle: 'Disable',
    buttonText: 'Disable',
    display: ActionDisplay.INLINE,
    permissions: 'customerSubs.write',
    isVisibleFn: (row) => row?.isDisabled !== true,
  },
];

export function CustomerSubsTable() {
  const orgId = useOrgId();
  return (
    <DataTable<Subscription>
      columnSettings={customerSubsColumns}
      title="Subscriptions sold to customers"
      query={customerSubscriptionsQueryOptions(orgId)}
      source={customerSubscriptionsSource(orgId)}
      actions={customerSubsActions}
      getRowId={(row) => String(row.id)}
      renderModal={({ action, row, close }) => {
        if (action === ActionKind.DISABLE && row) {
          return <DisableSubscriptionModal subscription={row} onClose={close} />;
        }
        return (
          <SubscriptionFormModal
            mode={action === ActionKind.EDIT ? 'edit' : 'create'}
            subscription={action === ActionKind.EDIT ? row : null}
            onClose={close}
          />
        );
      }}
    />
  );
}
