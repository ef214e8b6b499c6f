import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  siteInputSchema,
  siteSchema,
  siteSubscriptionSchema,
  type SiteInput,
  type SiteSubscription,
  siteColumns,
} from '@/contract/data/sites';
import { dataApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { userMetadataKeys } from '@/core/org';
import { orgQueryKey, queryPresets, useEntityMutation } from '@/core/query';
import { dashboardKeys } from './dashboards';
import { serverListSource } from '@/core/data-table/server-source';

/** Query keys of sites: invalidate siteKeys.all after a change. */
export const siteKeys = {
  all: ['data-sites'] as const,
  orgList: (orgId: number) => orgQueryKey(orgId, 'data-sites', 'list'),
  /** Every site of every organisation (sysadmin): not keyed by the selected one. */
  allList: () => ['data-sites', 'all'] as const,
  /** The user's sites across organisations (the landing page): not keyed by organisation. */
  mine: () => ['data-sites', 'mine'] as const,
  subscriptions: (orgId: number) => orgQueryKey(orgId, 'data-sites', 'subscriptions'),
};

/** POST orgs/{orgId}/sites/list: the organisation's sites (Site Admin, org admin). */
export const getOrgSites = (orgId: number, signal?: AbortSignal) =>
  fetchList(dataApi, `orgs/${orgId}/sites/list`, siteSchema, { signal });

export const orgSitesQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: siteKeys.orgList(orgId),
    queryFn: ({ signal }) => getOrgSites(orgId, signal),
  });

/** POST admin/sites/list: every site of every organisation (sysadmin). */
export const getAllSites = (signal?: AbortSignal) =>
  fetchList(dataApi, 'admin/sites/list', siteSchema, { signal });

export const allSitesQueryOptions = () =>
  queryOptions({
    ...queryPresets.records,
    queryKey: siteKeys.allList(),
    queryFn: ({ signal }) => getAllSites(signal),
  });

/**
 * GET my-sites: every site the user can open in all their organisations, with organisation,
 * subscription name and counts, in one request (the server applies the visibility rule).
 */
export async function getMySites(signal?: AbortSignal) {
  const data = await dataApi.get<unknown>('my-sites', undefined, { signal });
  return z.array(siteSchema).parse(data);
}

export const mySitesQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.mine(), queryFn: ({ signal }) => getMySites(signal) });

export const useMySites = () => useQuery(mySitesQueryOptions());

/** GET orgs/{orgId}/site-subscriptions: the subscriptions a site of the organisation may use. */
export async function getSiteSubscriptions(
  orgId: number,
  signal?: AbortSignal,
): Promise<SiteSubscription[]> {
  const data = await dataApi.get<unknown>(`orgs/${orgId}/site-subscriptions`, undefined, {
    signal,
  });
  return z.array(siteSubscriptionSchema).parse(data);
}

export const siteSubscriptionsQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: siteKeys.subscriptions(orgId),
    queryFn: ({ signal }) => getSiteSubscriptions(orgId, signal),
  });

export const useSiteSubscriptions = (orgId: number) =>
  useQuery(siteSubscriptionsQueryOptions(orgId));

export interface SaveSiteInput {
  orgId: number;
  /** Absent: create. */
  siteId?: number;
  input: SiteInput;
}

/** POST orgs/{orgId}/sites (create) or PUT orgs/{orgId}/sites/{siteId} (edit). */
export async function saveSite({ orgId, siteId, input }: SaveSiteInput) {
  const body = siteInputSchema.parse(input);
  const data =
    siteId === undefined
      ? await dataApi.post<unknown>(`orgs/${orgId}/sites`, body, {
          successMessage: `Site ${body.name} created`,
        })
      : await dataApi.put<unknown>(`orgs/${orgId}/sites/${siteId}`, body, {
          successMessage: `Site ${body.name} saved`,
        });
  return siteSchema.parse(data);
}

/** Every list of sites and the dashboards change; the sidebar reads sites from the metadata. */
export function useSaveSite() {
  return useEntityMutation(saveSite, {
    invalidates: [siteKeys.all, dashboardKeys.site, userMetadataKeys.all],
  });
}

/** The same lists paged on the server (issue 16): the table's server mode when they do not fit. */
export const orgSitesSource = (orgId: number) =>
  serverListSource({
    api: dataApi,
    base: `orgs/${orgId}/sites`,
    row: siteSchema,
    columns: siteColumns,
  });
export const allSitesSource = () =>
  serverListSource({ api: dataApi, base: 'admin/sites', row: siteSchema, columns: siteColumns });
