import { queryOptions, useQuery } from '@tanstack/react-query';
import { organisationSchema, type Organisation } from '@/contract/crm/orgs';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey } from '@/core/query';

export const ORG_KEY = 'organisation';

/** GET orgs/{orgId} (org owner): the organisation as stored. */
export async function getOrg(orgId: number, signal?: AbortSignal): Promise<Organisation> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}`, undefined, { signal });
  return organisationSchema.parse(data);
}

export const orgQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, ORG_KEY),
    queryFn: ({ signal }) => getOrg(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useOrg() {
  return useQuery(orgQueryOptions(useSelectedOrgId()));
}
