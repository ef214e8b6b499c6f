import { useMemo } from 'react';
import type { BlastListItem } from '@/contract/data/blasts';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDate, formatFileSize } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { useSiteScope } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import {
  blastsQueryOptions,
  blastsSource,
  useDeleteBlast,
  useUpdateBlast,
  useUploadBlast,
} from '@/site/entities/blasts/api';
import { toMetadata, toUpload } from './blast-values';
import { lazyModule } from '@/core/lazy';
import { ConfirmModal, preloadDialogs } from '@/core/ui/lazy-dialogs';

// Issue 16: the dialogs load when a button that opens one is hovered, focused or clicked.
const blastForm = lazyModule(() => import('./blast-form'));
const BlastModal = blastForm.component('BlastModal');
const preloadModals = () => Promise.all([blastForm.preload(), preloadDialogs()]);

/** The status as the table shows it, and as the CSV writes it. */
const statusText = (row: BlastListItem) => (row.status === 'fired' ? 'Fired' : 'Planned');

const actions: RowAction<BlastListItem>[] = [
  {
    action: ActionKind.CREATE,
    buttonTitle: 'Upload a .blst file',
    buttonText: 'Upload blast',
    display: ActionDisplay.BUTTON,
    permissions: 'blasts.write',
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit blast',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
    permissions: 'blasts.write',
  },
  {
    action: ActionKind.DELETE,
    buttonTitle: 'Delete blast',
    buttonText: 'Delete',
    display: ActionDisplay.INLINE,
    permissions: 'blasts.write',
  },
];

export function blastColumns(siteId: number): ColumnSettings<BlastListItem> {
  return {
    entity: 'Blasts',
    columns: [
      {
        id: 'name',
        title: 'Name',
        type: ColumnType.URL,
        // Room for 'North Pit 0001' on one line. File name and updated date are in Blast Details
        // and the CSV; fired and planned dates share one column: the table fits a 1280 px screen.
        width: '9rem',
        linkFormat: (row) => getSiteHref('blastDetails', { siteId, blastId: row.id }),
      },
      {
        id: 'status',
        title: 'Status',
        accessor: statusText,
      },
      {
        // One date per blast: when it was fired, or when a planned blast is planned for.
        id: 'date',
        title: 'Date',
        type: ColumnType.DATE,
        accessor: (row) => (row.status === 'fired' ? row.firedAt : row.plannedAt),
      },
      { id: 'holeCount', title: 'Holes', type: ColumnType.NUMBER },
      { id: 'totalCharge', title: 'Charge (kg)', type: ColumnType.NUMBER },
      {
        id: 'fileSize',
        title: 'Size',
        // Shown as '1.5 MB', sorted by bytes here and on the server (issue 17); not filtered: a
        // range in bytes is nothing a user types.
        type: ColumnType.NUMBER,
        displayText: (row) => formatFileSize(row.fileSize),
        isFilterable: false,
      },
    ],
    sortIndex: 2,
    isDesc: true,
    csvMapperFn: (row) => ({
      Name: row.name,
      Status: statusText(row),
      Fired: formatDate(row.firedAt),
      Planned: formatDate(row.plannedAt),
      Holes: row.holeCount,
      'Charge (kg)': row.totalCharge,
      File: row.fileName,
      'Size (bytes)': row.fileSize,
      Updated: formatDate(row.updatedAt),
    }),
  };
}

/** The site's blasts: upload a .blst file, edit metadata, delete with confirmation. */
export function BlastsTable() {
  const { orgId, siteId } = useSiteScope();
  const upload = useUploadBlast();
  const update = useUpdateBlast();
  const remove = useDeleteBlast();
  const settings = useMemo(() => blastColumns(siteId), [siteId]);

  return (
    <DataTable<BlastListItem>
      key={siteId}
      columnSettings={settings}
      query={blastsQueryOptions(orgId, siteId)}
      source={blastsSource(orgId, siteId)}
      actions={actions}
      preloadModal={preloadModals}
      renderModal={({ action, row, close }) => {
        if (action === ActionKind.CREATE) {
          return (
            <BlastModal
              mode="upload"
              blast={null}
              onClose={close}
              onSubmit={async (values: FormValues) => {
                await upload.mutateAsync(toUpload(values));
                close();
              }}
            />
          );
        }
        if (!row) return null;
        if (action === ActionKind.EDIT) {
          return (
            <BlastModal
              mode="edit"
              blast={row}
              onClose={close}
              onSubmit={async (values: FormValues) => {
                await update.mutateAsync({ blastId: row.id, input: toMetadata(values) });
                close();
              }}
            />
          );
        }
        if (action === ActionKind.DELETE) {
          return (
            <ConfirmModal
              title="Delete blast"
              confirmLabel="Delete"
              onClose={close}
              onConfirm={() => remove.mutateAsync(row)}
            >
              <p className="mb-0">
                Delete <strong>{row.name}</strong> and its file? Its links stop working and its
                shares end. This cannot be undone.
              </p>
            </ConfirmModal>
          );
        }
        return null;
      }}
    />
  );
}
