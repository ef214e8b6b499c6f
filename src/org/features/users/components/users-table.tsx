import { useMemo } from 'react';
import type { MemberFlags, OrgUser } from '@/contract/crm/users';
import {
  ActionDisplay,
  ActionKind,
  DataTable,
  type ColumnSettings,
  type RowAction,
  type BulkActionSetting,
} from '@/core/data-table';
import { formatDate, formatUser, formatUserName, pluralise } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { useCanAccess } from '@/core/permissions';
import { flagToggleColumns, submitMember } from '@/core/members';
import { useOrgId } from '@/core/org';
import { orgUsersQueryOptions, orgUsersSource } from '@/org/entities/org-users/api';
import {
  useInviteUser,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateMember,
} from '@/org/entities/org-users/mutations';
import { flagsOf, memberFlags } from './member-flags';
import { lazyModule } from '@/core/lazy';
import { ConfirmModal, preloadDialogs } from '@/core/ui/lazy-dialogs';

// Issue 16: the dialogs load when a button that opens one is hovered, focused or clicked.
const memberForm = lazyModule(() => import('./member-form'));
const MemberModal = memberForm.component('MemberModal');
const preloadModals = () => Promise.all([memberForm.preload(), preloadDialogs()]);

/** Issue 16: resend the selected or every matching invitation, in one request. */
const USERS_BULK: BulkActionSetting[] = [
  {
    id: 'resend-invitation',
    label: 'Resend invitations',
    permissions: 'orgUsers.write',
    confirmText: (count, isEstimate) =>
      `Send ${isEstimate ? 'about ' : ''}${pluralise(count, 'invitation')} again? Each gets a new link and its older link stops working. A member who has already accepted is refused.`,
  },
];

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
    buttonTitle: 'Remove from organization',
    buttonText: 'Remove',
    display: ActionDisplay.INLINE,
    permissions: 'orgUsers.remove',
    isVisibleFn: (row) => row !== null && !isInvited(row) && !row.isOrgOwner,
  },
];

function buildColumnSettings(
  onToggle: ((row: OrgUser, flag: keyof MemberFlags, on: boolean) => void) | null,
  canGrantAdmin: boolean,
): ColumnSettings<OrgUser> {
  const flagColumns = flagToggleColumns(
    memberFlags,
    onToggle,
    (flag) => flag !== 'isOrgAdmin' || canGrantAdmin,
  );
  return {
    entity: 'Users',
    columns: [
      // SPEC §3 user display, split in its two parts (issue 17: the email shows once, in its own
      // column): the name, or 'Pending user activation' before the first sign-in.
      { id: 'user', title: 'Name', accessor: (row) => formatUserName(row) },
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
      ...Object.fromEntries(
        memberFlags.names.map((f) => [memberFlags.labels[f], row[f] ? 'Yes' : 'No']),
      ),
      Invited: formatDate(row.invitedAt),
    }),
  };
}

/** The organisation's members and pending invitations (SPEC §2 /users). */
export function UsersTable() {
  const canManage = useCanAccess('orgUsers.write');
  const isOrgAdmin = useCanAccess('orgUsers.remove');
  const invite = useInviteUser();
  const update = useUpdateMember();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const orgId = useOrgId();

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
      query={orgUsersQueryOptions(orgId)}
      source={orgUsersSource(orgId)}
      bulkActions={USERS_BULK}
      actions={actions}
      preloadModal={preloadModals}
      renderModal={({ action, row, close }) => {
        if (action === ActionKind.CREATE || action === ActionKind.EDIT) {
          const mode = action === ActionKind.CREATE ? 'invite' : 'edit';
          return (
            <MemberModal
              mode={mode}
              user={mode === 'edit' ? row : null}
              canGrantAdmin={isOrgAdmin}
              onClose={close}
              onSubmit={async (values: FormValues) => {
                await submitMember(memberFlags, values, mode === 'edit' ? row : null, {
                  add: invite.mutateAsync,
                  update: update.mutateAsync,
                });
                close();
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
              onConfirm={() => revoke.mutateAsync(row)}
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
              title="Remove from organization"
              confirmLabel="Remove"
              onClose={close}
              onConfirm={() => remove.mutateAsync(row)}
            >
              <p className="mb-0">
                Remove <strong>{formatUser(row)}</strong> from the organization? They lose access to
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
