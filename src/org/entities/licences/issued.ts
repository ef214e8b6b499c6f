import { queryOptions } from '@tanstack/react-query';
import {
  issueLicenceSchema,
  issuedSummarySchema,
  licenceSchema,
  renewLicenceSchema,
  type IssueLicence,
  type IssuedSummaryCounts,
  type Licence,
  issuedLicenceColumns,
} from '@/contract/crm/licences';
import { crmApi, parseInput } from '@/core/api';
import { fetchList, fetchListPage } from '@/core/api/list';
import { notify } from '@/core/notify';
import { useOrgId } from '@/core/org';
import { queryPresets, useEntityMutation } from '@/core/query';
import { licenceKeys } from './keys';
import { serverListSource } from '@/core/data-table/server-source';

/** POST orgs/{orgId}/issued-licences/list: licences the organisation issued (all pages). */
export const getIssuedLicences = (orgId: number, signal?: AbortSignal) =>
  fetchList(crmApi, `orgs/${orgId}/issued-licences/list`, licenceSchema, { signal });

/** Issued Licences: the list screen and the dashboard read this one cache entry. */
export const issuedLicencesQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: licenceKeys.issuedList(orgId),
    queryFn: ({ signal }) => getIssuedLicences(orgId, signal),
  });

/** The dashboard's figures of the licences an organisation issued, counted on the server. */
export interface IssuedSummary {
  /** Exact counts of each state as the lists show it. */
  byState: IssuedSummaryCounts['byState'];
  /** Active licences expiring between `from` and `to` (calendar days): the soonest, and how many. */
  renewals: { rows: Licence[]; total: number };
}

/**
 * The issued licences at a glance, at any size (issue 16): exact counts from the summary
 * endpoint (the list's totals past 10,000 are estimates, once a third off for each state at
 * a million licences), and the first renewals due, one page of the list (never the whole list).
 */
export async function getIssuedSummary(
  orgId: number,
  window: { from: string; to: string },
  signal?: AbortSignal,
): Promise<IssuedSummary> {
  const [counts, renewals] = await Promise.all([
    crmApi
      .get<unknown>(`orgs/${orgId}/issued-licences/summary`, window, { signal })
      .then((answer) => issuedSummarySchema.parse(answer)),
    fetchListPage(crmApi, `orgs/${orgId}/issued-licences/list`, licenceSchema, {
      take: 10,
      body: { filters: { 'state.name': ['Active'], expiry: window }, sortBy: 'expiry' },
      signal,
    }),
  ]);
  return {
    byState: counts.byState,
    renewals: { rows: renewals.rows, total: counts.renewalsDue },
  };
}

export const issuedSummaryQueryOptions = (orgId: number, window: { from: string; to: string }) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: licenceKeys.issuedSummary(orgId, window),
    queryFn: ({ signal }) => getIssuedSummary(orgId, window, signal),
  });

/** POST orgs/{orgId}/issued-licences: issue a licence of one of the organisation's offerings. */
export async function issueLicence(orgId: number, input: IssueLicence) {
  const body = parseInput(issueLicenceSchema, input);
  return licenceSchema.parse(await crmApi.post<unknown>(`orgs/${orgId}/issued-licences`, body));
}

export function useIssueLicence() {
  const orgId = useOrgId();
  return useEntityMutation((input: IssueLicence) => issueLicence(orgId, input), {
    invalidates: [licenceKeys.issued],
    onSuccess: (licence) =>
      notify.success(`Licence of ${licence.product.name} issued to ${licence.customerOrg.name}`),
  });
}

export type LicenceChange =
  | { kind: 'suspend' | 'reinstate'; licence: Licence }
  | { kind: 'renew'; licence: Licence; expiry: string };

const done = { suspend: 'suspended', reinstate: 'reinstated', renew: 'renewed' } as const;

/** POST orgs/{orgId}/issued-licences/{id}/suspend | reinstate, or .../renew with a new expiry. */
export async function changeLicence(orgId: number, change: LicenceChange): Promise<Licence> {
  const path = `orgs/${orgId}/issued-licences/${change.licence.id}/${change.kind}`;
  const body =
    change.kind === 'renew' ? parseInput(renewLicenceSchema, { expiry: change.expiry }) : {};
  return licenceSchema.parse(await crmApi.post<unknown>(path, body));
}

export function useChangeLicence() {
  const orgId = useOrgId();
  return useEntityMutation((change: LicenceChange) => changeLicence(orgId, change), {
    invalidates: [licenceKeys.issued],
    onSuccess: (licence, change) =>
      notify.success(
        `Licence of ${licence.product.name} for ${licence.customerOrg.name} ${done[change.kind]}`,
      ),
  });
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const issuedLicencesSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/issued-licences`,
    row: licenceSchema,
    columns: issuedLicenceColumns,
    bulk: ['renew', 'suspend', 'reinstate'],
  });

/**
 * The licences of one subscription the organisation sold (Subscription Details): the list
 * endpoint keeps that subscription's rows (`subscriptionId`), so the true total shows at any
 * size, and the table pages on the server when they do not fit in the browser.
 */
export const subscriptionLicencesQueryOptions = (orgId: number, subscriptionId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: licenceKeys.issuedOfSubscription(orgId, subscriptionId),
    queryFn: ({ signal }) =>
      fetchList(crmApi, `orgs/${orgId}/issued-licences/list`, licenceSchema, {
        body: { subscriptionId },
        signal,
      }),
  });

/** The same licences paged on the server (the table's server mode). */
export const subscriptionLicencesSource = (orgId: number, subscriptionId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/issued-licences`,
    row: licenceSchema,
    columns: issuedLicenceColumns,
    body: { subscriptionId },
  });
