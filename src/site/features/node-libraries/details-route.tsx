import { Suspense, useState } from 'react';
import type { LibraryNode, NodeLibrary } from '@/contract/data/node-libraries';
import { RecordHistory } from '@/core/audit';
import { DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDateTime, pluralise } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { getSiteHref } from '@/core/routes';
import { ConfirmModal } from '@/core/ui/lazy-dialogs';
import { BlockingOverlay } from '@/core/ui/loaders';
import { DetailsPage } from '@/core/ui/details-page';
import { QueryState, useIdParam } from '@/core/ui/query-state';
import {
  useDeleteNodeLibrary,
  useNodeLibrary,
  useSaveNodeLibrary,
} from '@/site/entities/node-libraries/api';
import { LibraryModal } from './components/lazy-library-form';
import { toLibraryInput } from './components/library-input';
import { useLibraryScope } from './components/use-library-scope';
import { useGuardedNavigate } from '@/core/ui/leave-guard';

const nodeColumns: ColumnSettings<LibraryNode> = {
  entity: 'Nodes',
  columns: [
    { id: 'name', title: 'Name' },
    { id: 'type', title: 'Type' },
    { id: 'description', title: 'Description' },
  ],
  sortIndex: 0,
};

/** SPEC §2 /node-libraries/{id} and /site/{siteId}/node-libraries/{id}: a library and its nodes. */
export default function NodeLibraryPage() {
  const { scope } = useLibraryScope();
  const id = useIdParam();
  const query = useNodeLibrary(scope, id);
  return (
    <QueryState query={query} found={!Number.isNaN(id)}>
      {(library) => <NodeLibraryDetails library={library} />}
    </QueryState>
  );
}

function NodeLibraryDetails({ library }: { library: NodeLibrary }) {
  const { scopeOf, canWrite, site } = useLibraryScope();
  const save = useSaveNodeLibrary();
  const remove = useDeleteNodeLibrary();
  const navigate = useGuardedNavigate();
  const [modal, setModal] = useState<'edit' | 'delete' | null>(null);
  const listHref = site
    ? getSiteHref('siteNodeLibraries', { siteId: site.id })
    : getSiteHref('nodeLibraries');
  const writable = canWrite(library);
  return (
    <DetailsPage
      parent={{ label: 'Node Libraries', to: listHref }}
      name={library.name}
      title={
        <>
          {library.name} <span className="text-body-secondary fs-5">{library.version}</span>
        </>
      }
      onEdit={writable ? () => setModal('edit') : null}
      onDelete={writable ? () => setModal('delete') : null}
    >
      <p>{library.description ?? <span className="text-body-secondary">No description.</span>}</p>
      <p className="small text-body-secondary">
        {library.siteId === null ? 'Organization-wide' : `Site library`} ·{' '}
        {pluralise(library.nodes.length, 'node')} · updated {formatDateTime(library.updatedAt)}
      </p>
      <DataTable<LibraryNode>
        columnSettings={nodeColumns}
        rows={library.nodes}
        hideExport={false}
      />
      {/* A site's library: the site's Activity; an organisation-wide one: the organisation's. */}
      <RecordHistory
        orgId={library.orgId}
        siteId={library.siteId ?? undefined}
        record={{ type: 'node library', id: String(library.id) }}
      />
      <Suspense fallback={<BlockingOverlay />}>
        {modal === 'edit' ? (
          <LibraryModal
            library={library}
            scopeLabel=""
            onClose={() => setModal(null)}
            onSubmit={async (values: FormValues) => {
              await save.mutateAsync({
                scope: scopeOf(library),
                id: library.id,
                input: toLibraryInput(values),
              });
              setModal(null);
            }}
          />
        ) : null}
        {modal === 'delete' ? (
          <ConfirmModal
            title="Delete node library"
            confirmLabel="Delete"
            onClose={() => setModal(null)}
            onConfirm={async () => {
              await remove.mutateAsync({ scope: scopeOf(library), library });
              navigate(listHref);
            }}
          >
            <p className="mb-0">
              Delete <strong>{library.name}</strong> {library.version} and its{' '}
              {pluralise(library.nodes.length, 'node')}?
            </p>
          </ConfirmModal>
        ) : null}
      </Suspense>
    </DetailsPage>
  );
}
