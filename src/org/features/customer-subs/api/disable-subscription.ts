import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@/contract/crm/subscriptions';
import { idResultSchema } from '@/contract/common';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { CUSTOMER_SUBS_KEY } from './get-customer-subs';

/** POST orgs/{orgId}/issued-subscriptions/{id}/disable: its active licences are suspended too. */
export async function disableSubscription(orgId: number, id: number) {
  const data = await crmApi.post<unknown>(`orgs/${orgId}/issued-subscriptions/${id}/disable`, {});
  return idResultSchema.parse(data).id;
}

export function useDisableSubscription() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: Subscription) => disableSubscription(orgId ?? 0, subscription.id),
    onSuccess: async (_id, subscription) => {
      notify.success(`Subscription '${subscription.name}' disabled`);
      await queryClient.invalidateQueries({ queryKey: [CUSTOMER_SUBS_KEY] });
    },
  });
}
