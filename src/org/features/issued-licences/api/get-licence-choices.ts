import { queryOptions, useQuery } from '@tanstack/react-query';
import { useOrgId } from '@/core/org';
import { orgQueryKey, queryPresets } from '@/core/query';
import { licenceKeys } from '@/org/entities/licences/keys';
import { getOfferings } from '@/org/entities/offerings/api';

export interface OfferingChoice {
  id: number;
  name: string;
  type: 'product' | 'service';
}

/**
 * The offerings the Issue form chooses from, by name. Customers and their subscriptions are
 * searched on the server as the user types (issue 16: a vendor has thousands of them).
 */
export async function getOfferingChoices(
  orgId: number,
  signal?: AbortSignal,
): Promise<OfferingChoice[]> {
  const offerings = await getOfferings(orgId, signal);
  return offerings
    .map((o) => ({ id: o.id, name: o.name, type: o.type }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const offeringChoicesQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.interactive,
    queryKey: orgQueryKey(orgId, ...licenceKeys.issued, 'choices'),
    queryFn: ({ signal }) => getOfferingChoices(orgId, signal),
  });

export function useOfferingChoices() {
  return useQuery(offeringChoicesQueryOptions(useOrgId()));
}
