import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SECRET_PATTERN,
  hashSecret,
  invitationStart,
  newSecret,
  readStartValue,
  signUserHint,
} from './secrets';

/**
 * Link secrets and getStarted values (server/auth/secrets.ts): what an invitation link or a
 * sign-in hint proves to the provider. A value anyone could make up, change or replay after its
 * expiry must prove nothing.
 */
const KEY = 'test-hint-key';
const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);

describe('link secrets', () => {
  it('are 43 base64url characters of 32 random bytes, new each time', () => {
    const secrets = Array.from({ length: 50 }, newSecret);
    for (const s of secrets) {
      expect(s).toMatch(SECRET_PATTERN);
      expect(Buffer.from(s, 'base64url')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(50);
  });

  it('are stored as their SHA-256 (base64url), never as themselves', () => {
    expect(hashSecret('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    const s = newSecret();
    expect(hashSecret(s)).toBe(createHash('sha256').update(s).digest('base64url'));
    expect(hashSecret(s)).not.toBe(s);
  });

  it.each([
    ['letters', 'a'.repeat(21) + 'Z'.repeat(22), true],
    ['lower case only', 'z'.repeat(43), true],
    ['upper case only', 'A'.repeat(43), true],
    ['digits', '0123456789'.repeat(4) + '999', true],
    ['underscores', '_'.repeat(43), true],
    ['dashes', '-'.repeat(43), true],
    ['one character short', 'a'.repeat(42), false],
    ['one character long', 'a'.repeat(44), false],
    ['a character before', `+${'a'.repeat(43)}`, false],
    ['a character after', `${'a'.repeat(43)}+`, false],
    ['base64 plus', `${'a'.repeat(42)}+`, false],
    ['base64 slash', `${'a'.repeat(42)}/`, false],
    ['padding', `${'a'.repeat(42)}=`, false],
    ['a dot', `${'a'.repeat(42)}.`, false],
    ['empty', '', false],
  ])('the link pattern with %s: %s', (_, value, valid) => {
    expect(SECRET_PATTERN.test(value)).toBe(valid);
  });
});

describe('getStarted values', () => {
  it('reads an invitation start as its link secret', () => {
    const secret = newSecret();
    expect(invitationStart(secret)).toBe(`i-${secret}`);
    expect(readStartValue(KEY, invitationStart(secret), NOW)).toEqual({
      kind: 'invitation',
      secret,
    });
  });

  it.each([
    ['a short secret', `i-${'a'.repeat(42)}`],
    ['a long secret', `i-${'a'.repeat(44)}`],
    ['no prefix', 'a'.repeat(45)],
    ['the prefix at the end', `${'a'.repeat(43)}i-`],
    ['another prefix', `x-${'a'.repeat(43)}`],
    ['a bare user id', '2'],
    ['an empty value', ''],
  ])('proves nothing with %s', (_, value) => {
    expect(readStartValue(KEY, value, NOW)).toEqual({ kind: 'none' });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 2],
    ['an array', [`i-${'a'.repeat(43)}`]],
    ['an object', { kind: 'hint', userId: 2 }],
  ])('proves nothing with %s (not a string)', (_, value) => {
    expect(readStartValue(KEY, value, NOW)).toEqual({ kind: 'none' });
  });

  it('reads a signed hint as its user until it expires', () => {
    const hint = signUserHint(KEY, 42, 600, NOW);
    expect(hint).toMatch(/^h-42-\d{10}-[A-Za-z0-9_-]{22}$/);
    expect(hint.split('-')[2]).toBe(String(nowSeconds + 600));
    expect(readStartValue(KEY, hint, NOW)).toEqual({ kind: 'hint', userId: 42 });
    // The last second of its life, then expired (exp <= now).
    expect(readStartValue(KEY, hint, (nowSeconds + 599) * 1000 + 999)).toEqual({
      kind: 'hint',
      userId: 42,
    });
    expect(readStartValue(KEY, hint, (nowSeconds + 600) * 1000)).toEqual({ kind: 'none' });
    expect(readStartValue(KEY, hint, NOW + 3_600_000)).toEqual({ kind: 'none' });
  });

  it('reads the hints of many users, whatever characters their signature holds', () => {
    const macs = new Set<string>();
    for (let userId = 1; userId <= 300; userId++) {
      const hint = signUserHint(KEY, userId, 60, NOW);
      macs.add(hint.slice(-22));
      expect(readStartValue(KEY, hint, NOW), hint).toEqual({ kind: 'hint', userId });
    }
    // The signatures between them used every kind of base64url character.
    const all = [...macs].join('');
    for (const kind of [/[A-Z]/, /[a-z]/, /[0-9]/, /_/, /-/]) expect(all).toMatch(kind);
    // Users with the longest ids the pattern takes (nine digits).
    const big = signUserHint(KEY, 999_999_999, 60, NOW);
    expect(readStartValue(KEY, big, NOW)).toEqual({ kind: 'hint', userId: 999_999_999 });
  });

  it('proves nothing with a hint signed by another key, or changed in any part', () => {
    const hint = signUserHint(KEY, 42, 600, NOW);
    expect(readStartValue('another key', hint, NOW)).toEqual({ kind: 'none' });
    const [, , exp, mac] = hint.split('-') as [string, string, string, string];
    // Another user with the same signature, or a later expiry.
    expect(readStartValue(KEY, `h-43-${exp}-${mac}`, NOW)).toEqual({ kind: 'none' });
    expect(readStartValue(KEY, `h-42-${Number(exp) + 1}-${mac}`, NOW)).toEqual({ kind: 'none' });
    // The first character (the last one's low bits carry nothing).
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(readStartValue(KEY, `h-42-${exp}-${flipped}`, NOW)).toEqual({ kind: 'none' });
    // The signature of another hint.
    const other = signUserHint(KEY, 43, 600, NOW).slice(-22);
    expect(readStartValue(KEY, `h-42-${exp}-${other}`, NOW)).toEqual({ kind: 'none' });
  });

  it('proves nothing with a hint around other text or outside the pattern', () => {
    const hint = signUserHint(KEY, 42, 600, NOW);
    expect(readStartValue(KEY, `x${hint}`, NOW)).toEqual({ kind: 'none' });
    expect(readStartValue(KEY, `${hint}x`, NOW)).toEqual({ kind: 'none' });
    expect(readStartValue(KEY, hint.replace('h-', 'H-'), NOW)).toEqual({ kind: 'none' });
    // Signed, but with a ten-digit user id, or an expiry of nine or eleven digits.
    const longId = signUserHint(KEY, 1_000_000_000, 600, NOW);
    expect(readStartValue(KEY, longId, NOW)).toEqual({ kind: 'none' });
    const early = signUserHint(KEY, 42, 500_000_000, 0);
    expect(early.split('-')[2]).toHaveLength(9);
    expect(readStartValue(KEY, early, 0)).toEqual({ kind: 'none' });
    const far = signUserHint(KEY, 42, 9_000_000_000, NOW);
    expect(far.split('-')[2]).toHaveLength(11);
    expect(readStartValue(KEY, far, NOW)).toEqual({ kind: 'none' });
    // Letters where the digits go.
    expect(readStartValue(KEY, hint.replace(/^h-42-/, 'h-ab-'), NOW)).toEqual({ kind: 'none' });
    expect(readStartValue(KEY, `h-42-abcdefghij-${hint.slice(-22)}`, NOW)).toEqual({
      kind: 'none',
    });
    // A signature of other characters or length.
    expect(readStartValue(KEY, `${hint.slice(0, -1)}+`, NOW)).toEqual({ kind: 'none' });
    expect(readStartValue(KEY, `${hint}A`, NOW)).toEqual({ kind: 'none' });
    expect(readStartValue(KEY, hint.slice(0, -1), NOW)).toEqual({ kind: 'none' });
  });
});
