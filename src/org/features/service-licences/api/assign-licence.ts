import { useMutation, useQueryClient } from '@tanstack/react-query';
import { licenceSchema } from '@/contract/crm/licences';
import { assignLicenceSchema } from '@/contract/crm/subscriptions';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { MY_SUBSCRIPTIONS_KEY } from './get-my-subscription';

export interface AssignLicenceInput {
  subscriptionId: number;
  licenceId: number;
  /** null unassigns. */
  userId: number | null;
  /** For the toast. */
  userLabel?: string;
}

/** POST orgs/{orgId}/my-subscriptions/{id}/licences/{licenceId}/assign */
export async function assignLicence(orgId: number, input: AssignLicenceInput) {
  const body = assignLicenceSchema.parse({ userId: input.userId });
  const data = await crmApi.post<unknown>(
    `orgs/${orgId}/my-subscriptions/${input.subscriptionId}/licences/${input.licenceId}/assign`,
    body,
    {
      successMessage:
        body.userId === null
          ? 'Licence unassigned'
          : `Licence assigned${input.userLabel ? ` to ${input.userLabel}` : ''}`,
    },
  );
  return licenceSchema.parse(data);
}

export function useAssignLicence() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignLicenceInput) => assignLicence(orgId ?? 0, input),
    // The detail and the Software list (seats used) and the Licences screen change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [MY_SUBSCRIPTIONS_KEY] }),
        queryClient.invalidateQueries({ queryKey: ['licences'] }),
      ]),
  });
}
