import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tagLengthMessage } from '@/core/forms/tags';
import {
  addTag,
  buildInitialValues,
  flattenPayload,
  isImageValue,
  isMandatorySatisfied,
  isValidEmail,
  EMPTY_OPTION_VALUE,
  MESSAGES,
  normaliseTag,
  positiveIntegerMessage,
  removedTags,
  TAG_MAX_LENGTH,
  TAGS_REMOVED_WARNING,
  validateField,
  validateValues,
  type FieldSetting,
  type FormSettings,
} from '@/core/forms';

const field = (over: Partial<FieldSetting> & Pick<FieldSetting, 'type'>): FieldSetting => ({
  field: 'f',
  ...over,
});

describe('mandatory rule (SPEC §5)', () => {
  it.each([
    ['dropdown', -1, false],
    ['dropdown', '-1', false],
    ['dropdown', '', false],
    ['dropdown', null, false],
    ['dropdown', 3, true],
    ['multiDropdown', [], false],
    ['multiDropdown', ['a'], true],
    ['checkbox', 0, false],
    ['checkbox', 1, true],
    ['string', '  ', false],
    ['string', 'x', true],
    ['number', 0, true],
    ['number', null, false],
    ['jsonDictionary', { en: '' }, false],
    ['jsonDictionary', { en: 'Hello' }, true],
    ['attachments', [], false],
  ] as const)('%s with %j satisfied: %s', (type, value, ok) => {
    expect(isMandatorySatisfied(type, value)).toBe(ok);
  });

  it("says 'Mandatory field', except when disabled by its rule or validation is off", () => {
    const s = field({ type: 'string', isMandatory: true });
    expect(validateField(s, '', {})).toBe('Mandatory field');
    expect(validateField(s, '', {}, { disabled: true })).toBeUndefined();
    expect(validateField({ ...s, isValidate: false }, '', {})).toBeUndefined();
  });

  it('exempts a field its isDisabledFn disables, and skips invisible fields', () => {
    const settings: FormSettings = {
      rows: [
        [
          { field: 'kind', type: 'string' },
          { field: 'a', type: 'string', isMandatory: true, isDisabledFn: (v) => v.kind === 'off' },
          { field: 'b', type: 'string', isMandatory: true, isVisible: (v) => v.kind !== 'hide' },
        ],
      ],
    };
    expect(validateValues(settings, { kind: 'on' })).toEqual({
      a: 'Mandatory field',
      b: 'Mandatory field',
    });
    expect(validateValues(settings, { kind: 'off' })).toEqual({ b: 'Mandatory field' });
    expect(validateValues(settings, { kind: 'hide' })).toEqual({ a: 'Mandatory field' });
  });
});

describe('minLength, email, positive integer', () => {
  it('minLength message names minLength-1', () => {
    expect(validateField(field({ type: 'string', minLength: 5 }), 'abc', {})).toBe(
      'Value must be longer than 4 chars in length',
    );
    expect(validateField(field({ type: 'string', minLength: 5 }), 'abcde', {})).toBeUndefined();
    expect(MESSAGES.minLength(1)).toBe('Value must be longer than 0 chars in length');
  });

  it.each(['a@b.co', '  user.name@example.com ', 'x@[192.168.0.1]', '"quoted local"@example.org'])(
    'accepts %j',
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each([
    'plain',
    'a@b',
    '@example.com',
    'a b@example.com',
    'a@@example.com',
    'a@[1.2.3]',
    'a.@example.com',
  ])('rejects %j', (email) => expect(isValidEmail(email)).toBe(false));
  it("email field says 'Invalid email'", () => {
    expect(validateField(field({ type: 'email' }), 'nope', {})).toBe('Invalid email');
  });

  it('property: trimming never changes the verdict; a simple local@domain.tld is valid', () => {
    const atom = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(
        atom,
        atom,
        fc.stringMatching(/^[a-z]{2,6}$/),
        fc.stringMatching(/^\s{0,3}$/),
        (local, domain, tld, pad) => {
          const email = `${local}@${domain}.${tld}`;
          expect(isValidEmail(email)).toBe(true);
          expect(isValidEmail(`${pad}${email}${pad}`)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isValidEmail(s)).toBe(isValidEmail(s.trim()));
        if (!s.includes('@')) expect(isValidEmail(s)).toBe(false);
      }),
    );
  });

  it('positive integer messages', () => {
    expect(positiveIntegerMessage('1.5')).toBe('Value must be an integer');
    expect(positiveIntegerMessage('abc')).toBe('Value must be an integer');
    expect(positiveIntegerMessage('-3')).toBe('Value must be positive');
    expect(positiveIntegerMessage(0)).toBe('Value must be positive');
    expect(positiveIntegerMessage(12)).toBeUndefined();
  });
});

