import { useOrgId } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { DetailsPage } from '@/core/ui/details-page';
import { QueryState, useIdParam } from '@/core/ui/query-state';
import { useSharedBlast } from '@/site/entities/blasts/sharing';
import { BlastViewer } from './components/blast-viewer';

/** SPEC §2 /blasts-shared/{blastId}: the Blast Viewer of a blast shared with the user. */
export default function BlastViewerPage() {
  const blastId = useIdParam('blastId');
  const query = useSharedBlast(useOrgId(), blastId);
  return (
    <QueryState query={query} found={!Number.isNaN(blastId)}>
      {(view) => (
        <DetailsPage
          parent={{ label: 'Blasts Shared', to: getSiteHref('blastsShared') }}
          name={view.blast.name}
          title={`Blast Viewer: ${view.blast.name}`}
        >
          <BlastViewer
            blast={view.blast}
            orgName={view.orgName}
            plan={view.plan}
            downloadPath={view.downloadPath}
          />
        </DetailsPage>
      )}
    </QueryState>
  );
}
