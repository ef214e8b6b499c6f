import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Stored passwords (server/auth/passwords.ts): scrypt with a random salt, in a self-describing
 * string, so that a hash stored with other parameters still verifies.
 */
describe('password hashes', () => {
  it('are scrypt with N=16384, r=8, p=1, a 16-byte salt and a 32-byte key, never the password', async () => {
    const stored = await hashPassword('correct horse');
    const parts = stored.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(parts).toHaveLength(6);
    const salt = Buffer.from(parts[4] ?? '', 'base64url');
    const key = Buffer.from(parts[5] ?? '', 'base64url');
    expect(salt).toHaveLength(16);
    expect(key).toHaveLength(32);
    expect(stored).not.toContain('correct horse');
    // The key is scrypt's own, with those parameters.
    expect(scryptSync('correct horse', salt, 32, { N: 16384, r: 8, p: 1 }).equals(key)).toBe(true);
  });

  it('are salted: the same password twice gives two hashes, both of which verify', async () => {
    const a = await hashPassword('same');
    const b = await hashPassword('same');
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verify the password only', async () => {
    const stored = await hashPassword('s3cret!');
    expect(await verifyPassword('s3cret!', stored)).toBe(true);
    expect(await verifyPassword('s3cret', stored)).toBe(false);
    expect(await verifyPassword('S3cret!', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verify a hash stored with other parameters and key length, with those parameters', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('older', salt, 16, { N: 1024, r: 4, p: 2 });
    const stored = [
      'scrypt',
      1024,
      4,
      2,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
    expect(await verifyPassword('older', stored)).toBe(true);
    expect(await verifyPassword('newer', stored)).toBe(false);
    // The same key under each other parameter does not verify.
    for (const [n, r, p] of [
      [2048, 4, 2],
      [1024, 8, 2],
      [1024, 4, 1],
    ]) {
      const other = ['scrypt', n, r, p, salt.toString('base64url'), key.toString('base64url')];
      expect(await verifyPassword('older', other.join('$')), other.join('$')).toBe(false);
    }
  });

  it.each([
    ['no password (an invited user)', null],
    ['an empty value', ''],
    ['plain text', 'correct horse'],
    ['five parts', 'scrypt$16384$8$1$c2FsdA'],
    ['seven parts', 'scrypt$16384$8$1$c2FsdA$a2V5$more'],
  ])('refuse every password against %s', async (_, stored) => {
    expect(await verifyPassword('correct horse', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuse a hash of another scheme even when its key is right', async () => {
    const stored = await hashPassword('pw');
    const other = stored.replace(/^scrypt\$/, 'bcrypt$');
    expect(await verifyPassword('pw', other)).toBe(false);
  });
});
