import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { blastLinkSchema, type BlastLink } from '@/contract/data/links';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { BLAST_LINKS_KEY, blastPath } from './keys';

/** GET …/blasts/{blastId}/links: live and revoked links, newest first (blast writers). */
export async function getBlastLinks(
  orgId: number,
  siteId: number,
  blastId: number,
  signal?: AbortSignal,
): Promise<BlastLink[]> {
  const data = await dataApi.get<unknown>(`${blastPath(orgId, siteId, blastId)}/links`, undefined, {
    signal,
  });
  return z.array(blastLinkSchema).parse(data);
}

export const blastLinksQueryOptions = (
  orgId: number | null,
  siteId: number | null,
  blastId: number,
  enabled = true,
) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, BLAST_LINKS_KEY, siteId, blastId),
    queryFn: ({ signal }) => getBlastLinks(orgId ?? 0, siteId ?? 0, blastId, signal),
    enabled: enabled && orgId !== null && siteId !== null,
  });

export function useBlastLinks(
  orgId: number | null,
  siteId: number | null,
  blastId: number,
  enabled = true,
) {
  return useQuery(blastLinksQueryOptions(orgId, siteId, blastId, enabled));
}
