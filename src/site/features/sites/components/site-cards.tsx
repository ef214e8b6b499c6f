import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Site } from '@/contract/data/sites';
import { formatFigure, pluralise } from '@/core/format';
import { useOrgContext, type Organisation } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { LoadingSites } from './loading-sites';
import { MY_SITES_PAGE_SIZE, useMySites } from '@/site/entities/sites/api';

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
  const blasts = pluralise(site.blastCount, 'blast');
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

/** Typing pauses this long before the server is asked (one request per pause). */
const SEARCH_DELAY_MS = 250;

/**
 * Every site the user can open, across their organisations, as cards: a page at a time
 * (GET my-sites), ordered by organisation and site name by the server. However many there are,
 * the page says how many, searches them on the server and shows more on request (issue 16).
 */
export function SiteCards() {
  const context = useOrgContext();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const hintId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useMySites(search);
  if (query.isError && !query.data) {
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
  if (!query.data) return <LoadingSites />;
  const pages = query.data.pages;
  const sites = pages.flatMap((page) => page.rows);
  const total = pages[0]?.total ?? 0;
  // The search shows once there is more than one page of sites (or while one is typed).
  const searchable = typed !== '' || search !== '' || total > MY_SITES_PAGE_SIZE;
  if (total === 0 && !searchable) {
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
  const summary =
    total === 0
      ? `No site matches “${search}”.`
      : sites.length < total
        ? `Showing ${formatFigure(sites.length)} of ${pluralise(total, 'site')}`
        : search
          ? `${pluralise(total, 'site')} found`
          : pluralise(total, 'site');
  return (
    <div className="mb-3">
      {searchable && (
        <div className="mb-3" style={{ maxWidth: '32rem' }}>
          <input
            type="search"
            className="form-control"
            aria-label="Search your sites"
            aria-describedby={hintId}
            // Short enough for a phone's width; what it searches is the hint below.
            placeholder="Search sites"
            value={typed}
            maxLength={200}
            onChange={(e) => setTyped(e.target.value)}
          />
          <div id={hintId} className="form-text">
            By site, organization, location or subscription.
          </div>
        </div>
      )}
      {searchable && (
        <p role="status" className="small text-body-secondary mb-2">
          {summary}
        </p>
      )}
      <ul
        className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled"
        aria-label="Your sites"
        aria-busy={query.isFetching || undefined}
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
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-secondary mt-3"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading more sites…' : 'Show more sites'}
        </button>
      )}
    </div>
  );
}
