import { Link, useParams } from 'react-router-dom';
import { useOrgContext } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { useSignedInLinkView } from '@/site/entities/blasts/links';
import { BlastViewer } from './components/blast-viewer';
import { LinkGone } from './components/link-gone';
import { QueryState } from '@/core/ui/query-state';

/**
 * SPEC §2 blast-link/{linkId}: a shared link opened signed in. It answers at /blast-link/{linkId}
 * (outside any site, so every signed-in user can open a live link, as the server allows) and at
 * /site/{siteId}/blast-link/{linkId} for the site's own users.
 */
export default function BlastLinkPage() {
  const linkId = useParams().linkId ?? '';
  const query = useSignedInLinkView(linkId);
  const context = useOrgContext();
  const orgs = context.orgs ?? [context.org, ...context.otherOrgs];
  return (
    <QueryState query={query}>
      {(result) => {
        if (result.gone) return <LinkGone message={result.message} signedIn />;
        const { view } = result;
        // 'Open in its site' only where this portal can open the site for the user (a sysadmin
        // may read a site of an organisation they are not a member of, but cannot open it here).
        const org = orgs.find((o) => o.id === view.orgId);
        const canOpen = view.canOpenSite && !!org?.sites.some((s) => s.id === view.siteId);
        return (
          <section aria-labelledby="link-title">
            <h1 id="link-title" className="h3 mb-1">
              Shared Blast: {view.blast.name}
            </h1>
            <p className="text-body-secondary">
              Shared from {view.siteName}, {view.orgName}.{' '}
              {canOpen ? (
                <Link
                  to={getSiteHref(
                    'blastDetails',
                    { siteId: view.siteId, blastId: view.blast.id },
                    view.orgId === context.org.id ? {} : { orgId: view.orgId },
                  )}
                >
                  Open in its site
                </Link>
              ) : null}
            </p>
            <BlastViewer
              blast={view.blast}
              orgName={view.orgName}
              plan={view.plan}
              downloadPath={view.downloadPath}
            />
          </section>
        );
      }}
    </QueryState>
  );
}
