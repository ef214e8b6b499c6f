import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Link secrets (invitations, address checks): 256 random bits, base64url (43 characters). Only
 * their SHA-256 is stored, so a copy of the database opens no link.
 */
export const newSecret = () => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string) =>
  createHash('sha256').update(secret).digest('base64url');
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * getStarted values (SPEC §2: the portal sends ?getStarted=… on to the provider as userId). The
 * provider never takes a bare user id for anything: a value is either an invitation's link secret
 * (`i-…`) or a hint the stack signed (`h-{userId}-{expiry}-{mac}`), both within the portal's
 * getStarted pattern ([A-Za-z0-9_-]{1,64}).
 */
export const invitationStart = (secret: string) => `i-${secret}`;

export type StartValue =
  { kind: 'invitation'; secret: string } | { kind: 'hint'; userId: number } | { kind: 'none' };

const HINT = /^h-(\d{1,9})-(\d{10})-([A-Za-z0-9_-]{22})$/;
const mac = (key: string, userId: number, exp: number) =>
  createHmac('sha256', key).update(`getStarted:${userId}:${exp}`).digest().subarray(0, 16);

/** A signed, expiring sign-in hint for a user (their email is pre-filled), valid ttl seconds. */
export function signUserHint(key: string, userId: number, ttlSeconds: number, now = Date.now()) {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  return `h-${userId}-${exp}-${mac(key, userId, exp).toString('base64url')}`;
}

/** What a userId / getStarted value proves; anything unsigned, expired or malformed proves nothing. */
export function readStartValue(key: string, value: unknown, now = Date.now()): StartValue {
  if (typeof value !== 'string') return { kind: 'none' };
  if (value.startsWith('i-') && SECRET_PATTERN.test(value.slice(2)))
    return { kind: 'invitation', secret: value.slice(2) };
  const m = HINT.exec(value);
  if (!m) return { kind: 'none' };
  const userId = Number(m[1]);
  const exp = Number(m[2]);
  // Stryker disable next-line StringLiteral: a match always has its third group; the default only satisfies the types
  const given = Buffer.from(m[3] ?? '', 'base64url');
  const expected = mac(key, userId, exp);
  // Stryker disable next-line ConditionalExpression: 22 base64url characters always decode to the 16 bytes of a MAC
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { kind: 'none' };
  if (exp <= Math.floor(now / 1000)) return { kind: 'none' };
  return { kind: 'hint', userId };
}
