import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

const N = 16384;
const r = 8;
const p = 1;
const KEYLEN = 32;

/** scrypt with a random 16-byte salt: `scrypt$N$r$p$salt$hash` (base64url). Never plain text. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  // Stryker disable next-line ObjectLiteral: scrypt's defaults are these values (N 16384, r 8, p 1)
  const key = await scrypt(password, salt, KEYLEN, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check so unknown emails are not distinguishable by timing.
    // Stryker disable next-line ObjectLiteral: scrypt's defaults are these values (N 16384, r 8, p 1)
    await scrypt(password, Buffer.alloc(16), KEYLEN, { N, r, p });
    return false;
  }
  const [, n, rr, pp, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  // Stryker disable next-line ConditionalExpression: the key is derived at expected.length, so the lengths always match
  return key.length === expected.length && timingSafeEqual(key, expected);
}
