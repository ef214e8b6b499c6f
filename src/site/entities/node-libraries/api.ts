import { queryOptions, useQuery } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import {
  nodeLibraryInputSchema,
  nodeLibraryListItemSchema,
  nodeLibrarySchema,
  type NodeLibrary,
  type NodeLibraryInput,
  nodeLibraryColumns,
} from '@/contract/data/node-libraries';
import { dataApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { orgQueryKey, queryPresets, useEntityMutation } from '@/core/query';
import { serverListSource } from '@/core/data-table/server-source';

/** Where a node library lives: organisation-wide, or one site's. */
export interface LibraryScope {
  orgId: number;
  siteId: number | null;
}

/** Query keys of node libraries: invalidate nodeLibraryKeys.all after a change. */
export const nodeLibraryKeys = {
  all: ['node-libraries'] as const,
  list: ({ orgId, siteId }: LibraryScope) => orgQueryKey(orgId, 'node-libraries', siteId, 'list'),
  detail: ({ orgId, siteId }: LibraryScope, id: number) =>
    orgQueryKey(orgId, 'node-libraries', siteId, id),
};

/** The collection path of a scope under the data service. */
export const librariesPath = ({ orgId, siteId }: LibraryScope) =>
  siteId === null ? `orgs/${orgId}/node-libraries` : `orgs/${orgId}/sites/${siteId}/node-libraries`;

/**
 * POST …/node-libraries/list: the organisation's libraries, or a site's together with the
 * organisation-wide ones.
 */
export const getNodeLibraries = (scope: LibraryScope, signal?: AbortSignal) =>
  fetchList(dataApi, `${librariesPath(scope)}/list`, nodeLibraryListItemSchema, {
    body: scope.siteId === null ? {} : { includeOrgLibraries: true },
    signal,
  });

export const nodeLibrariesQueryOptions = (scope: LibraryScope) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: nodeLibraryKeys.list(scope),
    queryFn: ({ signal }) => getNodeLibraries(scope, signal),
  });

/** GET …/node-libraries/{id}: a library with its nodes (a site path may read org-wide ones). */
export async function getNodeLibrary(
  scope: LibraryScope,
  id: number,
  signal?: AbortSignal,
): Promise<NodeLibrary> {
  const data = await dataApi.get<unknown>(`${librariesPath(scope)}/${id}`, undefined, { signal });
  return nodeLibrarySchema.parse(data);
}

export const nodeLibraryQueryOptions = (scope: LibraryScope, id: number) =>
  queryOptions({
    queryKey: nodeLibraryKeys.detail(scope, id),
    queryFn: ({ signal }) => getNodeLibrary(scope, id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useNodeLibrary = (scope: LibraryScope, id: number) =>
  useQuery(nodeLibraryQueryOptions(scope, id));

export interface SaveNodeLibraryInput {
  scope: LibraryScope;
  /** Absent: create. */
  id?: number;
  input: NodeLibraryInput;
}

/** POST (create) or PUT (replace) a node library in its scope. */
export async function saveNodeLibrary({ scope, id, input }: SaveNodeLibraryInput) {
  const body = nodeLibraryInputSchema.parse(input);
  const path = librariesPath(scope);
  const data =
    id === undefined
      ? await dataApi.post<unknown>(path, body, {
          successMessage: `Node library ${body.name} created`,
        })
      : await dataApi.put<unknown>(`${path}/${id}`, body, {
          successMessage: `Node library ${body.name} saved`,
        });
  return nodeLibrarySchema.parse(data);
}

export const useSaveNodeLibrary = () =>
  useEntityMutation(saveNodeLibrary, { invalidates: [nodeLibraryKeys.all] });

/** DELETE …/node-libraries/{id} in its scope. */
export async function deleteNodeLibrary(
  scope: LibraryScope,
  library: { id: number; name: string },
) {
  const data = await dataApi.delete<unknown>(`${librariesPath(scope)}/${library.id}`, undefined, {
    successMessage: `Node library ${library.name} deleted`,
  });
  return idResultSchema.parse(data);
}

export const useDeleteNodeLibrary = () =>
  useEntityMutation(
    ({ scope, library }: { scope: LibraryScope; library: { id: number; name: string } }) =>
      deleteNodeLibrary(scope, library),
    { invalidates: [nodeLibraryKeys.all] },
  );

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const nodeLibrariesSource = (scope: LibraryScope) =>
  serverListSource({
    api: dataApi,
    base: librariesPath(scope),
    row: nodeLibraryListItemSchema,
    columns: nodeLibraryColumns,
    body: scope.siteId === null ? {} : { includeOrgLibraries: true },
  });
