import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blastMetadataSchema, blastSchema, type BlastMetadata } from '@/contract/data/blasts';
import { dataApi } from '@/core/api';
import { useOrgContext } from '@/core/org';
import { BLAST_KEY, BLASTS_KEY, blastPath } from './keys';

/** PUT …/blasts/{blastId}: the blast's metadata (name, description, status, dates). */
export async function updateBlast(
  orgId: number,
  siteId: number,
  blastId: number,
  input: BlastMetadata,
) {
  const body = blastMetadataSchema.parse(input);
  const data = await dataApi.put<unknown>(blastPath(orgId, siteId, blastId), body, {
    successMessage: `Blast ${body.name} saved`,
  });
  return blastSchema.parse(data);
}

export function useUpdateBlast() {
  const { org, site } = useOrgContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blastId, input }: { blastId: number; input: BlastMetadata }) =>
      updateBlast(org.id, site?.id ?? 0, blastId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [BLASTS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [BLAST_KEY] }),
      ]),
  });
}
