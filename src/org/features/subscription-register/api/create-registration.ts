import { useMutation } from '@tanstack/react-query';
import {
  registrationCreatedSchema,
  registrationInputSchema,
  type RegistrationInput,
} from '@/contract/crm/misc';
import { crmApi } from '@/core/api';

/** POST subscription-registrations (anonymous): answers the registration's id and code. */
export async function createRegistration(input: RegistrationInput) {
  const body = registrationInputSchema.parse(input);
  const data = await crmApi.post<unknown>('subscription-registrations', body, {
    isAnonymous: true,
    successMessage: 'Registration saved',
  });
  return registrationCreatedSchema.parse(data);
}

export function useCreateRegistration() {
  return useMutation({ mutationFn: createRegistration });
}
