import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringDetailSchema, type OfferingDetail } from '@/contract/crm/offerings';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { OFFERINGS_KEY } from './get-offerings';

/** GET orgs/{orgId}/offerings/{id}: a product or service with its features and custom data. */
export async function getOffering(
  orgId: number,
  id: number,
  signal?: AbortSignal,
): Promise<OfferingDetail> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/offerings/${id}`, undefined, { signal });
  return offeringDetailSchema.parse(data);
}

export const offeringQueryOptions = (orgId: number | null, id: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: orgQueryKey(orgId, OFFERINGS_KEY, 'detail', id),
    queryFn: ({ signal }) => getOffering(orgId ?? 0, id, signal),
    enabled: orgId !== null && Number.isInteger(id) && id > 0,
    // A missing offering will not appear by asking again.
    retry: false,
  });

export function useOffering(id: number) {
  return useQuery(offeringQueryOptions(useSelectedOrgId(), id));
}
