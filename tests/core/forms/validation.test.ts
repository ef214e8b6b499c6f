import { describe, expect, it, vi } from 'vitest';
import {
  allFields,
  buildFormSchema,
  dictionaryTooLong,
  isEmptyValue,
  isFieldDisabled,
  isFieldVisible,
  isMandatorySatisfied,
  isValidEmail,
  lengthCounter,
  MESSAGES,
  positiveIntegerMessage,
  validateField,
  validateValues,
} from '@/core/forms/validation';
import type { FieldSetting, FormSettings } from '@/core/forms/types';

/**
 * The form rules of SPEC §5 and issue 17, one function at a time (validation.ts): the messages a
 * user reads under a field, and when each rule applies. The form engine's component tests
 * (form-engine, lengths) show them on screen; these pin every bound and branch.
 */
const field = (over: Partial<FieldSetting> & Pick<FieldSetting, 'type'>): FieldSetting => ({
  field: 'f',
  ...over,
});

describe('lengthCounter (issue 17: shown from 80 % of the maximum)', () => {
  it('appears at 80 % of the maximum, rounded up, and says when the text is over', () => {
    const s = field({ type: 'string', maxLength: 10 });
    expect(lengthCounter(s, 'x'.repeat(7))).toBeUndefined();
    expect(lengthCounter(s, 'x'.repeat(8))).toEqual({ length: 8, max: 10, over: false });
    expect(lengthCounter(s, 'x'.repeat(10))).toEqual({ length: 10, max: 10, over: false });
    expect(lengthCounter(s, 'x'.repeat(11))).toEqual({ length: 11, max: 10, over: true });
    // 80 % of 7 is 5.6: the counter starts at 6.
    const seven = field({ type: 'string', maxLength: 7 });
    expect(lengthCounter(seven, 'x'.repeat(5))).toBeUndefined();
    expect(lengthCounter(seven, 'x'.repeat(6))).toEqual({ length: 6, max: 7, over: false });
  });

  it('counts every text kind, and nothing else', () => {
    for (const type of ['string', 'password', 'textArea', 'email', 'url'] as const) {
      expect(lengthCounter(field({ type, maxLength: 5 }), 'abcde')).toEqual({
        length: 5,
        max: 5,
        over: false,
      });
    }
    expect(lengthCounter(field({ type: 'number', maxLength: 5 }), 'abcde')).toBeUndefined();
    expect(lengthCounter(field({ type: 'string' }), 'x'.repeat(500))).toBeUndefined();
    expect(lengthCounter(field({ type: 'string', maxLength: 2 }), 12345)).toBeUndefined();
  });
});

describe("isValidEmail (SPEC §5 'Invalid email')", () => {
  it.each([
    ['ana@example.com', true],
    ['  ana@example.com  ', true],
    ['ana.maria@mail.example.co', true],
    ['"ana maria"@example.com', true],
    ['ana@[192.168.0.1]', true],
    ['ana@[10.20.300.255]', true],
    ['ana@[10.20.3000.1]', false],
    ['ana-b@ex-ample.io', true],
    ['ana@example', false],
    ['ana@example.c', false],
    ['ana..b@example.com', false],
    ['.ana@example.com', false],
    ['<ana>@example.com', false],
    ['ana @example.com', false],
    ['ana@example.com x', false],
    ['x ana@example.com', false],
    ['@example.com', false],
    ['ana@', false],
  ])('%j: %s', (text, valid) => {
    expect(isValidEmail(text)).toBe(valid);
  });
});

