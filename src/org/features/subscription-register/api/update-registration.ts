import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  registrationInputSchema,
  registrationSchema,
  type RegistrationInput,
} from '@/contract/crm/misc';
import { crmApi } from '@/core/api';
import { REGISTRATION_KEY, registrationPath } from './get-registration';

/** POST subscription-registrations/{id}/{code} (anonymous): changes an open registration. */
export async function updateRegistration(id: number, code: string, input: RegistrationInput) {
  const body = registrationInputSchema.parse(input);
  const data = await crmApi.post<unknown>(registrationPath(id, code), body, {
    isAnonymous: true,
    successMessage: 'Registration updated',
  });
  return registrationSchema.parse(data);
}

export function useUpdateRegistration(id: number, code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationInput) => updateRegistration(id, code, input),
    onSuccess: (saved) => queryClient.setQueryData([REGISTRATION_KEY, id, code], saved),
  });
}
