import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationCompletedSchema } from '@/contract/crm/misc';
import { crmApi } from '@/core/api';
import { userMetadataKeys } from '@/core/org';
import { REGISTRATION_KEY, registrationPath } from './get-registration';

/**
 * POST subscription-registrations/{id}/{code}/complete (signed in): creates the customer
 * organisation with the caller as its owner, and the trial subscription.
 */
export async function completeRegistration(id: number, code: string) {
  const data = await crmApi.post<unknown>(
    `${registrationPath(id, code)}/complete`,
    {},
    {
      successMessage: 'Registration complete: welcome aboard',
    },
  );
  return registrationCompletedSchema.parse(data);
}

export function useCompleteRegistration(id: number, code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completeRegistration(id, code),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [REGISTRATION_KEY] }),
        queryClient.invalidateQueries({ queryKey: userMetadataKeys.all }),
      ]),
  });
}
