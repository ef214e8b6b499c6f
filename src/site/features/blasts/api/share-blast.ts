import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  blastShareSchema,
  createShareSchema,
  type CreateShare,
} from '@/contract/data/shared-blasts';
import { dataApi } from '@/core/api';
import { notify } from '@/core/notify';
import { BLAST_SHARES_KEY, SHARED_BLASTS_KEY, blastPath } from './keys';

/** POST …/blasts/{blastId}/shares: with a user (email) or an organisation (id). */
export async function shareBlast(
  orgId: number,
  siteId: number,
  blastId: number,
  input: CreateShare,
) {
  const body = createShareSchema.parse(input);
  const data = await dataApi.post<unknown>(`${blastPath(orgId, siteId, blastId)}/shares`, body);
  return blastShareSchema.parse(data);
}

export function useShareBlast(orgId: number, siteId: number, blastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShare) => shareBlast(orgId, siteId, blastId, input),
    onSuccess: async (share) => {
      notify.success(
        share.target.kind === 'user'
          ? `Shared with ${share.target.email}`
          : `Shared with ${share.target.orgName}`,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [BLAST_SHARES_KEY] }),
        queryClient.invalidateQueries({ queryKey: [SHARED_BLASTS_KEY] }),
      ]);
    },
  });
}
