import { queryOptions } from '@tanstack/react-query';
import { licenceSchema, heldLicenceColumns } from '@/contract/crm/licences';
import { crmApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { queryPresets } from '@/core/query';
import { licenceKeys } from './keys';
import { serverListSource } from '@/core/data-table/server-source';

/** POST orgs/{orgId}/licences/list: the licences the organisation holds (as a customer). */
export const getLicences = (orgId: number, signal?: AbortSignal) =>
  fetchList(crmApi, `orgs/${orgId}/licences/list`, licenceSchema, { signal });

/** Licences: the list screen and the dashboard read this one cache entry. */
export const licencesQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: licenceKeys.heldList(orgId),
    queryFn: ({ signal }) => getLicences(orgId, signal),
  });

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const licencesSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/licences`,
    row: licenceSchema,
    columns: heldLicenceColumns,
  });

/**
 * The licences of one subscription the organisation holds (Service Licences), by the list
 * endpoint's `subscriptionId`: the true total at any size, paged on the server when large.
 */
export const heldSubscriptionLicencesQueryOptions = (orgId: number, subscriptionId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: licenceKeys.heldOfSubscription(orgId, subscriptionId),
    queryFn: ({ signal }) =>
      fetchList(crmApi, `orgs/${orgId}/licences/list`, licenceSchema, {
        body: { subscriptionId },
        signal,
      }),
  });

/** The same licences paged on the server (the table's server mode). */
export const heldSubscriptionLicencesSource = (orgId: number, subscriptionId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/licences`,
    row: licenceSchema,
    columns: heldLicenceColumns,
    body: { subscriptionId },
  });
