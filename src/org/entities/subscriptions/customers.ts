import { queryOptions } from '@tanstack/react-query';
import { customerSchema, customerColumns } from '@/contract/crm/customers';
import { crmApi } from '@/core/api';
import { fetchList, fetchListPage } from '@/core/api/list';
import type { SearchOptions } from '@/core/forms';
import { queryPresets } from '@/core/query';
import { subscriptionKeys } from './keys';
import { serverListSource } from '@/core/data-table/server-source';

/**
 * POST orgs/{orgId}/customers/list: the organisations the vendor sold to (subscriptions or
 * issued licences), by name, with what they hold from it. Keyed under the customer
 * subscriptions, so a change of a subscription refreshes it too.
 */
export const getCustomers = (orgId: number, signal?: AbortSignal) =>
  fetchList(crmApi, `orgs/${orgId}/customers/list`, customerSchema, {
    body: { sortBy: 'name' },
    signal,
  });

/** The customers as a picker's options, searched on the server by name (issue 16). */
export const customerOptions =
  (orgId: number): SearchOptions =>
  async ({ search, signal }) => {
    const page = await fetchListPage(crmApi, `orgs/${orgId}/customers/list`, customerSchema, {
      search,
      body: { sortBy: 'name' },
      signal,
    });
    return { ...page, items: page.rows.map((c) => ({ id: c.id, label: c.name })) };
  };

export const customersQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: subscriptionKeys.customers(orgId),
    queryFn: ({ signal }) => getCustomers(orgId, signal),
  });

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const customersSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/customers`,
    row: customerSchema,
    columns: customerColumns,
  });
