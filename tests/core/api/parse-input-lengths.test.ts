import { describe, expect, it } from 'vitest';
import { offeringInputSchema } from '@/contract/crm/offerings';
import { InputError, parseInput } from '@/core/api/parse-input';

describe('parseInput: over-long texts (issue 17)', () => {
  it('answers a name over the contract maximum as the server does: maxLength with a readable message', () => {
    let error: unknown;
    try {
      parseInput(offeringInputSchema, { type: 'product', name: 'N'.repeat(1500) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).fieldErrors.name).toEqual({
      message: 'Value must be at most 200 characters long',
      errorCode: 'maxLength',
    });
  });
});