describe('positiveIntegerMessage', () => {
  it.each([
    [5, undefined],
    ['7', undefined],
    [' 7 ', undefined],
    ['+3', undefined],
    ['0', MESSAGES.notPositive],
    [0, MESSAGES.notPositive],
    ['-2', MESSAGES.notPositive],
    ['1.5', MESSAGES.notInteger],
    [2.5, MESSAGES.notInteger],
    ['12a', MESSAGES.notInteger],
    ['a12', MESSAGES.notInteger],
    ['', MESSAGES.notInteger],
    ['1 2', MESSAGES.notInteger],
  ])('%j → %s', (value, message) => {
    expect(positiveIntegerMessage(value)).toBe(message);
  });

  it('uses the SPEC §5 words', () => {
    expect(MESSAGES.notInteger).toBe('Value must be an integer');
    expect(MESSAGES.notPositive).toBe('Value must be positive');
  });
});

describe('isEmptyValue', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['   ', true],
    [' x ', false],
    [Number.NaN, true],
    [0, false],
    [[], true],
    [[0], false],
    [new Date('not a date'), true],
    [new Date(0), false],
    [{}, true],
    [{ a: 1 }, false],
    [false, false],
    [true, false],
  ])('%j: %s', (value, empty) => {
    expect(isEmptyValue(value)).toBe(empty);
  });
});

describe('dictionaryTooLong (SPEC §5: keys and values of 100 characters at most)', () => {
  const long = 'x'.repeat(101);
  it('refuses a key or a text value over 100 characters, and nothing at 100', () => {
    expect(dictionaryTooLong({ [long]: 'v' })).toBe(true);
    expect(dictionaryTooLong({ k: long })).toBe(true);
    expect(dictionaryTooLong({ ['x'.repeat(100)]: 'x'.repeat(100) })).toBe(false);
    expect(dictionaryTooLong({ k: 10 ** 120 })).toBe(false);
    expect(dictionaryTooLong({ a: 'short', b: long })).toBe(true);
    // Only text values have a length the bound applies to.
    expect(dictionaryTooLong({ k: Array.from({ length: 101 }, () => 'a') })).toBe(false);
  });

  it('looks only at dictionaries', () => {
    expect(dictionaryTooLong(null)).toBe(false);
    expect(dictionaryTooLong(long)).toBe(false);
    expect(dictionaryTooLong([long])).toBe(false);
  });
});

describe('isMandatorySatisfied, every kind', () => {
  it.each([
    ['buttonDropdown', -1, false],
    ['buttonDropdown', 2, true],
    ['user', '-1', false],
    ['user', 'u-7', true],
    ['user', undefined, false],
    ['multiCheckbox', 'a', false],
    ['multiDropdown', 'a', false],
    ['offeringFeatureMultiCheckbox', 'x', false],
    ['attachments', { id: 1 }, false],
    ['multiCheckbox', ['a'], true],
    ['offeringFeatureMultiCheckbox', [], false],
    ['offeringFeatureMultiCheckbox', [1], true],
    ['attachments', [{ id: 1 }], true],
    ['checkbox', '1', true],
    ['checkbox', true, true],
    ['checkbox', false, false],
    ['checkbox', '0', false],
    ['jsonDictionary', null, false],
    ['jsonDictionary', 'en=Hello', false],
    ['jsonDictionary', {}, false],
    ['jsonDictionary', { ' ': 'Hello' }, false],
    ['jsonDictionary', { en: 'Hello', fr: ' ' }, false],
    ['jsonDictionary', { en: 'Hello', fr: 'Bonjour' }, true],
    ['date', ['2026-01-01', ''], false],
    ['date', [], false],
    ['date', ['2026-01-01', '2026-01-05'], true],
    ['expiredDate', ['2026-01-01', null], false],
    ['expiredDate', ['2026-01-01'], true],
    ['date', '2026-01-01', true],
    ['date', '', false],
    ['string', 'x', true],
  ] as const)('%s with %j: %s', (type, value, ok) => {
    expect(isMandatorySatisfied(type, value)).toBe(ok);
  });
});

