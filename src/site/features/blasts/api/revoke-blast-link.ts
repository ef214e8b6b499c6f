import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blastLinkSchema } from '@/contract/data/links';
import { dataApi } from '@/core/api';
import { BLAST_LINKS_KEY, blastPath } from './keys';

/** DELETE …/blasts/{blastId}/links/{linkId}: the link stops working at once. */
export async function revokeBlastLink(
  orgId: number,
  siteId: number,
  blastId: number,
  linkId: string,
) {
  const data = await dataApi.delete<unknown>(
    `${blastPath(orgId, siteId, blastId)}/links/${encodeURIComponent(linkId)}`,
    undefined,
    { successMessage: 'Link revoked' },
  );
  return blastLinkSchema.parse(data);
}

export function useRevokeBlastLink(orgId: number, siteId: number, blastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeBlastLink(orgId, siteId, blastId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BLAST_LINKS_KEY] }),
  });
}
