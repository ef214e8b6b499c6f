import { useMemo } from 'react';
import type { SiteUser, SiteUserFlags } from '@/contract/data/site-users';
import {
  ActionDisplay,
  ActionKind,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatUser, formatUserName } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { notify } from '@/core/notify';
import { flagToggleColumns, submitMember } from '@/core/members';
import { useOrgContext, useSiteScope } from '@/core/org';
import {
  siteUsersQueryOptions,
  siteUsersSource,
  useAddSiteUser,
  useRemoveSiteUser,
  useUpdateSiteUser,
} from '@/site/entities/site-users/api';
import { flagsOf, siteUserFlags } from './site-user-flags';
import { lazyModule } from '@/core/lazy';
import { ConfirmModal, preloadDialogs } from '@/core/ui/lazy-dialogs';

// Issue 16: the dialogs load when a button that opens one is hovered, focused or clicked.
/** The status as the table shows it, and as the CSV writes it. */
const statusText = (row: SiteUser) => (row.status === 'pending' ? 'Pending' : 'Active');

const siteUserForm = lazyModule(() => import('./site-user-form'));
const SiteUserModal = siteUserForm.component('SiteUserModal');
const preloadModals = () => Promise.all([siteUserForm.preload(), preloadDialogs()]);

const actions: RowAction<SiteUser>[] = [
  {
    action: ActionKind.CREATE,
    buttonTitle: 'Add a user to the site',
    buttonText: 'Add user',
    display: ActionDisplay.BUTTON,
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit site permissions',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
  },
  {
    action: ActionKind.DELETE,
    buttonTitle: 'Remove from site',
    buttonText: 'Remove',
    display: ActionDisplay.INLINE,
  },
];

export function siteUserColumns(
  onToggle: (row: SiteUser, flag: keyof SiteUserFlags, on: boolean) => void,
): ColumnSettings<SiteUser> {
  return {
    entity: 'Site Users',
    columns: [
      // SPEC §3 user display, split in its two parts (issue 17: the email shows once, in its own
      // column): the name, or 'Pending user activation' before the first sign-in.
      { id: 'user', title: 'Name', accessor: (row) => formatUserName(row) },
      { id: 'email', title: 'Email' },
      {
        id: 'status',
        title: 'Status',
        accessor: statusText,
      },
      ...flagToggleColumns(siteUserFlags, onToggle),
    ],
    sortIndex: 1,
    csvMapperFn: (row) => ({
      User: formatUser(row),
      Email: row.email,
      Status: statusText(row),
      'Site admin': row.isSiteAdmin ? 'Yes' : 'No',
      'Site user': row.isSiteUser ? 'Yes' : 'No',
    }),
  };
}

/** The site's users: add (a member of the organisation), edit the flags, remove. */
export function SiteUsersTable() {
  const { site } = useOrgContext();
  const { orgId, siteId } = useSiteScope();
  const add = useAddSiteUser();
  const update = useUpdateSiteUser();
  const remove = useRemoveSiteUser();
  const { mutate: updateFlags } = update;
  const columnSettings = useMemo(
    () =>
      siteUserColumns((row, flag, on) => {
        const flags = { ...flagsOf(row), [flag]: on };
        // At least one flag stays on (the server's rule): switching the last one off is refused.
        if (!flags.isSiteAdmin && !flags.isSiteUser) {
          notify.warning('Choose site admin, site user or both');
          return;
        }
        updateFlags({ id: row.id, email: row.email, flags });
      }),
    [updateFlags],
  );
  return (
    <DataTable<SiteUser>
      key={siteId}
      columnSettings={columnSettings}
      query={siteUsersQueryOptions(orgId, siteId)}
      source={siteUsersSource(orgId, siteId)}
      actions={actions}
      preloadModal={preloadModals}
      renderModal={({ action, row, close }) => {
        if (action === ActionKind.CREATE || action === ActionKind.EDIT) {
          const mode = action === ActionKind.CREATE ? 'add' : 'edit';
          return (
            <SiteUserModal
              mode={mode}
              user={mode === 'edit' ? row : null}
              onClose={close}
              onSubmit={async (values: FormValues) => {
                await submitMember(siteUserFlags, values, mode === 'edit' ? row : null, {
                  add: add.mutateAsync,
                  update: update.mutateAsync,
                });
                close();
              }}
            />
          );
        }
        if (action === ActionKind.DELETE && row) {
          return (
            <ConfirmModal
              title="Remove from site"
              confirmLabel="Remove"
              onClose={close}
              onConfirm={() => remove.mutateAsync(row)}
            >
              <p className="mb-0">
                Remove <strong>{formatUser(row)}</strong> from {site?.name ?? 'the site'}? They stay
                a member of the organization.
              </p>
            </ConfirmModal>
          );
        }
        return null;
      }}
    />
  );
}
