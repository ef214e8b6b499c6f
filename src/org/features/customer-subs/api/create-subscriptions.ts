import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createSubscriptionSchema,
  subscriptionSchema,
  type CreateSubscription,
} from '@/contract/crm/subscriptions';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { CUSTOMER_SUBS_KEY } from './get-customer-subs';
import { parseInput } from '@/core/api';

/** POST orgs/{orgId}/issued-subscriptions: one subscription per chosen customer (MULTI_CREATE). */
export async function createSubscriptions(orgId: number, input: CreateSubscription) {
  const body = parseInput(createSubscriptionSchema, input);
  const data = await crmApi.post<unknown>(`orgs/${orgId}/issued-subscriptions`, body);
  return z.array(subscriptionSchema).parse(data);
}

export function useCreateSubscriptions() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSubscription) => createSubscriptions(orgId ?? 0, input),
    onSuccess: async (created) => {
      notify.success(
        created.length === 1
          ? `Subscription '${created[0]?.name ?? ''}' created`
          : `${created.length} subscriptions created`,
      );
      await queryClient.invalidateQueries({ queryKey: [CUSTOMER_SUBS_KEY] });
    },
  });
}
