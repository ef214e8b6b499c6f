import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { LibraryNode } from '@/contract/data/node-libraries';
import { isApiError } from '@/core/api';
import { DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDateTime } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { getSiteHref } from '@/core/routes';
import { FullScreenLoader } from '@/core/ui/loaders';
import { useDocumentTitle } from '@/core/ui/portal';
import { ErrorScreen, NotFoundScreen } from '@/core/ui/screens';
import { useDeleteNodeLibrary } from './api/delete-node-library';
import { useNodeLibrary } from './api/get-node-library';
import { useSaveNodeLibrary } from './api/save-node-library';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { LibraryModal, toLibraryInput } from './components/library-form';
import { useLibraryScope } from './components/use-library-scope';

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
  useDocumentTitle('Node Library');
  const { scope, scopeOf, canWrite, site } = useLibraryScope();
  const raw = useParams().id;
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  const query = useNodeLibrary(scope, id);
  const save = useSaveNodeLibrary();
  const remove = useDeleteNodeLibrary();
  const navigate = useNavigate();
  const [modal, setModal] = useState<'edit' | 'delete' | null>(null);
  const listHref = site
    ? getSiteHref('siteNodeLibraries', { siteId: site.id })
    : getSiteHref('nodeLibraries');
  if (Number.isNaN(id)) return <NotFoundScreen />;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <NotFoundScreen />
    ) : (
      <ErrorScreen error={query.error} />
    );
  }
  const library = query.data;
  if (!library) return <FullScreenLoader />;
  const writable = canWrite(library);
  return (
    <section aria-labelledby="library-title">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb small mb-1">
          <li className="breadcrumb-item">
            <Link to={listHref}>Node Libraries</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {library.name}
          </li>
        </ol>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 id="library-title" className="h3 mb-0 me-auto">
          {library.name} <span className="text-body-secondary fs-5">{library.version}</span>
        </h1>
        {writable ? (
          <>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => setModal('edit')}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => setModal('delete')}
            >
              Delete
            </button>
          </>
        ) : null}
      </div>
      <p>{library.description ?? <span className="text-body-secondary">No description.</span>}</p>
      <p className="small text-body-secondary">
        {library.siteId === null ? 'Organisation-wide' : `Site library`} · {library.nodes.length}{' '}
        nodes · updated {formatDateTime(library.updatedAt)}
      </p>
      <DataTable<LibraryNode>
        columnSettings={nodeColumns}
        rows={library.nodes}
        hideExport={false}
      />
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
            void navigate(listHref);
          }}
        >
          <p className="mb-0">
            Delete <strong>{library.name}</strong> {library.version} and its {library.nodes.length}{' '}
            nodes?
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
