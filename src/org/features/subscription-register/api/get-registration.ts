import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { registrationSchema } from '@/contract/crm/misc';
import { crmApi } from '@/core/api';

export type Registration = z.infer<typeof registrationSchema>;
export const REGISTRATION_KEY = 'subscription-registration';
export const REGISTRATION_NOT_FOUND = 'Registration not found. Check the link in your email.';

/** A registration that cannot be found: shown where the user looks, not as a toast. */
export class RegistrationNotFoundError extends Error {
  readonly fieldErrors: Record<string, { message: string; errorCode: string }>;
  constructor(message: string) {
    super(message);
    this.name = 'RegistrationNotFoundError';
    this.fieldErrors = { code: { message, errorCode: 'notFound' } };
  }
}

export const registrationPath = (id: number, code: string) =>
  `subscription-registrations/${id}/${encodeURIComponent(code)}`;

/** GET subscription-registrations/{id}/{code} (anonymous). */
export async function getRegistration(
  id: number,
  code: string,
  signal?: AbortSignal,
): Promise<Registration> {
  const result = await crmApi.get<unknown>(registrationPath(id, code), undefined, {
    isAnonymous: true,
    handleErrorManually: true,
    signal,
  });
  if (result.inError) {
    throw new RegistrationNotFoundError(
      result.status === 404 || result.status === 400 ? REGISTRATION_NOT_FOUND : result.message,
    );
  }
  return registrationSchema.parse(result.data);
}

export const registrationQueryOptions = (id: number, code: string) =>
  queryOptions({
    queryKey: [REGISTRATION_KEY, id, code],
    queryFn: ({ signal }) => getRegistration(id, code, signal),
    retry: false,
  });

export function useRegistration(id: number, code: string) {
  return useQuery(registrationQueryOptions(id, code));
}
