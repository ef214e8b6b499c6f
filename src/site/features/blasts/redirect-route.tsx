import { Navigate, useParams } from 'react-router-dom';
import { useSelectedOrgId } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { useDocumentTitle } from '@/core/ui/portal';
import { NotFoundScreen } from '@/core/ui/screens';
import { useLocateBlast } from './api/locate-blast';
import { idParam, QueryState } from './components/query-state';

/**
 * SPEC §2 /blast/{blastId} outside a site: Blast Redirect to the blast's site-scoped details.
 * The /org/{orgId} prefix switches to the blast's organisation when it is another one; a blast
 * the user cannot see shows the not-found screen.
 */
export default function BlastRedirectPage() {
  useDocumentTitle('Blast');
  const blastId = idParam(useParams().blastId);
  const query = useLocateBlast(blastId);
  const selectedOrgId = useSelectedOrgId();
  if (Number.isNaN(blastId)) return <NotFoundScreen />;
  return (
    <QueryState query={query}>
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
