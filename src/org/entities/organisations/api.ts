import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminUpdateOrgSchema,
  createOrgSchema,
  organisationSchema,
  updateOrgSchema,
  type Organisation,
  type UpdateOrg,
  organisationColumns,
} from '@/contract/crm/orgs';
import { crmApi, parseInput } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { customDataQueryOptions, useCustomDataHandlers } from '@/core/custom-data/records-api';
import { notify } from '@/core/notify';
import { useOrgId, userMetadataKeys } from '@/core/org';
import { orgQueryKey, queryPresets, useEntityMutation } from '@/core/query';
import { serverListSource } from '@/core/data-table/server-source';

/**
 * Query keys of organisations: every organisation (Organizations, sysadmin) and the selected
 * one as its owner sees it (Edit Organization).
 */
export const organisationKeys = {
  all: ['organisations'] as const,
  list: () => ['organisations', 'list'] as const,
  own: ['organisation'] as const,
  ownDetail: (orgId: number) => orgQueryKey(orgId, 'organisation'),
};

/** POST admin/orgs/list (sysadmin): every organisation, all pages. */
export const getOrganisations = (signal?: AbortSignal) =>
  fetchList(crmApi, 'admin/orgs/list', organisationSchema, { signal });

export const organisationsQueryOptions = () =>
  queryOptions({
    ...queryPresets.records,
    queryKey: organisationKeys.list(),
    queryFn: ({ signal }) => getOrganisations(signal),
  });

export type OrganisationInput = z.input<typeof adminUpdateOrgSchema>;

/** POST admin/orgs (create) or PUT admin/orgs/{orgId} (edit, flags included); sysadmin. */
export async function saveOrganisation(
  id: number | null,
  input: OrganisationInput,
): Promise<Organisation> {
  const data =
    id === null
      ? await crmApi.post<unknown>('admin/orgs', parseInput(createOrgSchema, input))
      : await crmApi.put<unknown>(`admin/orgs/${id}`, parseInput(adminUpdateOrgSchema, input));
  return organisationSchema.parse(data);
}

export function useSaveOrganisation() {
  return useEntityMutation(
    ({ id, input }: { id: number | null; input: OrganisationInput }) => saveOrganisation(id, input),
    {
      invalidates: [organisationKeys.all],
      onSuccess: (saved, { id }) =>
        notify.success(`Organization '${saved.name}' ${id === null ? 'created' : 'saved'}`),
    },
  );
}

/** GET orgs/{orgId} (org owner): the organisation as stored. */
export async function getOrg(orgId: number, signal?: AbortSignal): Promise<Organisation> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}`, undefined, { signal });
  return organisationSchema.parse(data);
}

export const orgQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: organisationKeys.ownDetail(orgId),
    queryFn: ({ signal }) => getOrg(orgId, signal),
  });

export function useOrg() {
  return useQuery(orgQueryOptions(useOrgId()));
}

/** PUT orgs/{orgId} (org owner): name, description, avatar. customData is left as it is. */
export async function updateOrg(orgId: number, input: UpdateOrg) {
  const body = updateOrgSchema.parse(input);
  const data = await crmApi.put<unknown>(`orgs/${orgId}`, body, {
    successMessage: 'Organization saved',
  });
  return organisationSchema.parse(data);
}

export function useUpdateOrg() {
  const orgId = useOrgId();
  // The shell's organisation switcher shows the name and avatar from the user metadata.
  return useEntityMutation((input: UpdateOrg) => updateOrg(orgId, input), {
    invalidates: [organisationKeys.own, userMetadataKeys.all],
  });
}

/**
 * An organisation's custom data records (orgs/{orgId}/custom-data): the owner's own on Edit
 * Organization, any organisation's on Organizations (a sysadmin holds every flag everywhere).
 */
const customDataBase = (orgId: number) => `orgs/${orgId}/custom-data`;

export function useOrgCustomData(orgId: number) {
  return useQuery(customDataQueryOptions(crmApi, customDataBase(orgId), organisationKeys.all));
}

export function useOrgCustomDataHandlers(orgId: number) {
  return useCustomDataHandlers(crmApi, customDataBase(orgId), [organisationKeys.all]);
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const organisationsSource = () =>
  serverListSource({
    api: crmApi,
    base: 'admin/orgs',
    row: organisationSchema,
    columns: organisationColumns,
  });
