import { useMemo } from 'react';
import type { NodeLibraryListItem } from '@/contract/data/node-libraries';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDate, pluralise } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { getSiteHref } from '@/core/routes';
import {
  nodeLibrariesQueryOptions,
  nodeLibrariesSource,
  useDeleteNodeLibrary,
  useNodeLibrary,
  useSaveNodeLibrary,
} from '@/site/entities/node-libraries/api';
import { useLibraryScope } from './use-library-scope';
import { toLibraryInput } from './library-input';
import { LibraryModal, libraryForm } from './lazy-library-form';
import { ConfirmModal, preloadDialogs } from '@/core/ui/lazy-dialogs';

const preloadModals = () => Promise.all([libraryForm.preload(), preloadDialogs()]);

export const libraryHref = (siteId: number | null, id: number) =>
  siteId === null
    ? getSiteHref('nodeLibrary', { id })
    : getSiteHref('siteNodeLibrary', { siteId, id });

function buildColumnSettings(pageSiteId: number | null): ColumnSettings<NodeLibraryListItem> {
  return {
    entity: 'Node Libraries',
    columns: [
      {
        id: 'name',
        title: 'Name',
        type: ColumnType.URL,
        width: '12rem',
        linkFormat: (row) => libraryHref(pageSiteId, row.id),
      },
      { id: 'version', title: 'Version' },
      { id: 'description', title: 'Description' },
      { id: 'nodeCount', title: 'Nodes', type: ColumnType.NUMBER },
      {
        id: 'scope',
        title: 'Scope',
        accessor: (row) => (row.siteId === null ? 'Organization' : 'Site'),
        isVisible: pageSiteId !== null,
      },
      { id: 'updatedAt', title: 'Updated', type: ColumnType.DATE },
    ],
    sortIndex: 0,
    csvMapperFn: (row) => ({
      Name: row.name,
      Version: row.version,
      Description: row.description ?? '',
      Nodes: row.nodeCount,
      Scope: row.siteId === null ? 'Organization' : 'Site',
      Updated: formatDate(row.updatedAt),
    }),
  };
}

/** Loads the full library (with its nodes) before the edit form opens. */
function EditLibrary({
  item,
  onSaved,
  onClose,
}: {
  item: NodeLibraryListItem;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { scopeOf } = useLibraryScope();
  const save = useSaveNodeLibrary();
  const scope = scopeOf(item);
  const library = useNodeLibrary(scope, item.id).data;
  if (!library) return null;
  return (
    <LibraryModal
      library={library}
      scopeLabel=""
      onClose={onClose}
      onSubmit={async (values: FormValues) => {
        await save.mutateAsync({ scope, id: item.id, input: toLibraryInput(values) });
        onSaved();
      }}
    />
  );
}

/** The node libraries of the organisation, or of a site (with the organisation's). */
export function LibrariesTable() {
  const { scope, scopeLabel, scopeOf, canWriteOrg, canWriteSite, canCreate } = useLibraryScope();
  const save = useSaveNodeLibrary();
  const remove = useDeleteNodeLibrary();
  const columnSettings = useMemo(() => buildColumnSettings(scope.siteId), [scope.siteId]);
  const actions = useMemo<RowAction<NodeLibraryListItem>[]>(
    () => [
      {
        action: ActionKind.CREATE,
        buttonTitle: 'Create a node library',
        buttonText: 'Create library',
        display: ActionDisplay.BUTTON,
        isVisible: canCreate,
      },
      {
        action: ActionKind.EDIT,
        buttonTitle: 'Edit node library',
        buttonText: 'Edit',
        display: ActionDisplay.INLINE,
        isVisibleFn: (row) => row !== null && (row.siteId === null ? canWriteOrg : canWriteSite),
      },
      {
        action: ActionKind.DELETE,
        buttonTitle: 'Delete node library',
        buttonText: 'Delete',
        display: ActionDisplay.INLINE,
        isVisibleFn: (row) => row !== null && (row.siteId === null ? canWriteOrg : canWriteSite),
      },
    ],
    [canCreate, canWriteOrg, canWriteSite],
  );
  return (
    <DataTable<NodeLibraryListItem>
      key={`${scope.orgId}-${scope.siteId ?? 'org'}`}
      columnSettings={columnSettings}
      query={nodeLibrariesQueryOptions(scope)}
      source={nodeLibrariesSource(scope)}
      actions={actions}
      preloadModal={preloadModals}
      renderModal={({ action, row, close }) => {
        if (action === ActionKind.CREATE) {
          return (
            <LibraryModal
              library={null}
              scopeLabel={scopeLabel}
              onClose={close}
              onSubmit={async (values: FormValues) => {
                await save.mutateAsync({ scope, input: toLibraryInput(values) });
                close();
              }}
            />
          );
        }
        if (!row) return null;
        if (action === ActionKind.EDIT)
          return <EditLibrary item={row} onSaved={close} onClose={close} />;
        if (action === ActionKind.DELETE) {
          return (
            <ConfirmModal
              title="Delete node library"
              confirmLabel="Delete"
              onClose={close}
              onConfirm={() => remove.mutateAsync({ scope: scopeOf(row), library: row })}
            >
              <p className="mb-0">
                Delete <strong>{row.name}</strong> {row.version} and its{' '}
                {pluralise(row.nodeCount, 'node')}?
              </p>
            </ConfirmModal>
          );
        }
        return null;
      }}
    />
  );
}
