import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import type { BlastListItem } from '@/contract/data/blasts';
import { dataApi } from '@/core/api';
import { useOrgContext } from '@/core/org';
import { BLASTS_KEY, blastPath } from './keys';

/** DELETE …/blasts/{blastId}: the blast, its file, links and shares. */
export async function deleteBlast(
  orgId: number,
  siteId: number,
  blast: Pick<BlastListItem, 'id' | 'name'>,
) {
  const data = await dataApi.delete<unknown>(blastPath(orgId, siteId, blast.id), undefined, {
    successMessage: `Blast ${blast.name} deleted`,
  });
  return idResultSchema.parse(data);
}

export function useDeleteBlast() {
  const { org, site } = useOrgContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blast: Pick<BlastListItem, 'id' | 'name'>) =>
      deleteBlast(org.id, site?.id ?? 0, blast),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BLASTS_KEY] }),
  });
}
