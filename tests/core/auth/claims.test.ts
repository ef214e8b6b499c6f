import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, hasSysadminRole, rolesFromAccessToken } from '@/core/auth/claims';

const isSysadminToken = (t: string | null) => hasSysadminRole(rolesFromAccessToken(t));

/** A token as the provider writes it: base64url parts without padding. */
const token = (payload: unknown) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

describe('the access token payload (read to decide what to show; the servers verify it)', () => {
  it('reads base64url with its - and _ and without padding, whatever the length', () => {
    // '?>?>~~~' encodes to base64url's own '-' and '_'; 'ab' and 'abc' leave parts of 2 and 3
    // characters mod 4, which need '==' and '=' of padding to decode.
    const payloads = ['?>?>~~~', 'a', 'ab', 'abc'].map((n) => ({ n }));
    const parts = payloads.map((p) => token(p).split('.')[1] ?? '');
    expect(parts[0]).toMatch(/-/);
    expect(parts[0]).toMatch(/_/);
    expect(parts.map((p) => p.length % 4)).toEqual([0, 0, 2, 3]);
    for (const payload of payloads) expect(decodeJwtPayload(token(payload))).toEqual(payload);
  });

  it('reads names in UTF-8 (accents, other scripts)', () => {
    expect(decodeJwtPayload(token({ given_name: 'Zoë', family_name: '李' }))).toEqual({
      given_name: 'Zoë',
      family_name: '李',
    });
  });

  it('answers null for no token, no payload, and a payload that is not a JSON object', () => {
    expect(decodeJwtPayload(undefined)).toBeNull();
    expect(decodeJwtPayload(null)).toBeNull();
    expect(decodeJwtPayload('')).toBeNull();
    expect(decodeJwtPayload('header-only')).toBeNull();
    expect(decodeJwtPayload('header..sig')).toBeNull();
    expect(decodeJwtPayload('a.%%%.b')).toBeNull();
    expect(decodeJwtPayload(`a.${Buffer.from('not json').toString('base64url')}.b`)).toBeNull();
    expect(decodeJwtPayload(token(null))).toBeNull();
    expect(decodeJwtPayload(token([1, 2]))).toBeNull();
    expect(decodeJwtPayload(token(42))).toBeNull();
    expect(decodeJwtPayload(token('sysadmin'))).toBeNull();
  });
});

describe('roles and sysadmin (SPEC §6: the role claim, a string or a list)', () => {
  it('reads the role claim as a list', () => {
    expect(rolesFromAccessToken(token({ role: 'sysadmin' }))).toEqual(['sysadmin']);
    expect(rolesFromAccessToken(token({ role: ['user', 7, null, 'sysadmin'] }))).toEqual([
      'user',
      'sysadmin',
    ]);
    expect(rolesFromAccessToken(token({ role: 7 }))).toEqual([]);
    expect(rolesFromAccessToken(token({ sub: '7' }))).toEqual([]);
    expect(rolesFromAccessToken(undefined)).toEqual([]);
  });

  it('is sysadmin with the role in any case, alone or among others, and not with a look-alike', () => {
    expect(isSysadminToken(token({ role: 'SysAdmin' }))).toBe(true);
    expect(isSysadminToken(token({ role: ['user', 'sysadmin'] }))).toBe(true);
    expect(isSysadminToken(token({ role: ['user'] }))).toBe(false);
    expect(isSysadminToken(token({ role: 'sysadmins' }))).toBe(false);
    expect(isSysadminToken(token({ role: [] }))).toBe(false);
    expect(isSysadminToken(null)).toBe(false);
  });
});
