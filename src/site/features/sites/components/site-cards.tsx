import { Link } from 'react-router-dom';
import type { SiteSummary } from '@/contract/metadata';
import { useOrgContext, type Organisation } from '@/core/org';
import { getSiteHref } from '@/core/permissions/routes';
import { useSite } from '../api/get-site';

function roleOf(site: SiteSummary, org: Organisation): string {
  const roles = [
    org.permissions.isOrgAdmin ? 'Org admin' : null,
    org.permissions.isSubManager ? 'Sub manager' : null,
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
  site: SiteSummary;
  org: Organisation;
  selectedOrgId: number;
}) {
  // The subscription's name, user and blast counts come with the site itself.
  const detail = useSite(org.id, site.id);
  const href = getSiteHref(
    'siteDashboard',
    { siteId: site.id },
    org.id === selectedOrgId ? {} : { orgId: org.id },
  );
  const subscription = detail.data
    ? (detail.data.subscriptionName ?? 'No subscription')
    : detail.isError
      ? '—'
      : 'Loading…';
  return (
    <li className="col" data-site-id={site.id}>
      <article className="card h-100" aria-labelledby={`site-${site.id}-name`}>
        <div className="card-body">
          <h2 id={`site-${site.id}-name`} className="h5 card-title">
            <Link to={href} className="stretched-link">
              {site.name}
            </Link>
          </h2>
          <dl className="row small mb-0">
            <dt className="col-5 text-body-secondary fw-normal">Organisation</dt>
            <dd className="col-7 mb-1">{org.name}</dd>
            <dt className="col-5 text-body-secondary fw-normal">Subscription</dt>
            <dd className="col-7 mb-1">{subscription}</dd>
            {detail.data ? (
              <>
                <dt className="col-5 text-body-secondary fw-normal">Blasts</dt>
                <dd className="col-7 mb-1">{detail.data.blastCount}</dd>
                <dt className="col-5 text-body-secondary fw-normal">Location</dt>
                <dd className="col-7 mb-1">{detail.data.location ?? '—'}</dd>
              </>
            ) : null}
            <dt className="col-5 text-body-secondary fw-normal">Your role</dt>
            <dd className="col-7 mb-0">{roleOf(site, org)}</dd>
          </dl>
        </div>
      </article>
    </li>
  );
}

/** Every site the user can open, as cards grouped by nothing but name order, across organisations. */
export function SiteCards() {
  const context = useOrgContext();
  const orgs = context.orgs ?? [context.org, ...context.otherOrgs];
  const entries = orgs.flatMap((org) => org.sites.map((site) => ({ org, site })));
  if (entries.length === 0) {
    return (
      <p>
        You cannot open any site yet. An administrator of your organisation can add you to a site.
      </p>
    );
  }
  return (
    <ul
      className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled"
      aria-label="Your sites"
    >
      {entries.map(({ org, site }) => (
        <SiteCard key={site.id} site={site} org={org} selectedOrgId={context.org.id} />
      ))}
    </ul>
  );
}
