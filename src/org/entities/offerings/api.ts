import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  offeringDetailSchema,
  offeringSchema,
  type OfferingDetail,
  offeringColumns,
} from '@/contract/crm/offerings';
import { crmApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { useOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { serverListSource } from '@/core/data-table/server-source';

/** Query keys of the organisation's offerings: invalidate offeringKeys.all after a change. */
export const offeringKeys = {
  all: ['offerings'] as const,
  list: (orgId: number) => orgQueryKey(orgId, 'offerings', 'list'),
  detail: (orgId: number, id: number) => orgQueryKey(orgId, 'offerings', 'detail', id),
};

/** The organisation's product- and service-owner flags (SPEC §3): which offerings it may sell. */
export interface SellerFlags {
  isProductOwnerEnabled: boolean;
  isServiceOwnerEnabled: boolean;
}

/** Whether an offering of this type may be sold (licensed, subscribed) by the organisation now. */
export const isSellable =
  (flags: SellerFlags) =>
  (offering: { type: 'product' | 'service' }): boolean =>
    offering.type === 'product' ? flags.isProductOwnerEnabled : flags.isServiceOwnerEnabled;

/** POST orgs/{orgId}/offerings/list: the organisation's products and services (all pages). */
export const getOfferings = (orgId: number, signal?: AbortSignal) =>
  fetchList(crmApi, `orgs/${orgId}/offerings/list`, offeringSchema, { signal });

export const offeringsQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: offeringKeys.list(orgId),
    queryFn: ({ signal }) => getOfferings(orgId, signal),
  });

/** GET orgs/{orgId}/offerings/{id}: a product or service with its features and custom data. */
export async function getOffering(
  orgId: number,
  id: number,
  signal?: AbortSignal,
): Promise<OfferingDetail> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/offerings/${id}`, undefined, { signal });
  return offeringDetailSchema.parse(data);
}

export const offeringQueryOptions = (orgId: number, id: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: offeringKeys.detail(orgId, id),
    queryFn: ({ signal }) => getOffering(orgId, id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // A missing offering will not appear by asking again.
    retry: false,
  });

export function useOffering(id: number) {
  return useQuery(offeringQueryOptions(useOrgId(), id));
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const offeringsSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/offerings`,
    row: offeringSchema,
    columns: offeringColumns,
  });
