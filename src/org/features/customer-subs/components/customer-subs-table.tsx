import type { Subscription } from '@/contract/crm/subscriptions';
import { ActionDisplay, ActionKind, DataTable, type RowAction } from '@/core/data-table';
import { useOrgId } from '@/core/org';
import {
  customerSubscriptionsQueryOptions,
  customerSubscriptionsSource,
} from '@/org/entities/subscriptions/issued';
import { subscriptionColumnSettings } from '@/org/entities/subscriptions/columns';

// Issue 16: the forms load when a button that opens one is hovered, focused or clicked.
const subscriptionForm = lazyModule(() => import('./subscription-form'));
const disableForm = lazyModule(() => import('./disable-subscription-modal'));
const SubscriptionFormModal = subscriptionForm.component('SubscriptionFormModal');
const DisableSubscriptionModal = disableForm.component('DisableSubscriptionModal');
const preloadSubscriptionForms = () =>
  Promise.all([subscriptionForm.preload(), disableForm.preload()]);
import { lazyModule } from '@/core/lazy';

export const customerSubsColumns = subscriptionColumnSettings({
  entity: 'Customer Subs',
  ownColumn: { id: 'offering.name', title: 'Offering' },
  csvAfterCustomer: (row) => ({ Offering: row.offering.name }),
  csvBeforeStatus: (row) => ({ Features: row.includedFeatures.map((f) => f.name).join('; ') }),
});

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
      preloadModal={preloadSubscriptionForms}
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
