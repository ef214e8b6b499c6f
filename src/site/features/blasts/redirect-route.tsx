import { Navigate } from 'react-router-dom';
import { useOrgId } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { QueryState, useIdParam } from '@/core/ui/query-state';
import { NotFoundScreen } from '@/core/ui/screens';
import { useLocateBlast } from '@/site/entities/blasts/api';

/**
 * SPEC §2 /blast/{blastId} outside a site: Blast Redirect to the blast's site-scoped details.
 * The /org/{orgId} prefix switches to the blast's organisation when it is another one; a blast
 * the user cannot see shows the not-found screen.
 */
export default function BlastRedirectPage() {
  const blastId = useIdParam('blastId');
  const query = useLocateBlast(blastId);
  const selectedOrgId = useOrgId();
  return (
    <QueryState query={query} found={!Number.isNaN(blastId)}>
      {(location) =>
        location === null ? (
          <NotFoundScreen />
        ) : (
          <Navigate
            replace
            to={getSiteHref(
              'blastDetails',
              { siteId: location.siteId, blastId },
              location.orgId === selectedOrgId ? {} : { orgId: location.orgId },
            )}
          />
        )
      }
    </QueryState>
  );
}
