import { RecordHistory } from '@/core/audit';
import { useOrgContext } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { DetailsPage } from '@/core/ui/details-page';
import { QueryState, useIdParam } from '@/core/ui/query-state';
import { NotFoundScreen } from '@/core/ui/screens';
import { useSiteBlast } from '@/site/entities/blasts/api';
import { BlastViewer } from './components/blast-viewer';
import { SharingPanel } from './components/sharing-panel';

/** SPEC §2 /site/{siteId}/blast/{blastId}: Blast Details: the viewer and the blast's sharing. */
export default function BlastDetailsPage() {
  // The layout shows not found for a site that is none of the user's; this page needs one.
  return useOrgContext().site ? <SiteBlastDetails /> : <NotFoundScreen />;
}

function SiteBlastDetails() {
  const { org } = useOrgContext();
  const blastId = useIdParam('blastId');
  const query = useSiteBlast(blastId);
  return (
    <QueryState query={query} found={!Number.isNaN(blastId)}>
      {(view) => (
        <DetailsPage
          parent={{ label: 'Blasts', to: getSiteHref('siteBlasts', { siteId: view.blast.siteId }) }}
          name={view.blast.name}
          title={`Blast Details: ${view.blast.name}`}
        >
          <BlastViewer
            blast={view.blast}
            orgName={org.name}
            plan={view.plan}
            downloadPath={view.downloadPath}
          />
          <SharingPanel
            orgId={org.id}
            siteId={view.blast.siteId}
            blastId={view.blast.id}
            blastName={view.blast.name}
          />
          <RecordHistory
            orgId={org.id}
            siteId={view.blast.siteId}
            record={{ type: 'blast', id: String(view.blast.id) }}
          />
        </DetailsPage>
      )}
    </QueryState>
  );
}
