import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dashboardSiteColumns,
  dashboardSiteSchema,
  dataDashboardSchema,
  siteDashboardSchema,
  type DataDashboard,
  type SiteDashboard,
} from '@/contract/data/dashboard';
import { dataApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { serverListSource } from '@/core/data-table/server-source';
import { orgQueryKey, queryPresets } from '@/core/query';

/** Query keys of the site portal's dashboards. */
export const dashboardKeys = {
  site: ['site-dashboard'] as const,
  siteDetail: (orgId: number, siteId: number) => orgQueryKey(orgId, 'site-dashboard', siteId),
  data: (orgId: number) => orgQueryKey(orgId, 'data-dashboard'),
  sites: (orgId: number) => orgQueryKey(orgId, 'data-dashboard', 'sites'),
};

/** GET orgs/{orgId}/sites/{siteId}/dashboard: counts, recent blasts, 12 months of blasts. */
export async function getSiteDashboard(
  orgId: number,
  siteId: number,
  signal?: AbortSignal,
): Promise<SiteDashboard> {
  const data = await dataApi.get<unknown>(`orgs/${orgId}/sites/${siteId}/dashboard`, undefined, {
    signal,
  });
  return siteDashboardSchema.parse(data);
}

export const siteDashboardQueryOptions = (orgId: number, siteId: number) =>
  queryOptions({
    queryKey: dashboardKeys.siteDetail(orgId, siteId),
    queryFn: ({ signal }) => getSiteDashboard(orgId, siteId, signal),
  });

export const useSiteDashboard = (orgId: number, siteId: number) =>
  useQuery(siteDashboardQueryOptions(orgId, siteId));

/**
 * POST dashboard/sites/list: the user's sites with their blast figures (the Dashboard's table),
 * whole while it fits in the browser; the table pages on the server beyond (issue 16).
 */
export const getDashboardSites = (signal?: AbortSignal) =>
  fetchList(dataApi, 'dashboard/sites/list', dashboardSiteSchema, { signal });

export const dashboardSitesQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: dashboardKeys.sites(orgId),
    queryFn: ({ signal }) => getDashboardSites(signal),
  });

/** The same list paged on the server: the table's server mode when it does not fit. */
export const dashboardSitesSource = () =>
  serverListSource({
    api: dataApi,
    base: 'dashboard/sites',
    row: dashboardSiteSchema,
    columns: dashboardSiteColumns,
  });

/** GET dashboard: totals and 12 months across the user's sites. */
export async function getDataDashboard(signal?: AbortSignal): Promise<DataDashboard> {
  const data = await dataApi.get<unknown>('dashboard', undefined, { signal });
  return dataDashboardSchema.parse(data);
}

export const dataDashboardQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: dashboardKeys.data(orgId),
    queryFn: ({ signal }) => getDataDashboard(signal),
  });

export const useDataDashboard = (orgId: number) => useQuery(dataDashboardQueryOptions(orgId));
