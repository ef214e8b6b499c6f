import type { DashboardSite } from '@/contract/data/dashboard';
import { ColumnType, DataTable, type ColumnSettings } from '@/core/data-table';
import { formatDate } from '@/core/format';
import { useOrgId } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import { FullScreenLoader } from '@/core/ui/loaders';
import { ErrorScreen } from '@/core/ui/screens';
import { Page } from '@/core/ui/page';
import {
  dashboardSitesQueryOptions,
  dashboardSitesSource,
  useDataDashboard,
} from '@/site/entities/sites/dashboards';
import { BlastsChart } from './components/blasts-chart';
import { StatCards } from './components/stat-cards';

type SiteRow = DashboardSite;

const columnSettings: ColumnSettings<SiteRow> = {
  entity: 'Your sites',
  columns: [
    {
      id: 'siteName',
      title: 'Site',
      type: ColumnType.URL,
      // Another organisation's site opens under its /org/{orgId} prefix (selects it).
      linkFormat: (row) =>
        getSiteHref('siteDashboard', { siteId: row.siteId }, { orgId: row.orgId }),
    },
    { id: 'orgName', title: 'Organization' },
    { id: 'blasts', title: 'Blasts', type: ColumnType.NUMBER },
    { id: 'fired', title: 'Fired', type: ColumnType.NUMBER },
    { id: 'planned', title: 'Planned', type: ColumnType.NUMBER },
    { id: 'holes', title: 'Holes', type: ColumnType.NUMBER },
    { id: 'lastBlastAt', title: 'Last blast', type: ColumnType.DATE },
  ],
  sortIndex: 0,
  csvMapperFn: (row) => ({
    Site: row.siteName,
    Organization: row.orgName,
    Blasts: row.blasts,
    Fired: row.fired,
    Planned: row.planned,
    Holes: row.holes,
    'Last blast': formatDate(row.lastBlastAt),
  }),
};

/** SPEC §2 /dashboard: the data dashboard across the user's sites. */
export default function DashboardPage() {
  const orgId = useOrgId();
  const query = useDataDashboard(orgId);
  if (query.isError) return <ErrorScreen error={query.error} />;
  if (!query.data) return <FullScreenLoader />;
  const { totals, blastsPerMonth } = query.data;
  return (
    <Page title="Dashboard" lead={<>Blasts across every site you can open.</>}>
      <StatCards
        label="Totals"
        stats={[
          { label: 'Sites', value: totals.sites },
          { label: 'Blasts', value: totals.blasts },
          { label: 'Holes', value: totals.holes },
          { label: 'Total charge (kg)', value: totals.totalCharge, decimals: 1 },
        ]}
      />
      <div className="card mb-4">
        <div className="card-body">
          <BlastsChart
            months={blastsPerMonth}
            title="Blasts per month across your sites (last 12 months)"
          />
        </div>
      </div>
      <DataTable<SiteRow>
        columnSettings={columnSettings}
        query={dashboardSitesQueryOptions(orgId)}
        source={dashboardSitesSource()}
        getRowId={(r) => String(r.siteId)}
      />
    </Page>
  );
}
