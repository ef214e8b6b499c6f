import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { isApiError, type ApiError } from '@/core/api';
import type { FormValues, ServerFieldErrors } from './types';

export function serverErrorMessage(error: ServerFieldErrors[string]): string {
  return typeof error === 'string' ? error : error.message;
}

/** Matches a server key to a field: exactly, else ignoring case ('Name' → 'name'). */
export function matchField(key: string, fields: readonly string[]): string | undefined {
  return fields.find((f) => f === key) ?? fields.find((f) => f.toLowerCase() === key.toLowerCase());
}

/**
 * Shows server field errors (the API envelope's errors, or ApiError.fieldErrors) under their
 * fields, keeping what the user typed. Keys matching no field are returned as messages for a
 * form-level alert. The first matched field is focused.
 */
export function applyServerErrors(
  form: { setError: UseFormSetError<FormValues> },
  errors: ServerFieldErrors | null | undefined,
  /** The form's field names; without them every key is taken as a field name. */
  fields?: readonly string[],
): string[] {
  const unmatched: string[] = [];
  let focused = false;
  for (const [key, error] of Object.entries(errors ?? {})) {
    const field = fields ? matchField(key, fields) : key;
    const message = serverErrorMessage(error);
    if (!field) {
      unmatched.push(message);
      continue;
    }
    form.setError(
      field as FieldPath<FormValues>,
      { type: 'server', message },
      { shouldFocus: !focused },
    );
    focused = true;
  }
  return unmatched;
}

/** The field errors carried by a thrown ApiError (or anything shaped like it). */
export function fieldErrorsOf(error: unknown): ServerFieldErrors | undefined {
  if (error === null || typeof error !== 'object' || !('fieldErrors' in error)) return undefined;
  const { fieldErrors } = error as { fieldErrors: unknown };
  if (fieldErrors === null || typeof fieldErrors !== 'object') return undefined;
  return Object.keys(fieldErrors).length > 0 ? (fieldErrors as ServerFieldErrors) : undefined;
}

/** The server refused what the form sent (400, 409, 422): the form shows the message. */
export function isAboutContent(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'http' && [400, 409, 422].includes(error.status);
}
