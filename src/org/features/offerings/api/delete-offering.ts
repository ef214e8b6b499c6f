import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offering } from '@/contract/crm/offerings';
import { idResultSchema } from '@/contract/common';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { OFFERINGS_KEY } from './get-offerings';

/** DELETE orgs/{orgId}/offerings/{id}: refused (403) while subscriptions or licences use it. */
export async function deleteOffering(orgId: number, id: number): Promise<number> {
  const data = await crmApi.delete<unknown>(`orgs/${orgId}/offerings/${id}`);
  return idResultSchema.parse(data).id;
}

export function useDeleteOffering() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offering: Offering) => deleteOffering(orgId ?? 0, offering.id),
    onSuccess: async (_id, offering) => {
      notify.success(`'${offering.name}' deleted`);
      await queryClient.invalidateQueries({ queryKey: [OFFERINGS_KEY] });
    },
  });
}
