import { queryOptions, useQuery } from '@tanstack/react-query';
import { nodeLibrarySchema, type NodeLibrary } from '@/contract/data/node-libraries';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { librariesPath, NODE_LIBRARIES_KEY, type LibraryScope } from './scope';

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
    queryKey: orgQueryKey(scope.orgId, NODE_LIBRARIES_KEY, scope.siteId, id),
    queryFn: ({ signal }) => getNodeLibrary(scope, id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useNodeLibrary = (scope: LibraryScope, id: number) =>
  useQuery(nodeLibraryQueryOptions(scope, id));
