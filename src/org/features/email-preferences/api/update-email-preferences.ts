import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { emailPreferencesSchema, updateEmailPreferencesSchema } from '@/contract/crm/misc';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { EMAIL_PREFERENCES_KEY, linkProblemOf, preferencesPath } from './get-email-preferences';

export type UpdateEmailPreferences = z.input<typeof updateEmailPreferencesSchema>;

/** PUT email-preferences/{email}/{code}: anonymous, saved with the code. */
export async function updateEmailPreferences(
  email: string,
  code: string,
  input: UpdateEmailPreferences,
) {
  const body = updateEmailPreferencesSchema.parse(input);
  const result = await crmApi.put<unknown>(preferencesPath(email, code), body, {
    isAnonymous: true,
    handleErrorManually: true,
  });
  if (result.inError) {
    const problem = linkProblemOf(result);
    notify.error(problem.message, { id: 'email-preferences-save' });
    throw problem;
  }
  notify.success('Email preferences saved');
  return emailPreferencesSchema.parse(result.data);
}

export function useUpdateEmailPreferences(email: string, code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEmailPreferences) => updateEmailPreferences(email, code, input),
    onSuccess: (saved) => queryClient.setQueryData([EMAIL_PREFERENCES_KEY, email, code], saved),
  });
}