describe('validateField, rule by rule', () => {
  it('checks minLength on text only, and not on a blank value', () => {
    expect(validateField(field({ type: 'number', minLength: 5 }), 'abc', {})).toBeUndefined();
    expect(validateField(field({ type: 'string', minLength: 5 }), '   ', {})).toBeUndefined();
    expect(validateField(field({ type: 'textArea', minLength: 3 }), 'ab', {})).toBe(
      MESSAGES.minLength(3),
    );
    expect(validateField(field({ type: 'string', minLength: 3 }), 'abc', {})).toBeUndefined();
  });

  it('refuses text over its maximum with the server’s words, never cuts it, and counts text only', () => {
    const s = field({ type: 'string', maxLength: 3 });
    expect(validateField(s, 'abcd', {})).toBe('Value must be at most 3 characters long');
    expect(validateField(s, 'abc', {})).toBeUndefined();
    expect(validateField(field({ type: 'number', maxLength: 3 }), 'abcd', {})).toBeUndefined();
    expect(validateField(field({ type: 'password', maxLength: 3 }), 1234, {})).toBeUndefined();
  });

  it('refuses a dictionary entry over 100 characters', () => {
    expect(validateField(field({ type: 'jsonDictionary' }), { k: 'x'.repeat(101) }, {})).toBe(
      'Value must be at most 100 characters long',
    );
    expect(validateField(field({ type: 'string' }), { k: 'x'.repeat(101) }, {})).toBeUndefined();
  });

  it("says 'Invalid email' and 'Invalid URL' for a written value only", () => {
    expect(validateField(field({ type: 'email' }), 'nobody', {})).toBe('Invalid email');
    expect(validateField(field({ type: 'email' }), '  ', {})).toBeUndefined();
    expect(validateField(field({ type: 'string' }), 'nobody', {})).toBeUndefined();
    const url = field({ type: 'url' });
    expect(validateField(url, 'ftp://files.example.com', {})).toBe('Invalid URL');
    expect(validateField(url, 'javascript:alert(1)', {})).toBe('Invalid URL');
    expect(validateField(url, 'example.com', {})).toBe('Invalid URL');
    expect(validateField(url, 'https://example.com/a?b=c', {})).toBeUndefined();
    expect(validateField(url, ' http://example.com ', {})).toBeUndefined();
    expect(validateField(url, '', {})).toBeUndefined();
    expect(validateField(field({ type: 'string' }), 'ftp://x', {})).toBeUndefined();
  });

  it('checks a positive integer field once it holds something', () => {
    const s = field({ type: 'positiveInteger' });
    expect(validateField(s, '', {})).toBeUndefined();
    expect(validateField(s, '0', {})).toBe(MESSAGES.notPositive);
    expect(validateField(s, 'ten', {})).toBe(MESSAGES.notInteger);
    expect(validateField(s, 10, {})).toBeUndefined();
    expect(validateField(field({ type: 'number' }), 'ten', {})).toBeUndefined();
    const own = field({ type: 'positiveInteger', validate: () => 'Already taken' });
    expect(validateField(own, '12', {})).toBe('Already taken');
    expect(validateField(own, '-12', {})).toBe(MESSAGES.notPositive);
  });

  it("says 'Invalid range' for a range that ends before it starts, or whose day rules contradict", () => {
    const range = field({ type: 'date', dateMode: 'range' });
    expect(validateField(range, ['2026-03-05', '2026-03-01'], {})).toBe('Invalid range');
    expect(validateField(range, ['2026-03-01', '2026-03-05'], {})).toBeUndefined();
    expect(validateField(range, ['2026-03-01', '2026-03-01'], {})).toBeUndefined();
    expect(validateField(range, 'not a range', {})).toBeUndefined();
    expect(
      validateField(
        field({ type: 'expiredDate', dateMode: 'range' }),
        ['2026-03-05', '2026-03-01'],
        {},
      ),
    ).toBe('Invalid range');
    expect(
      validateField(field({ type: 'date', dateMode: 'range', minDays: 5, maxDays: 2 }), [], {}),
    ).toBe('Invalid range');
    expect(
      validateField(field({ type: 'date', dateMode: 'range', minDays: 2, maxDays: 5 }), [], {}),
    ).toBeUndefined();
    // Only a date field's range has an order.
    expect(
      validateField(field({ type: 'string', dateMode: 'range', minDays: 5, maxDays: 2 }), [], {}),
    ).toBeUndefined();
    expect(
      validateField(
        field({ type: 'date', dateMode: 'multiple' }),
        ['2026-03-05', '2026-03-01'],
        {},
      ),
    ).toBeUndefined();
  });

  it('asks the field’s own rule last, with the value and every value, and shows its message', () => {
    const validate = vi.fn((value: unknown, values: Record<string, unknown>) =>
      value === values['other'] ? 'Must differ from the other field' : undefined,
    );
    const s = field({ type: 'string', isMandatory: true, validate });
    expect(validateField(s, 'a', { other: 'a' })).toBe('Must differ from the other field');
    expect(validate).toHaveBeenCalledWith('a', { other: 'a' });
    expect(validateField(s, 'b', { other: 'a' })).toBeUndefined();
    validate.mockClear();
    expect(validateField(s, '', {})).toBe('Mandatory field');
    expect(validate).not.toHaveBeenCalled();
  });
});

