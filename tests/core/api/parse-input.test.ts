import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputError, parseInput } from '@/core/api';

/** parseInput: a mutation's input refused before it leaves, field by field (as the server does). */
const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  seats: z.number().int().positive('Seats must be positive'),
  contact: z.object({ email: z.email('Not an email') }),
});

function refusal(value: unknown): InputError {
  try {
    parseInput(schema, value);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('parseInput accepted the input');
}

describe('parseInput', () => {
  it('gives the parsed input (with the schema’s own changes) when it is valid', () => {
    expect(parseInput(schema, { name: '  Acme ', seats: 3, contact: { email: 'a@b.co' } })).toEqual(
      { name: 'Acme', seats: 3, contact: { email: 'a@b.co' } },
    );
  });

  it('refuses an invalid input with one error a field, keyed by its dotted path', () => {
    const error = refusal({ name: ' ', seats: 0, contact: { email: 'nope' } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InputError');
    expect(error.message).toBe('The form has errors');
    expect(error.fieldErrors).toEqual({
      name: { message: 'Name is required', errorCode: 'too_small' },
      seats: { message: 'Seats must be positive', errorCode: 'too_small' },
      'contact.email': { message: 'Not an email', errorCode: 'invalid_format' },
    });
  });

  it('keeps the first of two errors of one field', () => {
    const twice = z.object({
      code: z
        .string()
        .min(3, 'At least 3 characters')
        .regex(/^[A-Z]+$/, 'Capitals only'),
    });
    let error: unknown;
    try {
      parseInput(twice, { code: 'a' });
    } catch (e) {
      error = e;
    }
    expect((error as InputError).fieldErrors).toEqual({
      code: { message: 'At least 3 characters', errorCode: 'too_small' },
    });
  });
});
