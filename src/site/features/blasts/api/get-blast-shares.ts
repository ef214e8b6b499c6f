import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { blastShareSchema, type BlastShare } from '@/contract/data/shared-blasts';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { BLAST_SHARES_KEY, blastPath } from './keys';

/** GET …/blasts/{blastId}/shares: who the blast is shared with. */
export async function getBlastShares(
  orgId: number,
  siteId: number,
  blastId: number,
  signal?: AbortSignal,
): Promise<BlastShare[]> {
  const data = await dataApi.get<unknown>(
    `${blastPath(orgId, siteId, blastId)}/shares`,
    undefined,
    {
      signal,
    },
  );
  return z.array(blastShareSchema).parse(data);
}

export const blastSharesQueryOptions = (
  orgId: number | null,
  siteId: number | null,
  blastId: number,
) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, BLAST_SHARES_KEY, siteId, blastId),
    queryFn: ({ signal }) => getBlastShares(orgId ?? 0, siteId ?? 0, blastId, signal),
    enabled: orgId !== null && siteId !== null,
  });

export function useBlastShares(orgId: number | null, siteId: number | null, blastId: number) {
  return useQuery(blastSharesQueryOptions(orgId, siteId, blastId));
}
