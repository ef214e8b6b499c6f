import type { Licence } from '@/contract/crm/licences';
import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDate, formatUser } from '@/core/format';
import { useOrgId } from '@/core/org';
import {
  heldSubscriptionLicencesQueryOptions,
  heldSubscriptionLicencesSource,
} from '@/org/entities/licences/held';
import { licenceKeys } from '@/org/entities/licences/keys';
import { useAssignLicence } from '@/org/entities/subscriptions/held';
import { lazyModule } from '@/core/lazy';
import { ConfirmModal, preloadDialogs } from '@/core/ui/lazy-dialogs';

// Issue 16: the dialogs load when a button that opens one is hovered, focused or clicked.
const assignForm = lazyModule(() => import('./assign-modal'));
const AssignModal = assignForm.component('AssignModal');
const preloadModals = () => Promise.all([assignForm.preload(), preloadDialogs()]);

const columnSettings: ColumnSettings<Licence> = {
  entity: 'Service Licences',
  columns: [
    { id: 'id', title: 'Licence #', type: ColumnType.NUMBER },
    { id: 'product.name', title: 'Product' },
    { id: 'state.name', title: 'State' },
    { id: 'seats', title: 'Seats', type: ColumnType.NUMBER },
    { id: 'assignedUser', title: 'Assigned to', type: ColumnType.USER },
    { id: 'expiry', title: 'Expiry', type: ColumnType.EXPIRED_DATE },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Id: row.id,
    Product: row.product.name,
    State: row.state.name,
    Seats: row.seats,
    'Assigned to': formatUser(row.assignedUser),
    Expiry: formatDate(row.expiry),
  }),
};

const actions: RowAction<Licence>[] = [
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Assign user',
    buttonText: 'Assign',
    display: ActionDisplay.INLINE,
  },
  {
    action: ActionKind.DELETE,
    buttonTitle: 'Unassign user',
    buttonText: 'Unassign',
    display: ActionDisplay.INLINE,
    isVisibleFn: (row) => row?.assignedUser != null,
  },
];

/** The licences inside one software subscription; assign and unassign people. */
export function ServiceLicencesTable({ subscription }: { subscription: SubscriptionDetail }) {
  const orgId = useOrgId();
  const assign = useAssignLicence(licenceKeys.held);
  return (
    // Issue 16: the subscription's licences from the list endpoint (any number, the true total),
    // paged on the server when they do not fit in the browser.
    <DataTable<Licence>
      columnSettings={columnSettings}
      query={heldSubscriptionLicencesQueryOptions(orgId, subscription.id)}
      source={heldSubscriptionLicencesSource(orgId, subscription.id)}
      getRowId={(row) => String(row.id)}
      actions={actions}
      preloadModal={preloadModals}
      renderModal={({ action, row: licence, close }) => {
        if (!licence) return null;
        if (action === ActionKind.EDIT) {
          return (
            <AssignModal
              licence={licence}
              onClose={close}
              onAssign={async (userId, userLabel) => {
                await assign.mutateAsync({
                  subscriptionId: subscription.id,
                  licenceId: licence.id,
                  userId,
                  userLabel,
                });
                close();
              }}
            />
          );
        }
        return (
          <ConfirmModal
            title="Unassign licence"
            confirmLabel="Unassign"
            onClose={close}
            onConfirm={() =>
              assign.mutateAsync({
                subscriptionId: subscription.id,
                licenceId: licence.id,
                userId: null,
              })
            }
          >
            <p className="mb-0">
              Take the {licence.product.name} licence from{' '}
              <strong>{formatUser(licence.assignedUser)}</strong>? The seat becomes free.
            </p>
          </ConfirmModal>
        );
      }}
    />
  );
}
