import { Link } from 'react-router-dom';
import type { SiteSummary } from '@/contract/metadata';
import { useOrgContext } from '@/core/org';
import { formatDate, pluralise } from '@/core/format';
import { CanAccess } from '@/core/permissions';
import { getSiteHref } from '@/core/routes';
import { FullScreenLoader } from '@/core/ui/loaders';
import { ErrorScreen, NotFoundScreen } from '@/core/ui/screens';
import { Page } from '@/core/ui/page';
import { useSiteDashboard } from '@/site/entities/sites/dashboards';
import { BlastsChart } from './components/blasts-chart';
import { StatCards } from './components/stat-cards';

/** SPEC §2 /site/{siteId}: the Site Dashboard: counts, recent blasts, blasts over time. */
export default function SiteDashboardPage() {
  const { site } = useOrgContext();
  // The layout shows not found for a site that is none of the user's; this page needs one.
  return site ? <SiteDashboard site={site} /> : <NotFoundScreen />;
}

function SiteDashboard({ site }: { site: SiteSummary }) {
  const { org } = useOrgContext();
  const query = useSiteDashboard(org.id, site.id);
  if (query.isError) return <ErrorScreen error={query.error} />;
  if (!query.data) return <FullScreenLoader />;
  const { counts, recentBlasts, blastsPerMonth } = query.data;
  return (
    <Page
      title="Site Dashboard"
      lead={
        <>
          {site.name}, {org.name}
          {counts.lastBlastAt ? `. Last blast ${formatDate(counts.lastBlastAt)}` : ''}.
        </>
      }
    >
      <StatCards
        label="Site figures"
        stats={[
          { label: 'Blasts', value: counts.blasts },
          { label: 'Fired', value: counts.fired },
          { label: 'Planned', value: counts.planned },
          { label: 'Holes', value: counts.holes },
          { label: 'Total charge (kg)', value: counts.totalCharge, decimals: 1 },
          { label: 'Users', value: counts.users },
          { label: 'Live links', value: counts.activeLinks },
          { label: 'Node libraries', value: counts.nodeLibraries },
        ]}
      />
      <CanAccess requirement="siteActivity.read">
        <p>
          <Link
            className="btn btn-sm btn-outline-secondary"
            to={getSiteHref('siteActivity', { siteId: site.id })}
          >
            Activity of {site.name}
          </Link>
        </p>
      </CanAccess>
      <div className="row g-4">
        <div className="col-xl-7">
          <div className="card">
            <div className="card-body">
              <BlastsChart months={blastsPerMonth} title="Blasts per month (last 12 months)" />
            </div>
          </div>
        </div>
        <div className="col-xl-5">
          <div className="card">
            <div className="card-body">
              <h2 className="h5">Recent blasts</h2>
              {recentBlasts.length === 0 ? (
                <p className="mb-0">No blasts yet.</p>
              ) : (
                <ul className="list-group list-group-flush">
                  {recentBlasts.map((b) => (
                    <li key={b.id} className="list-group-item px-0 d-flex gap-2">
                      <Link
                        className="me-auto"
                        to={getSiteHref('blastDetails', { siteId: site.id, blastId: b.id })}
                      >
                        {b.name}
                      </Link>
                      <span className="small text-body-secondary">
                        {pluralise(b.holeCount, 'hole')} ·{' '}
                        {formatDate(b.firedAt ?? b.plannedAt ?? b.updatedAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <Link
                className="btn btn-sm btn-outline-primary mt-3"
                to={getSiteHref('siteBlasts', { siteId: site.id })}
              >
                All blasts of {site.name}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </Page>
  );
}
