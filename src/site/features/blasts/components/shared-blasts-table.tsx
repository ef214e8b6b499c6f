import type { SharedBlast } from '@/contract/data/shared-blasts';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDateTime, formatUser } from '@/core/format';
import { getSiteHref } from '@/core/routes';
import { useOrgId } from '@/core/org';
import {
  sharedBlastsQueryOptions,
  sharedBlastsSource,
  useUnshareBlast,
} from '@/site/entities/blasts/sharing';
import { ConfirmModal, preloadDialogs } from '@/core/ui/lazy-dialogs';

// Issue 16: the dialogs load when a button that opens one is hovered, focused or clicked.
const preloadModals = () => Promise.all([preloadDialogs()]);

const sharedWith = (row: SharedBlast) => (row.target.kind === 'user' ? 'You' : row.target.orgName);

const columnSettings: ColumnSettings<SharedBlast> = {
  entity: 'Blasts Shared',
  columns: [
    {
      id: 'blastName',
      title: 'Blast',
      type: ColumnType.URL,
      width: '11rem',
      linkFormat: (row) => getSiteHref('blastViewer', { blastId: row.blastId }),
    },
    { id: 'siteName', title: 'Site' },
    { id: 'orgName', title: 'Organization' },
    { id: 'sharedBy', title: 'Shared by', type: ColumnType.USER },
    { id: 'sharedAt', title: 'Shared', type: ColumnType.DATE, withTime: true },
    { id: 'sharedWith', title: 'Shared with', accessor: sharedWith },
  ],
  sortIndex: 4,
  isDesc: true,
  csvMapperFn: (row) => ({
    Blast: row.blastName,
    Site: row.siteName,
    Organization: row.orgName,
    'Shared by': formatUser(row.sharedBy),
    Shared: formatDateTime(row.sharedAt),
    'Shared with': sharedWith(row),
  }),
};

const actions: RowAction<SharedBlast>[] = [
  {
    action: ActionKind.DELETE,
    buttonTitle: 'Remove this share',
    buttonText: 'Unshare',
    display: ActionDisplay.INLINE,
    isVisibleFn: (row) => row?.canUnshare === true,
  },
];

/** Blasts shared with the user or their organisations, with who shared them and when. */
export function SharedBlastsTable() {
  const orgId = useOrgId();
  const unshare = useUnshareBlast();
  return (
    <DataTable<SharedBlast>
      columnSettings={columnSettings}
      query={sharedBlastsQueryOptions(orgId)}
      source={sharedBlastsSource()}
      getRowId={(row) => String(row.shareId)}
      actions={actions}
      preloadModal={preloadModals}
      renderModal={({ action, row, close }) => {
        if (action !== ActionKind.DELETE || !row) return null;
        return (
          <ConfirmModal
            title="Remove share"
            confirmLabel="Unshare"
            onClose={close}
            onConfirm={() => unshare.mutateAsync(row.shareId)}
          >
            <p className="mb-0">
              Stop sharing <strong>{row.blastName}</strong> with {sharedWith(row)}?
            </p>
          </ConfirmModal>
        );
      }}
    />
  );
}
