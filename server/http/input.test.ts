import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from './envelope';
import {
  BAD_TEXT_MESSAGE,
  BadTextError,
  assertGoodText,
  findBadText,
  isBadText,
  refuseBadText,
} from './input';

/**
 * The one input rule (issue 14): text is valid Unicode without NUL. What PostgreSQL cannot store
 * is refused with a 400 naming the field, never a 500. server/security/input.test.ts and
 * fuzz.test.ts drive it through every route; these are its edge cases.
 */
describe('bad text', () => {
  it.each([
    ['a NUL', 'a\u0000b', true],
    ['only a NUL', '\u0000', true],
    ['a lone high surrogate', 'a\uD800b', true],
    ['a lone high surrogate at the end', 'ab\uDBFF', true],
    ['a lone low surrogate', 'a\uDC00b', true],
    ['a lone low surrogate at the start', '\uDFFFab', true],
    ['two high surrogates', '\uD83D\uD83D', true],
    ['a low surrogate before a high one', '\uDE00\uD83D', true],
    ['a pair', 'smile \uD83D\uDE00', false],
    ['the first pair', '\uD800\uDC00', false],
    ['the last pair', '\uDBFF\uDFFF', false],
    ['the characters around the surrogates', '\uD7FF\uE000\uFFFD', false],
    ['plain text', 'Zoë’s café, 東京', false],
    ['an empty string', '', false],
    ['the digit zero', '0', false],
  ])('%s: %s', (_, text, bad) => {
    expect(isBadText(text)).toBe(bad);
  });
});

describe('findBadText', () => {
  it('answers the dotted path of the first bad string, or null', () => {
    expect(findBadText('ok')).toBeNull();
    expect(findBadText('bad\u0000')).toBe('');
    expect(findBadText({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findBadText({ a: 'x\u0000', b: 'y\u0000' })).toBe('a');
    expect(findBadText({ a: { b: 'ok' }, c: 'bad\uD800' })).toBe('c');
    expect(findBadText(['\u0000'])).toBe('0');
    expect(findBadText({ a: 'ok', b: 2, c: null, d: true, e: { f: 'fine' } })).toBeNull();
  });

  it('answers an object key holding a bad character', () => {
    expect(findBadText({ 'na\u0000me': 'fine' })).toBe('na\u0000me');
    expect(findBadText({ a: { ['\uDC00']: 1 } })).toBe('a.\uDC00');
  });

  it('answers null for values that are not text', () => {
    for (const value of [null, undefined, 0, 1, true, false, 10n]) {
      expect(findBadText(value)).toBeNull();
    }
  });

  it('looks 64 levels deep and no further', () => {
    const nest = (levels: number) => {
      let value: unknown = 'bad\u0000';
      for (let i = 0; i < levels; i++) value = { a: value };
      return value;
    };
    expect(findBadText(nest(65))).toBe(Array(65).fill('a').join('.'));
    expect(findBadText(nest(66))).toBeNull();
  });
});

describe('the 400 of bad text', () => {
  it('names the field in the envelope’s field errors', () => {
    const error = new BadTextError('profile.firstName');
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: 'The request has invalid fields',
      field: 'profile.firstName',
      errors: { 'profile.firstName': { message: BAD_TEXT_MESSAGE, errorCode: 'invalid' } },
    });
    expect(BAD_TEXT_MESSAGE).toBe('The value is not valid text (NUL character or broken Unicode)');
  });

  it('is thrown for a value a handler parsed itself, at its path under the field', () => {
    expect(() => assertGoodText({ a: 'ok' }, 'customData')).not.toThrow();
    expect(() => assertGoodText('ok', 'customData')).not.toThrow();
    const at = (value: unknown) => {
      try {
        assertGoodText(value, 'customData');
      } catch (error) {
        return (error as BadTextError).field;
      }
      return null;
    };
    expect(at({ a: { b: 'x\u0000' } })).toBe('customData.a.b');
    expect(at('x\u0000')).toBe('customData');
    expect(at(null)).toBeNull();
  });

  it('is thrown for the params, query or body of a request, by their names', async () => {
    const req = (parts: Partial<Record<'params' | 'query' | 'body', unknown>>) =>
      ({ params: {}, query: {}, body: undefined, ...parts }) as unknown as FastifyRequest;
    const fieldOf = async (parts: Partial<Record<'params' | 'query' | 'body', unknown>>) =>
      refuseBadText(req(parts)).then(
        () => null,
        (error: BadTextError) => error.field,
      );
    expect(await fieldOf({ params: { id: '1' }, query: { q: 'x' }, body: { a: 'b' } })).toBeNull();
    expect(await fieldOf({ params: { id: '1\u0000' } })).toBe('id');
    expect(await fieldOf({ query: { search: '\uD800' } })).toBe('search');
    expect(await fieldOf({ body: { user: { email: 'a\u0000' } } })).toBe('user.email');
    // A body that is a bad string itself is named 'body'.
    expect(await fieldOf({ body: 'raw\u0000' })).toBe('body');
    expect(await fieldOf({ params: 'p\u0000' })).toBe('params');
    expect(await fieldOf({ query: 'q\u0000' })).toBe('query');
    // The first of them in that order.
    expect(await fieldOf({ params: { id: '\u0000' }, body: { a: '\u0000' } })).toBe('id');
    expect(await fieldOf({ query: { q: '\u0000' }, body: { a: '\u0000' } })).toBe('q');
  });
});
