import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createSubscriptionSchema,
  subscriptionDetailSchema,
  subscriptionSchema,
  updateSubscriptionSchema,
  type CreateSubscription,
  type Subscription,
  type SubscriptionDetail,
  type UpdateSubscription,
  customerSubColumns,
} from '@/contract/crm/subscriptions';
import { idResultSchema } from '@/contract/common';
import { crmApi, parseInput } from '@/core/api';
import { fetchList, fetchListPage } from '@/core/api/list';
import type { SearchOptions } from '@/core/forms';
import { formatDate } from '@/core/format';
import { notify } from '@/core/notify';
import { useOrgId } from '@/core/org';
import { queryPresets, useEntityMutation } from '@/core/query';
import { subscriptionKeys } from './keys';
import { serverListSource } from '@/core/data-table/server-source';

/**
 * POST orgs/{orgId}/issued-subscriptions/list: subscriptions sold to customers, disabled
 * included unless asked otherwise; `offeringId` keeps one offering's (the server filters).
 */
export const getCustomerSubscriptions = (
  orgId: number,
  options: { includeDisabled?: boolean; offeringId?: number; signal?: AbortSignal } = {},
) =>
  fetchList(crmApi, `orgs/${orgId}/issued-subscriptions/list`, subscriptionSchema, {
    body: {
      ...(options.includeDisabled === false ? { includeDisabled: false } : {}),
      ...(options.offeringId === undefined ? {} : { offeringId: options.offeringId }),
    },
    signal: options.signal,
  });

/**
 * One customer's subscriptions of one offering that a licence can belong to (not disabled), as a
 * picker's options searched on the server. `fields` name the form fields holding the customer
 * and the offering: with either one not chosen there is nothing to offer. The customer and the
 * offering are implied by those fields, so each option says what tells it apart:
 * 'Name · ends 2027/11/23'.
 */
export const customerSubscriptionOptions =
  (orgId: number, fields: { customer: string; offering: string }): SearchOptions =>
  async ({ search, values, signal }) => {
    const customer = Number(values[fields.customer]);
    const offering = Number(values[fields.offering]);
    const chosen = (id: number) => Number.isInteger(id) && id > 0;
    if (!chosen(customer) || !chosen(offering)) return { items: [], total: 0 };
    const page = await fetchListPage(
      crmApi,
      `orgs/${orgId}/issued-subscriptions/list`,
      subscriptionSchema,
      {
        search,
        body: {
          subscriberOrgId: customer,
          offeringId: offering,
          includeDisabled: false,
          sortBy: 'name',
        },
        signal,
      },
    );
    return {
      ...page,
      items: page.rows.map((s) => ({
        id: s.id,
        label: [s.name, s.endDate ? `ends ${formatDate(s.endDate)}` : 'no end date'].join(' · '),
      })),
    };
  };

/** Customer Subs: the list screen's cache entry (the whole list, client mode). */
export const customerSubscriptionsQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: subscriptionKeys.issuedList(orgId),
    queryFn: ({ signal }) => getCustomerSubscriptions(orgId, { signal }),
  });

/**
 * The customer subscriptions of one offering (Product and Service Details): the server keeps
 * that offering's rows, so the page never loads the vendor's whole list to show a few.
 */
export const offeringSubscriptionsQueryOptions = (orgId: number, offeringId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: subscriptionKeys.issuedOfOffering(orgId, offeringId),
    queryFn: ({ signal }) => getCustomerSubscriptions(orgId, { offeringId, signal }),
  });

/** GET orgs/{orgId}/issued-subscriptions/{id}: with its attachments and licences. */
export async function getCustomerSubscription(
  orgId: number,
  id: number,
  signal?: AbortSignal,
): Promise<SubscriptionDetail> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/issued-subscriptions/${id}`, undefined, {
    signal,
  });
  return subscriptionDetailSchema.parse(data);
}

export const customerSubscriptionQueryOptions = (orgId: number, id: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: subscriptionKeys.issuedDetail(orgId, id),
    queryFn: ({ signal }) => getCustomerSubscription(orgId, id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useCustomerSubscription(id: number) {
  return useQuery(customerSubscriptionQueryOptions(useOrgId(), id));
}

/** POST orgs/{orgId}/issued-subscriptions: one subscription per chosen customer (MULTI_CREATE). */
export async function createSubscriptions(orgId: number, input: CreateSubscription) {
  const body = parseInput(createSubscriptionSchema, input);
  const data = await crmApi.post<unknown>(`orgs/${orgId}/issued-subscriptions`, body);
  return z.array(subscriptionSchema).parse(data);
}

export function useCreateSubscriptions() {
  const orgId = useOrgId();
  return useEntityMutation((input: CreateSubscription) => createSubscriptions(orgId, input), {
    invalidates: [subscriptionKeys.issued],
    onSuccess: (created) =>
      notify.success(
        created.length === 1
          ? `Subscription '${created[0]?.name ?? ''}' created`
          : `${created.length} subscriptions created`,
      ),
  });
}

/** PUT orgs/{orgId}/issued-subscriptions/{id}; attachments listed are added. */
export async function updateSubscription(orgId: number, id: number, input: UpdateSubscription) {
  const body = parseInput(updateSubscriptionSchema, input);
  const data = await crmApi.put<unknown>(`orgs/${orgId}/issued-subscriptions/${id}`, body);
  return subscriptionDetailSchema.parse(data);
}

export function useUpdateSubscription() {
  const orgId = useOrgId();
  return useEntityMutation(
    ({ id, input }: { id: number; input: UpdateSubscription }) =>
      updateSubscription(orgId, id, input),
    {
      invalidates: [subscriptionKeys.issued],
      onSuccess: (saved) => notify.success(`Subscription '${saved.name}' saved`),
    },
  );
}

/** POST orgs/{orgId}/issued-subscriptions/{id}/disable: its active licences are suspended too. */
export async function disableSubscription(orgId: number, id: number) {
  const data = await crmApi.post<unknown>(`orgs/${orgId}/issued-subscriptions/${id}/disable`, {});
  return idResultSchema.parse(data).id;
}

export function useDisableSubscription() {
  const orgId = useOrgId();
  return useEntityMutation(
    (subscription: Subscription) => disableSubscription(orgId, subscription.id),
    {
      invalidates: [subscriptionKeys.issued],
      onSuccess: (_id, subscription) =>
        notify.success(`Subscription '${subscription.name}' disabled`),
    },
  );
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const customerSubscriptionsSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/issued-subscriptions`,
    row: subscriptionSchema,
    columns: customerSubColumns,
  });

/** One offering's customer subscriptions paged on the server (when they do not fit). */
export const offeringSubscriptionsSource = (orgId: number, offeringId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/issued-subscriptions`,
    row: subscriptionSchema,
    columns: customerSubColumns,
    body: { offeringId },
  });
