import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  blastLinkSchema,
  createBlastLinkSchema,
  type CreateBlastLink,
} from '@/contract/data/links';
import { dataApi } from '@/core/api';
import { BLAST_LINKS_KEY, blastPath } from './keys';

/** POST …/blasts/{blastId}/links: an anonymous link, or one for signed-in users. */
export async function createBlastLink(
  orgId: number,
  siteId: number,
  blastId: number,
  input: CreateBlastLink,
) {
  const body = createBlastLinkSchema.parse(input);
  const data = await dataApi.post<unknown>(`${blastPath(orgId, siteId, blastId)}/links`, body, {
    successMessage: body.isAnonymous ? 'Anonymous link created' : 'Sign-in link created',
  });
  return blastLinkSchema.parse(data);
}

export function useCreateBlastLink(orgId: number, siteId: number, blastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBlastLink) => createBlastLink(orgId, siteId, blastId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BLAST_LINKS_KEY] }),
  });
}
