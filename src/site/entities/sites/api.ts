import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import {
  siteInputSchema,
  siteSchema,
  siteSubscriptionSchema,
  type SiteInput,
  type SiteSubscription,
  siteColumns,
} from '@/contract/data/sites';
import { dataApi } from '@/core/api';
import { fetchList, getListPage } from '@/core/api/list';
import type { SearchOptions } from '@/core/forms';
import { formatDate } from '@/core/format';
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

/** How many of the user's sites the landing page shows at a time. */
export const MY_SITES_PAGE_SIZE = 30;

/**
 * GET my-sites: the sites the user can open in all their organisations (the server applies the
 * visibility rule), with organisation, subscription name and counts, ordered by organisation and
 * site name; one page at a time, searched on the server, with the true total (issue 16).
 */
export const getMySites = (options: { search?: string; skip?: number; signal?: AbortSignal }) =>
  getListPage(dataApi, 'my-sites', siteSchema, { ...options, take: MY_SITES_PAGE_SIZE });

export const mySitesQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...siteKeys.mine(), search.trim()] as const,
    queryFn: ({ pageParam, signal }) => getMySites({ search, skip: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, page) => n + page.rows.length, 0);
      return shown < last.total && last.rows.length > 0 ? shown : undefined;
    },
  });

/** The user's sites matching `search`; the previous ones stay shown while the next arrive. */
export const useMySites = (search: string) =>
  useInfiniteQuery({ ...mySitesQueryOptions(search), placeholderData: keepPreviousData });

/**
 * GET orgs/{orgId}/site-subscriptions: the subscriptions a site of the organisation may use, as a
 * picker's options searched on the server (a page at a time, with the true total: issue 16).
 */
export const siteSubscriptionOptions =
  (orgId: number): SearchOptions =>
  async ({ search, signal }) => {
    const page = await getListPage(
      dataApi,
      `orgs/${orgId}/site-subscriptions`,
      siteSubscriptionSchema,
      { search, signal },
    );
    return { ...page, items: subscriptionItems(page.rows) };
  };

/** The subscription picker's label: name, vendor and end date; disabled ones say so. */
export const subscriptionLabel = (s: {
  name: string;
  vendorOrgName?: string | null;
  endDate?: string | null;
  isDisabled?: boolean;
}) =>
  `${s.name}${s.vendorOrgName ? ` (${s.vendorOrgName}${s.endDate ? `, until ${formatDate(s.endDate)}` : ''})` : ''}${s.isDisabled ? ' — disabled' : ''}`;

export const subscriptionItems = (subs: readonly SiteSubscription[]) =>
  subs.map((s) => ({ id: s.id, label: subscriptionLabel(s) }));

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
