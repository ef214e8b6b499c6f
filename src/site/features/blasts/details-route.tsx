import { Link, useParams } from 'react-router-dom';
import { useOrgContext } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { useDocumentTitle } from '@/core/ui/portal';
import { NotFoundScreen } from '@/core/ui/screens';
import { useSiteBlast } from './api/get-blast';
import { BlastViewer } from './components/blast-viewer';
import { idParam, QueryState } from './components/query-state';
import { SharingPanel } from './components/sharing-panel';

/** SPEC §2 /site/{siteId}/blast/{blastId}: Blast Details: the viewer and the blast's sharing. */
export default function BlastDetailsPage() {
  useDocumentTitle('Blast Details');
  const { org, site } = useOrgContext();
  const blastId = idParam(useParams().blastId);
  const query = useSiteBlast(org.id, site?.id ?? null, blastId);
  if (!site || Number.isNaN(blastId)) return <NotFoundScreen />;
  return (
    <QueryState query={query}>
      {(view) => (
        <section aria-labelledby="blast-title">
          <nav aria-label="Breadcrumb">
            <ol className="breadcrumb small mb-1">
              <li className="breadcrumb-item">
                <Link to={getSiteHref('siteBlasts', { siteId: site.id })}>Blasts</Link>
              </li>
              <li className="breadcrumb-item active" aria-current="page">
                {view.blast.name}
              </li>
            </ol>
          </nav>
          <h1 id="blast-title" className="h3 mb-3">
            Blast Details: {view.blast.name}
          </h1>
          <BlastViewer
            blast={view.blast}
            orgName={org.name}
            plan={view.plan}
            downloadPath={view.downloadPath}
          />
          <SharingPanel
            orgId={org.id}
            siteId={site.id}
            blastId={view.blast.id}
            blastName={view.blast.name}
          />
        </section>
      )}
    </QueryState>
  );
}
