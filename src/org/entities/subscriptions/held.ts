import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { licenceSchema } from '@/contract/crm/licences';
import {
  assignLicenceSchema,
  subscriptionDetailSchema,
  subscriptionSchema,
  type SubscriptionDetail,
  softwareColumns,
} from '@/contract/crm/subscriptions';
import { crmApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { useOrgId } from '@/core/org';
import { queryPresets, useEntityMutation } from '@/core/query';
import { subscriptionKeys } from './keys';
import { serverListSource } from '@/core/data-table/server-source';

/** POST orgs/{orgId}/my-subscriptions/list: the subscriptions the organisation holds. */
export const getMySubscriptions = (orgId: number, signal?: AbortSignal) =>
  fetchList(crmApi, `orgs/${orgId}/my-subscriptions/list`, subscriptionSchema, { signal });

/** Software: the list screen and the dashboard read this one cache entry. */
export const mySubscriptionsQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: subscriptionKeys.heldList(orgId),
    queryFn: ({ signal }) => getMySubscriptions(orgId, signal),
  });

/** GET orgs/{orgId}/my-subscriptions/{id}: the subscription with its licences. */
export async function getMySubscription(
  orgId: number,
  id: number,
  signal?: AbortSignal,
): Promise<SubscriptionDetail> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/my-subscriptions/${id}`, undefined, {
    signal,
  });
  return subscriptionDetailSchema.parse(data);
}

export const mySubscriptionQueryOptions = (orgId: number, id: number) =>
  queryOptions({
    queryKey: subscriptionKeys.heldDetail(orgId, id),
    queryFn: ({ signal }) => getMySubscription(orgId, id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export function useMySubscription(id: number) {
  return useQuery(mySubscriptionQueryOptions(useOrgId(), id));
}

export interface AssignLicenceInput {
  subscriptionId: number;
  licenceId: number;
  /** null unassigns. */
  userId: number | null;
  /** For the toast. */
  userLabel?: string;
}

/** POST orgs/{orgId}/my-subscriptions/{id}/licences/{licenceId}/assign */
export async function assignLicence(orgId: number, input: AssignLicenceInput) {
  const body = assignLicenceSchema.parse({ userId: input.userId });
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/my-subscriptions/${input.subscriptionId}/licences/${input.licenceId}/assign`,
    body,
    {
      successMessage:
        body.userId === null
          ? 'Licence unassigned'
          : `Licence assigned${input.userLabel ? ` to ${input.userLabel}` : ''}`,
    },
  );
  return licenceSchema.parse(data);
}

/**
 * Assigns or frees a seat. The subscription's page, the Software list (seats used) and the
 * Licences screen change: `heldLicences` is the licences entity's leading key.
 */
export function useAssignLicence(heldLicences: QueryKey) {
  const orgId = useOrgId();
  return useEntityMutation((input: AssignLicenceInput) => assignLicence(orgId, input), {
    invalidates: [subscriptionKeys.held, heldLicences],
  });
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const mySubscriptionsSource = (orgId: number) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/my-subscriptions`,
    row: subscriptionSchema,
    columns: softwareColumns,
  });
