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
import { Modal } from '@/core/ui/modal';
import { useAssignLicence } from '../api/assign-licence';
import { AssignModal } from './assign-modal';

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
  const assign = useAssignLicence();
  return (
    <DataTable<Licence>
      columnSettings={columnSettings}
      rows={subscription.licences}
      actions={actions}
      renderModal={({ action, initialData, close }) => {
        const licence = (Array.isArray(initialData) ? initialData[0] : initialData) as
          Licence | undefined;
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
          <Modal
            open
            onClose={close}
            title="Unassign licence"
            footer={
              <>
                <button type="button" className="btn btn-outline-secondary" onClick={close}>
                  Cancel
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={assign.isPending}
                  onClick={() => {
                    assign
                      .mutateAsync({
                        subscriptionId: subscription.id,
                        licenceId: licence.id,
                        userId: null,
                      })
                      .then(close)
                      .catch((e: unknown) => console.error(e));
                  }}
                >
                  Unassign
                </button>
              </>
            }
          >
            <p className="mb-0">
              Take the {licence.product.name} licence from{' '}
              <strong>{formatUser(licence.assignedUser)}</strong>? The seat becomes free.
            </p>
          </Modal>
        );
      }}
    />
  );
}
