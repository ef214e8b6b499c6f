import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dataDashboardSchema,
  siteDashboardSchema,
  type DataDashboard,
  type SiteDashboard,
} from '@/contract/data/dashboard';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';

/** Query keys of the site portal's dashboards. */
export const dashboardKeys = {
  site: ['site-dashboard'] as const,
  siteDetail: (orgId: number, siteId: number) => orgQueryKey(orgId, 'site-dashboard', siteId),
  data: (orgId: number) => orgQueryKey(orgId, 'data-dashboard'),
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
