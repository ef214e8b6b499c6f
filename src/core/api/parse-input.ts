import type { z } from 'zod';
import type { FieldError } from '@/contract/envelope';
import { tooLongFieldError } from '@/contract/limits';

/**
 * A request refused before it left: the contract schema's issues, shaped like the server's field
 * errors (the form engine shows both under their fields).
 */
export class InputError extends Error {
  readonly fieldErrors: Record<string, FieldError>;
  constructor(fieldErrors: Record<string, FieldError>) {
    super('The form has errors');
    this.name = 'InputError';
    this.fieldErrors = fieldErrors;
  }
}

/**
 * Parses a mutation's input with its contract schema. A failure throws field errors, which the
 * form engine shows under the fields (as it does the server's).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    // Issue 17: a text over its maximum reads as the server's 400 does ('maxLength').
    errors[key] ??= tooLongFieldError(issue) ?? { message: issue.message, errorCode: issue.code };
  }
  throw new InputError(errors);
}