describe('visible, disabled, every field', () => {
  it('shows a field unless its rule says false; isVisible before visible', () => {
    expect(isFieldVisible(field({ type: 'string' }), {})).toBe(true);
    expect(isFieldVisible(field({ type: 'string', isVisible: false }), {})).toBe(false);
    expect(isFieldVisible(field({ type: 'string', visible: false }), {})).toBe(false);
    expect(isFieldVisible(field({ type: 'string', isVisible: true, visible: false }), {})).toBe(
      true,
    );
    const byKind = field({ type: 'string', visible: (v) => v['kind'] === 'a' });
    expect(isFieldVisible(byKind, { kind: 'a' })).toBe(true);
    expect(isFieldVisible(byKind, { kind: 'b' })).toBe(false);
  });

  it('disables a field by its flag or by its rule of the values', () => {
    expect(isFieldDisabled(field({ type: 'string' }), {})).toBe(false);
    expect(isFieldDisabled(field({ type: 'string', isDisabled: true }), {})).toBe(true);
    const byKind = field({ type: 'string', isDisabledFn: (v) => v['kind'] === 'off' });
    expect(isFieldDisabled(byKind, { kind: 'off' })).toBe(true);
    expect(isFieldDisabled(byKind, { kind: 'on' })).toBe(false);
  });

  it('lists every field of every row in order', () => {
    const a = field({ type: 'string', field: 'a' });
    const b = field({ type: 'string', field: 'b' });
    const c = field({ type: 'string', field: 'c' });
    expect(allFields({ rows: [[a, b], [c]] })).toEqual([a, b, c]);
  });
});

describe('the form’s schema', () => {
  const settings: FormSettings = {
    rows: [
      [
        { field: 'owner.email', type: 'email', isMandatory: true },
        { field: 'name', type: 'string', maxLength: 5 },
      ],
    ],
  };

  it('reads nested fields by their path and keys each message by the field', () => {
    expect(validateValues(settings, { owner: { email: 'x' }, name: 'toolong' })).toEqual({
      'owner.email': 'Invalid email',
      name: 'Value must be at most 5 characters long',
    });
  });

  it('reports each message at the field’s path and keeps the other values', () => {
    const schema = buildFormSchema(settings);
    const bad = schema.safeParse({ owner: { email: '' }, name: 'ok' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['owner', 'email'], 'Mandatory field'],
    ]);
    const good = schema.safeParse({ owner: { email: 'ana@example.com' }, name: 'ok', extra: 1 });
    expect(good).toEqual({
      success: true,
      data: { owner: { email: 'ana@example.com' }, name: 'ok', extra: 1 },
    });
  });
});
