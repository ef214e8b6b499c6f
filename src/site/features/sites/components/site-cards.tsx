import { Link } from 'react-router-dom';
import type { Site } from '@/contract/data/sites';
import { useOrgContext, type Organisation } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { useMySites } from '@/site/entities/sites/api';

function roleOf(site: Site, org: Organisation | undefined): string {
  const roles = [
    org?.permissions.isOrgAdmin ? 'Org admin' : null,
    org?.permissions.isSubManager ? 'Sub manager' : null,
    site.permissions.isSiteAdmin ? 'Site admin' : null,
    site.permissions.isSiteUser ? 'Site user' : null,
  ].filter(Boolean);
  return roles.length ? roles.join(', ') : 'Member';
}

function SiteCard({
  site,
  org,
  selectedOrgId,
}: {
  site: Site;
  org: Organisation | undefined;
  selectedOrgId: number;
}) {
  const href = getSiteHref(
    'siteDashboard',
    { siteId: site.id },
    site.orgId === selectedOrgId ? {} : { orgId: site.orgId },
  );
  const blasts = `${site.blastCount} ${site.blastCount === 1 ? 'blast' : 'blasts'}`;
  return (
    <li className="col" data-site-id={site.id}>
      <article className="card h-100 shadow-sm" aria-labelledby={`site-${site.id}-name`}>
        <div className="card-body">
          <h2 id={`site-${site.id}-name`} className="h5 card-title mb-1">
            <Link to={href} className="stretched-link">
              {site.name}
            </Link>
          </h2>
          <p className="small text-body-secondary mb-3">
            {site.location ?? 'No location recorded'}
          </p>
          <dl className="row small mb-0">
            <dt className="col-5 text-body-secondary fw-normal">Organization</dt>
            <dd className="col-7 mb-1">{site.orgName}</dd>
            <dt className="col-5 text-body-secondary fw-normal">Subscription</dt>
            <dd className="col-7 mb-1">{site.subscriptionName ?? 'No subscription'}</dd>
            <dt className="col-5 text-body-secondary fw-normal">Blasts</dt>
            <dd className="col-7 mb-1">{blasts}</dd>
            <dt className="col-5 text-body-secondary fw-normal">Your role</dt>
            <dd className="col-7 mb-0">{roleOf(site, org)}</dd>
          </dl>
        </div>
      </article>
    </li>
  );
}

/**
 * Every site the user can open, across their organisations, as cards: one request
 * (GET my-sites), ordered by organisation and site name by the server.
 */
export function SiteCards() {
  const context = useOrgContext();
  const query = useMySites();
  if (query.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        Your sites could not be loaded.{' '}
        <button
          type="button"
          className="btn btn-link p-0 align-baseline"
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <p role="status" className="text-body-secondary">
        Loading your sites…
      </p>
    );
  }
  const sites = query.data;
  if (sites.length === 0) {
    return (
      <div className="card card-body bg-body-tertiary border-0">
        <h2 className="h5">No sites yet</h2>
        <p className="mb-0">
          You cannot open any site yet. An administrator of your organization can add you to a site.
          Blasts other people share with you are under{' '}
          <Link to={getSiteHref('blastsShared')}>Blasts Shared</Link>.
        </p>
      </div>
    );
  }
  const orgs = context.orgs ?? [context.org, ...context.otherOrgs];
  const orgById = new Map(orgs.map((o) => [o.id, o]));
  return (
    <ul
      className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled"
      aria-label="Your sites"
    >
      {sites.map((site) => (
        <SiteCard
          key={site.id}
          site={site}
          org={orgById.get(site.orgId)}
          selectedOrgId={context.org.id}
        />
      ))}
    </ul>
  );
}
