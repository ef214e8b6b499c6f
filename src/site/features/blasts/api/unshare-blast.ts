import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import { dataApi } from '@/core/api';
import { BLAST_SHARES_KEY, SHARED_BLASTS_KEY } from './keys';

/** DELETE shared-blasts/shares/{shareId}: by the sharer or an org admin of the blast's organisation. */
export async function unshareBlast(shareId: number) {
  const data = await dataApi.delete<unknown>(`shared-blasts/shares/${shareId}`, undefined, {
    successMessage: 'Sharing removed',
  });
  return idResultSchema.parse(data);
}

export function useUnshareBlast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => unshareBlast(shareId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [BLAST_SHARES_KEY] }),
        queryClient.invalidateQueries({ queryKey: [SHARED_BLASTS_KEY] }),
      ]),
  });
}
