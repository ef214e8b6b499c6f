import { useMemo, useState } from 'react';
import type { SiteUser, SiteUserFlags } from '@/contract/data/site-users';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatUser } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { notify } from '@/core/notify';
import { useOrgContext } from '@/core/org';
import { useAddSiteUser } from '../api/add-site-user';
import { getSiteUsers, SITE_USERS_KEY } from '../api/get-site-users';
import { useRemoveSiteUser } from '../api/remove-site-user';
import { useUpdateSiteUser } from '../api/update-site-user';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { flagsOf, SiteUserModal } from './site-user-form';

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

const FLAG_LABELS: Record<keyof SiteUserFlags, string> = {
  isSiteAdmin: 'Site admin',
  isSiteUser: 'Site user',
};

function buildColumnSettings(
  onToggle: (row: SiteUser, flag: keyof SiteUserFlags, on: boolean) => void,
): ColumnSettings<SiteUser> {
  return {
    entity: 'Site Users',
    columns: [
      // SPEC §3: 'First Last <email>', or 'Pending user activation' before the first sign-in.
      { id: 'user', title: 'User', type: ColumnType.USER, accessor: (row) => row },
      { id: 'email', title: 'Email' },
      {
        id: 'status',
        title: 'Status',
        accessor: (row) => (row.status === 'pending' ? 'Pending' : 'Active'),
      },
      ...(Object.keys(FLAG_LABELS) as (keyof SiteUserFlags)[]).map((flag) => ({
        id: flag,
        title: FLAG_LABELS[flag],
        type: ColumnType.TOGGLE_SWITCH,
        onToggle: (row: SiteUser, on: boolean) => onToggle(row, flag, on),
      })),
    ],
    sortIndex: 1,
    csvMapperFn: (row) => ({
      User: formatUser(row),
      Email: row.email,
      Status: row.status,
      'Site admin': row.isSiteAdmin ? 'Yes' : 'No',
      'Site user': row.isSiteUser ? 'Yes' : 'No',
    }),
  };
}

/** The site's users: add (a member of the organisation), edit the flags, remove. */
export function SiteUsersTable() {
  const { site } = useOrgContext();
  const add = useAddSiteUser();
  const update = useUpdateSiteUser();
  const remove = useRemoveSiteUser();
  const [saved, setSaved] = useState<number | null>(null);
  const { mutate: updateFlags } = update;
  const columnSettings = useMemo(
    () =>
      buildColumnSettings((row, flag, on) => {
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
  const siteId = site?.id ?? 0;
  return (
    <DataTable<SiteUser>
      key={siteId}
      columnSettings={columnSettings}
      queryKey={[SITE_USERS_KEY, siteId, 'table']}
      fetchData={async ({ orgId, signal }) =>
        orgId === null || !site ? null : getSiteUsers(orgId, site.id, signal)
      }
      actions={actions}
      refreshTrigger={saved}
      renderModal={({ action, initialData, close }) => {
        const row = (Array.isArray(initialData) ? initialData[0] : initialData) as SiteUser | null;
        const done = () => {
          setSaved(Date.now());
          close();
        };
        if (action === ActionKind.CREATE || action === ActionKind.EDIT) {
          const mode = action === ActionKind.CREATE ? 'add' : 'edit';
          return (
            <SiteUserModal
              mode={mode}
              user={mode === 'edit' ? row : null}
              onClose={close}
              onSubmit={async (values: FormValues) => {
                if (mode === 'add') {
                  await add.mutateAsync({ email: String(values.email ?? ''), ...flagsOf(values) });
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
        if (action === ActionKind.DELETE && row) {
          return (
            <ConfirmModal
              title="Remove from site"
              confirmLabel="Remove"
              onClose={close}
              onConfirm={async () => {
                await remove.mutateAsync(row);
                setSaved(Date.now());
              }}
            >
              <p className="mb-0">
                Remove <strong>{formatUser(row)}</strong> from {site?.name ?? 'the site'}? They stay
                a member of the organisation.
              </p>
            </ConfirmModal>
          );
        }
        return null;
      }}
    />
  );
}
