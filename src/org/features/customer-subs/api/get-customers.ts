import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerSchema, type Customer } from '@/contract/crm/customers';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { CUSTOMER_SUBS_KEY } from './get-customer-subs';

export const customersTableKey = [CUSTOMER_SUBS_KEY, 'customers-table'] as const;

const listSchema = pagedResultsSchema(customerSchema);

/**
 * POST orgs/{orgId}/customers/list: the organisations the vendor sold to (subscriptions or issued
 * licences), by name, with what they hold from it. The API client posts again for the rest.
 */
export async function getCustomers(orgId: number, signal?: AbortSignal): Promise<Customer[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/customers/list`,
    { skip: 0, take: 1000, sortBy: 'name' },
    { signal },
  );
  return listSchema.parse(data).results;
}

export const customersQueryOptions = (orgId: number | null) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: orgQueryKey(orgId, CUSTOMER_SUBS_KEY, 'customers'),
    queryFn: ({ signal }) => getCustomers(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useCustomers() {
  return useQuery(customersQueryOptions(useSelectedOrgId()));
}
