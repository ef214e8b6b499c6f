import { http } from 'msw';
import type { DashboardSite, DataDashboard } from '@/contract/data/dashboard';
import type { Site, SiteSubscription } from '@/contract/data/sites';
import { data, ok, pageOf, rowsOf, type Rows } from '../envelope';

/** The data service's sites: the user's own across organisations (my-sites), and the dashboard. */
export const siteHandlers = {
  /** GET my-sites: a page (search, skip, take) with the true total. */
  mine: (rows: Rows<Site>) =>
    http.get(data('my-sites'), ({ request }) => pageOf(request, rowsOf(rows))),
  /** GET orgs/{orgId}/site-subscriptions: the Site Admin picker's page. */
  subscriptions: (orgId: number, rows: Rows<SiteSubscription>) =>
    http.get(data(`orgs/${orgId}/site-subscriptions`), ({ request }) =>
      pageOf(request, rowsOf(rows)),
    ),
  /** GET dashboard: the totals and months. */
  dashboard: (answer: DataDashboard) => http.get(data('dashboard'), () => ok(answer)),
  /** POST dashboard/sites/list: the Dashboard's table of sites, a page at a time. */
  dashboardSites: (rows: Rows<DashboardSite>) =>
    http.post(data('dashboard/sites/list'), ({ request }) => pageOf(request, rowsOf(rows))),
};
