import { queryOptions } from '@tanstack/react-query';
import { orgUserSchema, type OrgUser } from '@/contract/crm/users';
import { pagedResultsSchema } from '@/contract/envelope';
import { crmApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';

/** POST orgs/{orgId}/users/list: The organisation's members and invitations (the client pages for us). */
export async function getOrgUsers(orgId: number, signal?: AbortSignal): Promise<OrgUser[]> {
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/users/list`,
    { skip: 0, take: 1000 },
    { signal },
  );
  return pagedResultsSchema(orgUserSchema).parse(data).results;
}

/** Same leading key as the list screen, so a change there refreshes the dashboard too. */
export const orgUsersQueryOptions = (orgId: number | null, enabled: boolean) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, 'org-users', 'list'),
    queryFn: ({ signal }) => getOrgUsers(orgId ?? 0, signal),
    enabled: enabled && orgId !== null,
  });
