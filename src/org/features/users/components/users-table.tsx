import { useMemo, useState } from 'react';
import type { OrgUser } from '@/contract/crm/users';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  useDataTableContext,
  type ColumnSetting,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDate, formatUser } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { useCanAccess } from '@/core/permissions';
import { getOrgUsers, ORG_USERS_KEY } from '../api/get-org-users';
import { useInviteUser } from '../api/invite-user';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useUpdateMember } from '../api/update-member';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { FLAG_LABELS, FLAG_NAMES, flagsOf, MemberModal } from './member-form';

/** Short headings keep the table within a laptop screen; the switches are named by them. */
const FLAG_COLUMN_TITLES: Record<keyof typeof FLAG_LABELS, string> = {
  isOrgAdmin: 'Org admin',
  isBusinessManager: 'Business mgr',
  isSubManager: 'Sub mgr',
  isDeveloper: 'Developer',
  isTechSupport: 'Tech support',
};

const isInvited = (row: OrgUser | null) => row?.status === 'Invited';
const statusOf = (row: OrgUser) =>
  isInvited(row) ? 'Invited' : row.isOrgOwner ? 'Owner' : 'Active';

const actions: RowAction<OrgUser>[] = [
  {
    action: ActionKind.CREATE,
    buttonTitle: 'Invite a user',
    buttonText: 'Invite user',
    display: ActionDisplay.BUTTON,
    permissions: 'orgUsers.write',
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit permissions',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
    permissions: 'orgUsers.write',
  },
  {
    action: ActionKind.DISABLE,
    buttonTitle: 'Revoke invitation',
    buttonText: 'Revoke',
    display: ActionDisplay.INLINE,
    permissions: 'orgUsers.write',
    isVisibleFn: (row) => isInvited(row),
  },
  {
    action: ActionKind.DELETE,
    buttonTitle: 'Remove from organisation',
    buttonText: 'Remove',
    display: ActionDisplay.INLINE,
    permissions: 'orgUsers.remove',
    isVisibleFn: (row) => row !== null && !isInvited(row) && !row.isOrgOwner,
  },
];

function buildColumnSettings(
  onToggle: ((row: OrgUser, flag: keyof typeof FLAG_LABELS, on: boolean) => void) | null,
  canGrantAdmin: boolean,
): ColumnSettings<OrgUser> {
  const flagColumns: ColumnSetting<OrgUser>[] = FLAG_NAMES.map((flag) => ({
    id: flag,
    title: FLAG_COLUMN_TITLES[flag],
    type: ColumnType.TOGGLE_SWITCH,
    ...(onToggle && (flag !== 'isOrgAdmin' || canGrantAdmin)
      ? { onToggle: (row: OrgUser, on: boolean) => onToggle(row, flag, on) }
      : {}),
  }));
  return {
    entity: 'Users',
    columns: [
      // SPEC §3: 'First Last <email>', or 'Pending user activation' before the first sign-in.
      { id: 'user', title: 'User', type: ColumnType.USER, accessor: (row) => row },
      { id: 'email', title: 'Email' },
      // The owner is a member whose flags include everything; saying so here saves a column.
      { id: 'status', title: 'Status', accessor: statusOf },
      ...flagColumns,
    ],
    sortIndex: 1,
    csvMapperFn: (row) => ({
      User: formatUser(row),
      Email: row.email,
      Status: statusOf(row),
      Owner: row.isOrgOwner ? 'Yes' : 'No',
      ...Object.fromEntries(FLAG_NAMES.map((f) => [FLAG_LABELS[f], row[f] ? 'Yes' : 'No'])),
      Invited: formatDate(row.invitedAt),
    }),
  };
}

/**
 * Resends the invitations of the selected rows (one or several): a ribbon button, so that the
 * rows stay narrow; it is enabled when every selected row is a pending invitation.
 */
function ResendButton({ resend }: { resend: (row: OrgUser) => Promise<unknown> }) {
  const { selectedRows } = useDataTableContext();
  const rows = selectedRows as OrgUser[];
  const [busy, setBusy] = useState(false);
  const enabled = rows.length > 0 && rows.every((r) => isInvited(r));
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary"
      disabled={!enabled || busy}
      title="Select one or more pending invitations to send them again"
      onClick={() => {
        setBusy(true);
        Promise.all(rows.map((r) => resend(r)))
          .catch((e: unknown) => console.error(e))
          .finally(() => setBusy(false));
      }}
    >
      Resend invitation{rows.length > 1 && enabled ? `s (${rows.length})` : ''}
    </button>
  );
}

/** The organisation's members and pending invitations (SPEC §2 /users). */
export function UsersTable() {
  const canManage = useCanAccess('orgUsers.write');
  const isOrgAdmin = useCanAccess('orgUsers.remove');
  const invite = useInviteUser();
  const update = useUpdateMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const [saved, setSaved] = useState<number | null>(null);

  const { mutate: updateFlags } = update;
  const columnSettings = useMemo(
    () =>
      buildColumnSettings(
        canManage
          ? (row, flag, on) =>
              updateFlags({ id: row.id, email: row.email, flags: { ...flagsOf(row), [flag]: on } })
          : null,
        isOrgAdmin,
      ),
    [canManage, isOrgAdmin, updateFlags],
  );

  return (
    <DataTable<OrgUser>
      columnSettings={columnSettings}
      title="Members and invitations"
      queryKey={[ORG_USERS_KEY, 'table']}
      fetchData={async ({ orgId, signal }) => (orgId === null ? null : getOrgUsers(orgId, signal))}
      actions={actions}
      ribbon={canManage ? <ResendButton resend={(row) => resend.mutateAsync(row)} /> : null}
      refreshTrigger={saved}
      renderModal={({ action, initialData, close }) => {
        const row = (Array.isArray(initialData) ? initialData[0] : initialData) as OrgUser | null;
        const done = () => {
          setSaved(Date.now());
          close();
        };
        if (action === ActionKind.CREATE || action === ActionKind.EDIT) {
          const mode = action === ActionKind.CREATE ? 'invite' : 'edit';
          return (
            <MemberModal
              mode={mode}
              user={mode === 'edit' ? row : null}
              canGrantAdmin={isOrgAdmin}
              onClose={close}
              onSubmit={async (values: FormValues) => {
                if (mode === 'invite') {
                  await invite.mutateAsync({
                    email: String(values.email ?? ''),
                    ...flagsOf(values),
                  });
                } else if (row) {
                  await update.mutateAsync({
                    id: row.id,
                    email: row.email,
                    flags: flagsOf(values),
                  });
                }
                done();
              }}
            />
          );
        }
        if (!row) return null;
        if (action === ActionKind.DISABLE) {
          return (
            <ConfirmModal
              title="Revoke invitation"
              confirmLabel="Revoke invitation"
              onClose={close}
              onConfirm={async () => {
                await revoke.mutateAsync(row);
                setSaved(Date.now());
              }}
            >
              <p className="mb-0">
                Revoke the invitation of <strong>{row.email}</strong>? The link in their email will
                no longer work.
              </p>
            </ConfirmModal>
          );
        }
        if (action === ActionKind.DELETE) {
          return (
            <ConfirmModal
              title="Remove from organisation"
              confirmLabel="Remove"
              onClose={close}
              onConfirm={async () => {
                await remove.mutateAsync(row);
                setSaved(Date.now());
              }}
            >
              <p className="mb-0">
                Remove <strong>{formatUser(row)}</strong> from the organisation? They lose access to
                its pages, sites and licences.
              </p>
            </ConfirmModal>
          );
        }
        return null;
      }}
    />
  );
}
