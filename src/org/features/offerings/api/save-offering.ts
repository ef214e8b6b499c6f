import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  offeringDetailSchema,
  offeringInputSchema,
  type OfferingDetail,
  type OfferingInput,
} from '@/contract/crm/offerings';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { OFFERINGS_KEY } from './get-offerings';
import { parseInput } from '@/core/api';

/** POST orgs/{orgId}/offerings (create) or PUT orgs/{orgId}/offerings/{id} (edit). */
export async function saveOffering(
  orgId: number,
  id: number | null,
  input: OfferingInput,
): Promise<OfferingDetail> {
  const body = parseInput(offeringInputSchema, input);
  const data =
    id === null
      ? await crmApi.post<unknown>(`orgs/${orgId}/offerings`, body)
      : await crmApi.put<unknown>(`orgs/${orgId}/offerings/${id}`, body);
  return offeringDetailSchema.parse(data);
}

export function useSaveOffering() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OfferingInput }) =>
      saveOffering(orgId ?? 0, id, input),
    onSuccess: async (saved, { id }) => {
      notify.success(
        `${saved.type === 'product' ? 'Product' : 'Service'} '${saved.name}' ${id === null ? 'created' : 'saved'}`,
      );
      await queryClient.invalidateQueries({ queryKey: [OFFERINGS_KEY] });
    },
  });
}
