import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dataDashboardSchema,
  siteDashboardSchema,
  type DataDashboard,
  type SiteDashboard,
} from '@/contract/data/dashboard';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { DATA_DASHBOARD_KEY, SITE_DASHBOARD_KEY } from './keys';

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
    queryKey: orgQueryKey(orgId, SITE_DASHBOARD_KEY, siteId),
    queryFn: ({ signal }) => getSiteDashboard(orgId, siteId, signal),
  });

export const useSiteDashboard = (orgId: number, siteId: number) =>
  useQuery(siteDashboardQueryOptions(orgId, siteId));

/** GET dashboard: totals and 12 months across the user's sites. */
export async function getDataDashboard(signal?: AbortSignal): Promise<DataDashboard> {
  const data = await dataApi.get<unknown>('dashboard', undefined, { signal });
  return dataDashboardSchema.parse(data);
}

export const dataDashboardQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, DATA_DASHBOARD_KEY),
    queryFn: ({ signal }) => getDataDashboard(signal),
  });

export const useDataDashboard = (orgId: number | null) =>
  useQuery(dataDashboardQueryOptions(orgId));
