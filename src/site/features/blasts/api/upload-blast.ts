import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blastSchema, uploadBlastSchema, type UploadBlast } from '@/contract/data/blasts';
import { dataApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useOrgContext } from '@/core/org';
import { BLASTS_KEY } from './keys';

/** POST orgs/{orgId}/sites/{siteId}/blasts: a .blst file (base64 attachment) becomes a blast. */
export async function uploadBlast(orgId: number, siteId: number, input: UploadBlast) {
  const body = uploadBlastSchema.parse(input);
  const data = await dataApi.post<unknown>(`orgs/${orgId}/sites/${siteId}/blasts`, body);
  return blastSchema.parse(data);
}

export function useUploadBlast() {
  const { org, site } = useOrgContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadBlast) => uploadBlast(org.id, site?.id ?? 0, input),
    onSuccess: (blast) => {
      notify.success(`Blast ${blast.name} uploaded`);
      return queryClient.invalidateQueries({ queryKey: [BLASTS_KEY] });
    },
  });
}