describe('tag normaliser (SPEC §5)', () => {
  it('lowercases, removes semicolons, trims, and never cuts (issue 17)', () => {
    expect(normaliseTag('  Hello;World ')).toBe('helloworld');
    expect(normaliseTag('A'.repeat(40))).toBe('a'.repeat(40));
    expect(normaliseTag(`${'b'.repeat(29)} x`)).toBe(`${'b'.repeat(29)} x`);
  });

  it('property: output is lowercase, has no semicolon, trimmed, idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        const tag = normaliseTag(input);
        expect(tag).not.toContain(';');
        expect(tag).toBe(tag.trim());
        expect(tag).toBe(tag.toLowerCase());
        expect(normaliseTag(tag)).toBe(tag);
      }),
    );
  });

  it('adds only new, non-empty tags and lists removed ones', () => {
    expect(addTag(['a'], 'A')).toEqual(['a']);
    expect(addTag(['a'], ' ; ')).toEqual(['a']);
    expect(addTag(['a'], 'B')).toEqual(['a', 'b']);
    expect(removedTags(['a', 'b', 'c'], ['b'])).toEqual(['a', 'c']);
    expect(removedTags(['a', 'b'], ['a', 'b', 'c'])).toEqual([]);
    expect(TAGS_REMOVED_WARNING).toBe('The following tags will be removed:');
  });

  it('takes a tag of 30 characters; one longer is refused with the message, not cut', () => {
    expect(TAG_MAX_LENGTH).toBe(30);
    const longest = 'x'.repeat(30);
    expect(addTag([], ` ${longest.toUpperCase()}; `)).toEqual([longest]);
    expect(tagLengthMessage(` ${longest};`)).toBeUndefined();
    expect(addTag(['a'], `${longest}y`)).toEqual(['a']);
    expect(tagLengthMessage(`${longest}y`)).toBe('Value must be at most 30 characters long');
  });
});

describe('payload flattening (SPEC §3)', () => {
  it('flattens nested objects to dotted keys and drops image fields', () => {
    expect(
      flattenPayload({
        name: 'Acme',
        address: { city: 'Perth', geo: { lat: 1 } },
        avatar_Base64: 'abc',
        logo: 'data:image/png;base64,AAAA',
        tags: ['a'],
        nested: { avatar_Base64: 'x', keep: true },
      }),
    ).toEqual({
      name: 'Acme',
      'address.city': 'Perth',
      'address.geo.lat': 1,
      tags: ['a'],
      'nested.keep': true,
    });
    expect(isImageValue('DATA:IMAGE/JPEG;base64,xx')).toBe(true);
    expect(isImageValue('data:text/plain,hi')).toBe(false);
    expect(isImageValue('  data:image/gif;base64,R0')).toBe(true);
    expect(isImageValue('see data:image/png')).toBe(false);
    expect(isImageValue(['data:image/png;base64,AA'])).toBe(false);
  });

  it('keeps empty leaves as they are', () => {
    expect(flattenPayload({ a: undefined, b: null, c: '', d: { e: undefined } })).toEqual({
      a: undefined,
      b: null,
      c: '',
      'd.e': undefined,
    });
  });

  it('flattens objects without a prototype; dates, arrays and class instances stay whole', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 2 });
    const when = new Date(2024, 0, 1);
    class Money {
      amount = 5;
    }
    const price = new Money();
    expect(flattenPayload({ bare, when, price, list: [{ x: 1 }], empty: {} })).toEqual({
      'bare.b': 2,
      when,
      price,
      list: [{ x: 1 }],
    });
  });

  it('property: no value is an object or an image, and every leaf is reachable by its dotted key', () => {
    const key = fc.stringMatching(/^[a-z]{1,5}$/);
    const leaf = fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.string(),
      fc.constant(null),
      fc.constant('data:image/png;base64,AA'),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, leaf, tie('node')), { maxKeys: 4 }),
    })).node as fc.Arbitrary<Record<string, unknown>>;
    fc.assert(
      fc.property(tree, (values) => {
        const flat = flattenPayload(values);
        for (const [path, value] of Object.entries(flat)) {
          expect(value === null || typeof value !== 'object').toBe(true);
          expect(isImageValue(value)).toBe(false);
          expect(
            path
              .split('.')
              .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], values),
          ).toEqual(value);
          expect(path.split('.')).not.toContain('avatar_Base64');
        }
      }),
    );
  });
});

