import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  subscriptionDetailSchema,
  updateSubscriptionSchema,
  type UpdateSubscription,
} from '@/contract/crm/subscriptions';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { CUSTOMER_SUBS_KEY } from './get-customer-subs';
import { parseInput } from '@/core/api';

/** PUT orgs/{orgId}/issued-subscriptions/{id}; attachments listed are added. */
export async function updateSubscription(orgId: number, id: number, input: UpdateSubscription) {
  const body = parseInput(updateSubscriptionSchema, input);
  const data = await crmApi.put<unknown>(`orgs/${orgId}/issued-subscriptions/${id}`, body);
  return subscriptionDetailSchema.parse(data);
}

export function useUpdateSubscription() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateSubscription }) =>
      updateSubscription(orgId ?? 0, id, input),
    onSuccess: async (saved) => {
      notify.success(`Subscription '${saved.name}' saved`);
      await queryClient.invalidateQueries({ queryKey: [CUSTOMER_SUBS_KEY] });
    },
  });
}
