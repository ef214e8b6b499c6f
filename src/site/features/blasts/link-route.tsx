import { Link, useParams } from 'react-router-dom';
import { getSiteHref } from '@/core/permissions/routes';
import { useDocumentTitle } from '@/core/ui/portal';
import { useSignedInLinkView } from './api/get-link-view';
import { BlastViewer } from './components/blast-viewer';
import { LinkGone } from './components/link-gone';
import { QueryState } from './components/query-state';

/** SPEC §2 /site/{siteId}/blast-link/{linkId}: a shared link opened signed in. */
export default function BlastLinkPage() {
  useDocumentTitle('Shared Blast');
  const linkId = useParams().linkId ?? '';
  const query = useSignedInLinkView(linkId);
  return (
    <QueryState query={query}>
      {(result) =>
        result.gone ? (
          <LinkGone message={result.message} />
        ) : (
          <section aria-labelledby="link-title">
            <h1 id="link-title" className="h3 mb-1">
              Shared Blast: {result.view.blast.name}
            </h1>
            <p className="text-body-secondary">
              From {result.view.siteName}, {result.view.orgName}.{' '}
              {result.view.canOpenSite ? (
                <Link
                  to={getSiteHref('blastDetails', {
                    siteId: result.view.siteId,
                    blastId: result.view.blast.id,
                  })}
                >
                  Open in its site
                </Link>
              ) : null}
            </p>
            <BlastViewer
              blast={result.view.blast}
              orgName={result.view.orgName}
              plan={result.view.plan}
              downloadPath={result.view.downloadPath}
            />
          </section>
        )
      }
    </QueryState>
  );
}