describe('initial values (SPEC §4 defaults)', () => {
  const items = [
    { id: 10, label: 'Ten' },
    { id: 20, label: 'Twenty' },
  ];
  it('mandatory dropdown and radio take their first option; optional ones do not', () => {
    const settings: FormSettings = {
      rows: [
        [
          { field: 'd', type: 'dropdown', isMandatory: true, dropdownData: items },
          { field: 'r', type: 'radioButtons', isMandatory: true, dropdownData: items },
          { field: 'o', type: 'dropdown', dropdownData: items },
          { field: 'k', type: 'dropdown', isMandatory: true, dropdownData: items },
        ],
      ],
    };
    expect(buildInitialValues(settings, { k: 20, id: 7 })).toEqual({ id: 7, d: 10, r: 10, k: 20 });
  });

  it('reads through accessors and starts a dictionary from its initial data', () => {
    const settings: FormSettings = {
      rows: [
        [
          {
            field: 'ownerEmail',
            type: 'user',
            accessor: (r) => (r.owner as { email: string }).email,
          },
          { field: 'city', type: 'string', accessor: 'address.city' },
          { field: 'titles', type: 'jsonDictionary', initialData: { en: '' } },
        ],
      ],
    };
    const values = buildInitialValues(settings, {
      owner: { email: 'a@b.co' },
      address: { city: 'Perth' },
    });
    expect(values).toMatchObject({ ownerEmail: 'a@b.co', city: 'Perth', titles: { en: '' } });
  });

  it('copies the record deeply: editing the form never changes the record it came from', () => {
    const since = new Date(2024, 0, 1);
    class Money {
      amount = 5;
    }
    const price = new Money();
    const record = {
      address: { city: 'Perth' },
      tags: ['a', { b: 1 }],
      id: 3,
      note: null,
      since,
      price,
    };
    const settings: FormSettings = { rows: [[{ field: 'name', type: 'string' }]] };
    const values = buildInitialValues(settings, record);
    expect(values).toEqual(record);
    expect(values.address).not.toBe(record.address);
    expect(values.tags).not.toBe(record.tags);
    expect((values.tags as unknown[])[1]).not.toBe(record.tags[1]);
    expect('name' in values).toBe(false);
    // Dates and class instances are values, not records: the same objects.
    expect(values.since).toBe(since);
    expect(values.price).toBe(price);
    expect(values.note).toBeNull();
  });

  it('gives a mandatory choice with the empty option its first one, and keeps a chosen one', () => {
    const items = [{ id: 10, label: 'Ten' }];
    const settings: FormSettings = {
      rows: [
        [
          { field: 'd', type: 'dropdown', isMandatory: true, dropdownData: items },
          { field: 'n', type: 'dropdown', isMandatory: true, dropdownData: [] },
          { field: 's', type: 'string', isMandatory: true, dropdownData: items },
          { field: 'j', type: 'jsonDictionary', initialData: { en: '' } },
          { field: 't', type: 'string', initialData: { en: '' } },
        ],
      ],
    };
    expect(buildInitialValues(settings, { d: EMPTY_OPTION_VALUE, t: '' })).toEqual({
      d: 10,
      j: { en: '' },
      t: '',
    });
    expect(buildInitialValues(settings, { d: 10, j: { fr: 'x' } })).toEqual({
      d: 10,
      j: { fr: 'x' },
    });
  });

  it('sets a field an accessor reads even when it reads nothing, so the form knows it', () => {
    const settings: FormSettings = {
      rows: [[{ field: 'owner', type: 'string', accessor: () => undefined }]],
    };
    const values = buildInitialValues(settings, {});
    expect('owner' in values).toBe(true);
    expect(values.owner).toBeUndefined();
  });
});
