import { nodeLibraryPageSchema, type NodeLibraryListItem } from '@/contract/data/node-libraries';
import { dataApi } from '@/core/api';
import { librariesPath, type LibraryScope } from './scope';

/**
 * POST …/node-libraries/list: the organisation's libraries, or a site's together with the
 * organisation-wide ones.
 */
export async function getNodeLibraries(
  scope: LibraryScope,
  signal?: AbortSignal,
): Promise<NodeLibraryListItem[]> {
  const body =
    scope.siteId === null
      ? { skip: 0, take: 1000 }
      : { skip: 0, take: 1000, includeOrgLibraries: true };
  const data = await dataApi.post<unknown>(`${librariesPath(scope)}/list`, body, { signal });
  return nodeLibraryPageSchema.parse(data).results;
}
