import { queryOptions, useQuery } from '@tanstack/react-query';
import { blastViewSchema, type BlastView } from '@/contract/data/blasts';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { SHARED_BLASTS_KEY } from './keys';

/** GET shared-blasts/{blastId}: the Blast Viewer of a blast shared with the caller. */
export async function getSharedBlast(blastId: number, signal?: AbortSignal): Promise<BlastView> {
  const data = await dataApi.get<unknown>(`shared-blasts/${blastId}`, undefined, { signal });
  return blastViewSchema.parse(data);
}

export const sharedBlastQueryOptions = (orgId: number | null, blastId: number) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, SHARED_BLASTS_KEY, 'view', blastId),
    queryFn: ({ signal }) => getSharedBlast(blastId, signal),
    enabled: Number.isInteger(blastId) && blastId > 0,
  });

export function useSharedBlast(orgId: number | null, blastId: number) {
  return useQuery(sharedBlastQueryOptions(orgId, blastId));
}
