import { queryOptions, useQuery } from '@tanstack/react-query';
import { blastPlanSchema, blastSchema, type Blast, type BlastPlan } from '@/contract/data/blasts';
import { dataApi } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { BLAST_KEY, blastPath } from './keys';

export interface SiteBlastView {
  blast: Blast;
  plan: BlastPlan;
  downloadPath: string;
}

/**
 * GET …/blasts/{blastId} and GET …/blasts/{blastId}/plan: Blast Details with its plan, and the
 * path of its .blst file.
 */
export async function getSiteBlast(
  orgId: number,
  siteId: number,
  blastId: number,
  signal?: AbortSignal,
): Promise<SiteBlastView> {
  const path = blastPath(orgId, siteId, blastId);
  const [blast, plan] = await Promise.all([
    dataApi.get<unknown>(path, undefined, { signal }),
    dataApi.get<unknown>(`${path}/plan`, undefined, { signal }),
  ]);
  return {
    blast: blastSchema.parse(blast),
    plan: blastPlanSchema.parse(plan),
    downloadPath: `${path}/file`,
  };
}

export const siteBlastQueryOptions = (
  orgId: number | null,
  siteId: number | null,
  blastId: number,
) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, BLAST_KEY, siteId, blastId),
    queryFn: ({ signal }) => getSiteBlast(orgId ?? 0, siteId ?? 0, blastId, signal),
    enabled: orgId !== null && siteId !== null && Number.isInteger(blastId) && blastId > 0,
  });

export function useSiteBlast(orgId: number | null, siteId: number | null, blastId: number) {
  return useQuery(siteBlastQueryOptions(orgId, siteId, blastId));
}
