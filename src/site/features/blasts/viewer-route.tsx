import { Link, useParams } from 'react-router-dom';
import { useSelectedOrgId } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { useDocumentTitle } from '@/core/ui/portal';
import { NotFoundScreen } from '@/core/ui/screens';
import { useSharedBlast } from './api/get-shared-blast';
import { BlastViewer } from './components/blast-viewer';
import { idParam, QueryState } from './components/query-state';

/** SPEC §2 /blasts-shared/{blastId}: the Blast Viewer of a blast shared with the user. */
export default function BlastViewerPage() {
  useDocumentTitle('Blast Viewer');
  const blastId = idParam(useParams().blastId);
  const query = useSharedBlast(useSelectedOrgId(), blastId);
  if (Number.isNaN(blastId)) return <NotFoundScreen />;
  return (
    <QueryState query={query}>
      {(view) => (
        <section aria-labelledby="viewer-title">
          <nav aria-label="Breadcrumb">
            <ol className="breadcrumb small mb-1">
              <li className="breadcrumb-item">
                <Link to={getSiteHref('blastsShared')}>Blasts Shared</Link>
              </li>
              <li className="breadcrumb-item active" aria-current="page">
                {view.blast.name}
              </li>
            </ol>
          </nav>
          <h1 id="viewer-title" className="h3 mb-3">
            Blast Viewer: {view.blast.name}
          </h1>
          <BlastViewer
            blast={view.blast}
            orgName={view.orgName}
            plan={view.plan}
            downloadPath={view.downloadPath}
          />
        </section>
      )}
    </QueryState>
  );
}
