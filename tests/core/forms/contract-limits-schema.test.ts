import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractMaxLength, withContractLimits } from '@/core/forms/contract-limits';
import type { FormSettings } from '@/core/forms';

// The reading of a schema on its own (contract-limits.test.ts holds every form to its contract).
// No form's settings are imported here: they apply the limits when loaded, so a broken reader
// would fail this file before any test ran.
describe("a schema's maximum at a field", () => {
  const schema = z.object({
    name: z.string().max(40),
    note: z.string().max(9).optional().nullable().default(null),
    trimmed: z.string().max(12).pipe(z.string()),
    loose: z.string(),
    count: z.number().max(5),
    address: z.object({ city: z.string().max(80).optional() }).optional(),
  });

  it('reads it through optional, nullable, default and pipes, and at a dotted name', () => {
    expect(contractMaxLength(schema, 'name')).toBe(40);
    expect(contractMaxLength(schema, 'note')).toBe(9);
    expect(contractMaxLength(schema, 'trimmed')).toBe(12);
    expect(contractMaxLength(schema, 'address.city')).toBe(80);
  });

  it('finds none for a text without one, a number, an object or a name the schema lacks', () => {
    for (const field of ['loose', 'count', 'address', 'missing', 'name.first', 'address.street'])
      expect(contractMaxLength(schema, field)).toBeUndefined();
  });

  it('gives the bounded fields their maximum and leaves the others as they were', () => {
    const other = { field: 'loose', type: 'string' } as const;
    const settings: FormSettings = {
      rows: [
        [{ field: 'name', type: 'string', maxLength: 10 }, other],
        [{ field: 'address.city', type: 'string' }],
      ],
    };
    const limited = withContractLimits(schema, settings);
    expect(limited.rows).toEqual([
      [{ field: 'name', type: 'string', maxLength: 40 }, other],
      [{ field: 'address.city', type: 'string', maxLength: 80 }],
    ]);
    expect(limited.rows[0]?.[1]).toBe(other);
    expect(settings.rows[0]?.[0]?.maxLength).toBe(10);
  });
});
