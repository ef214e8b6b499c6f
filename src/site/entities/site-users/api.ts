import { queryOptions } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import {
  addSiteUserSchema,
  siteUserFlagsSchema,
  siteUserSchema,
  type AddSiteUser,
  type SiteUser,
  type SiteUserFlags,
  siteUserColumns,
} from '@/contract/data/site-users';
import { dataApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { useSiteScope } from '@/core/org';
import { orgQueryKey, queryPresets, useEntityMutation } from '@/core/query';
import { serverListSource } from '@/core/data-table/server-source';

/** Query keys of a site's users: invalidate siteUserKeys.all after a change. */
export const siteUserKeys = {
  all: ['site-users'] as const,
  list: (orgId: number, siteId: number) => orgQueryKey(orgId, 'site-users', siteId, 'list'),
};

const usersPath = (orgId: number, siteId: number) => `orgs/${orgId}/sites/${siteId}/users`;

/** POST orgs/{orgId}/sites/{siteId}/users/list: the site's users and their flags. */
export const getSiteUsers = (orgId: number, siteId: number, signal?: AbortSignal) =>
  fetchList(dataApi, `${usersPath(orgId, siteId)}/list`, siteUserSchema, { signal });

export const siteUsersQueryOptions = (orgId: number, siteId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: siteUserKeys.list(orgId, siteId),
    queryFn: ({ signal }) => getSiteUsers(orgId, siteId, signal),
  });

/** POST orgs/{orgId}/sites/{siteId}/users: a member of the organisation joins the site. */
export async function addSiteUser(orgId: number, siteId: number, input: AddSiteUser) {
  const body = addSiteUserSchema.parse(input);
  const data = await dataApi.post<unknown>(usersPath(orgId, siteId), body, {
    successMessage: `${body.email} added to the site`,
  });
  return siteUserSchema.parse(data);
}

export interface UpdateSiteUserInput {
  id: number;
  email: string;
  flags: SiteUserFlags;
}

/** PUT orgs/{orgId}/sites/{siteId}/users/{userId}: the site admin / site user flags. */
export async function updateSiteUser(orgId: number, siteId: number, input: UpdateSiteUserInput) {
  const body = siteUserFlagsSchema.parse(input.flags);
  const data = await dataApi.put<unknown>(`${usersPath(orgId, siteId)}/${input.id}`, body, {
    successMessage: `Site permissions of ${input.email} saved`,
  });
  return siteUserSchema.parse(data);
}

/** DELETE orgs/{orgId}/sites/{siteId}/users/{userId}: the user leaves the site. */
export async function removeSiteUser(
  orgId: number,
  siteId: number,
  user: Pick<SiteUser, 'id' | 'email'>,
) {
  const data = await dataApi.delete<unknown>(`${usersPath(orgId, siteId)}/${user.id}`, undefined, {
    successMessage: `${user.email} removed from the site`,
  });
  return idResultSchema.parse(data);
}

/** A write of the selected site's users; every read of them refreshes after it. */
function useSiteUserMutation<TInput, TResult>(
  write: (orgId: number, siteId: number, input: TInput) => Promise<TResult>,
) {
  const { orgId, siteId } = useSiteScope();
  return useEntityMutation((input: TInput) => write(orgId, siteId, input), {
    invalidates: [siteUserKeys.all],
  });
}

export const useAddSiteUser = () => useSiteUserMutation(addSiteUser);
export const useUpdateSiteUser = () => useSiteUserMutation(updateSiteUser);
export const useRemoveSiteUser = () => useSiteUserMutation(removeSiteUser);

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const siteUsersSource = (orgId: number, siteId: number) =>
  serverListSource({
    api: dataApi,
    base: usersPath(orgId, siteId),
    row: siteUserSchema,
    columns: siteUserColumns,
  });
