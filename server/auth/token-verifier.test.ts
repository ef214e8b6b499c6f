import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StackKeys } from './keys';
import {
  API_AUDIENCE,
  GRANT_CLAIM,
  createTokenVerifier,
  hasRole,
  type AccessTokenClaims,
  type TokenVerifier,
} from './tokens';

/**
 * The access tokens the API takes (server/auth/tokens.ts): signed by the provider's own key, for
 * the portal API, from the stack's issuer, unexpired, typed at+jwt, naming a numeric user and
 * its grant. A verified token is remembered until it expires. Keys made here, no app.
 */
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const ISSUER = 'http://localhost:4000/identity';
let privateKey: SigningKey;
let keys: StackKeys;
let verify: TokenVerifier;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const { kty, n, e } = await exportJWK(pair.publicKey);
  const publicJwk = {
    kty,
    n,
    e,
    kid: 'k-test',
    alg: 'RS256',
    use: 'sig',
  } as StackKeys['publicJwk'];
  keys = { signingJwk: publicJwk, publicJwk, cookieKeys: [], hintKey: '' };
  verify = createTokenVerifier(keys, ISSUER);
});
afterEach(() => {
  vi.useRealTimers();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Options {
  claims?: JWTPayload;
  typ?: string;
  issuer?: string;
  audience?: string;
  sub?: string | null;
  iat?: number | null;
  exp?: number | null;
  key?: SigningKey;
}
async function token(o: Options = {}) {
  const now = nowSeconds();
  const jwt = new SignJWT({
    scope: 'crmApi blastDataApi',
    client_id: 'org-portal',
    [GRANT_CLAIM]: 'grant-1',
    ...o.claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: o.typ ?? 'at+jwt', kid: 'k-test' })
    .setIssuer(o.issuer ?? ISSUER)
    .setAudience(o.audience ?? API_AUDIENCE);
  if (o.sub !== null) jwt.setSubject(o.sub ?? '2');
  if (o.iat !== null) jwt.setIssuedAt(o.iat ?? now);
  if (o.exp !== null) jwt.setExpirationTime(o.exp ?? now + 900);
  return jwt.sign(o.key ?? privateKey);
}

describe('verifying an access token', () => {
  it('answers the claims of a good token', async () => {
    const claims = await verify(await token({ claims: { role: ['admin'] } }));
    expect(claims).toMatchObject({
      sub: '2',
      scope: 'crmApi blastDataApi',
      client_id: 'org-portal',
      grant_id: 'grant-1',
      role: ['admin'],
      iss: ISSUER,
      aud: 'portal-api',
    });
  });

  it.each<[string, Options]>([
    ['another issuer', { issuer: 'http://evil.example/identity' }],
    ['another audience', { audience: 'another-api' }],
    ['another type', { typ: 'JWT' }],
    ['no subject', { sub: null }],
    ['no issue time', { iat: null }],
    ['no expiry', { exp: null }],
    ['an expiry now', { exp: nowSeconds() }],
    ['an expiry past', { exp: nowSeconds() - 60 }],
    ['a subject that is no user id', { sub: 'owner@example.com' }],
    ['a subject with digits after letters', { sub: 'u2' }],
    ['a subject with letters after digits', { sub: '2u' }],
    ['a decimal subject', { sub: '2.5' }],
    ['an empty subject', { sub: '' }],
    // A signer may write any JSON, whatever JWTPayload's type says.
    [
      'a subject that is a number, not a string',
      { sub: null, claims: { sub: 2 } as unknown as JWTPayload },
    ],
    ['no grant', { claims: { [GRANT_CLAIM]: undefined } }],
    ['a grant that is no string', { claims: { [GRANT_CLAIM]: 7 } }],
  ])('refuses a token with %s', async (_, options) => {
    await expect(verify(await token(options))).rejects.toThrow();
  });

  it('answers any numeric user id', async () => {
    for (const sub of ['1', '10', '123456789']) {
      expect((await verify(await token({ sub }))).sub).toBe(sub);
    }
  });

  it('refuses a token signed by another key', async () => {
    const other = await generateKeyPair('RS256');
    await expect(verify(await token({ key: other.privateKey }))).rejects.toThrow();
  });

  it('answers an empty scope when the token’s scope is not a string', async () => {
    expect((await verify(await token({ claims: { scope: ['crmApi'] } }))).scope).toBe('');
    expect((await verify(await token({ claims: { scope: undefined } }))).scope).toBe('');
    expect((await verify(await token({ claims: { scope: 'crmApi' } }))).scope).toBe('crmApi');
  });
});

describe('remembered tokens', () => {
  it('answer the same claims without verifying again, read-only', async () => {
    const text = await token();
    const first = await verify(text);
    expect(await verify(text)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Another verifier (another process) has its own memory.
    const again = await createTokenVerifier(keys, ISSUER)(text);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });

  it('are refused from the second their expiry is reached', async () => {
    const exp = nowSeconds() + 5;
    const text = await token({ exp });
    const first = await verify(text);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp * 1000 - 1);
    expect(await verify(text)).toBe(first);
    vi.setSystemTime(exp * 1000);
    await expect(verify(text)).rejects.toThrow();
    vi.setSystemTime(exp * 1000 - 1);
    // Verified again, not from the memory it was dropped from.
    const back = await verify(text);
    expect(back).toEqual(first);
    expect(back).not.toBe(first);
  });

  it('are the last thousand: the oldest is forgotten first', async () => {
    const mine = createTokenVerifier(keys, ISSUER);
    const texts: string[] = [];
    for (let i = 0; i < 1001; i++) texts.push(await token({ claims: { jti: `t${i}` } }));
    const claims: AccessTokenClaims[] = [];
    for (const text of texts) claims.push(await mine(text));
    // The first was forgotten when the 1001st came; the second and the last are remembered.
    expect(await mine(texts[1] as string)).toBe(claims[1]);
    expect(await mine(texts[1000] as string)).toBe(claims[1000]);
    const first = await mine(texts[0] as string);
    expect(first).toEqual(claims[0]);
    expect(first).not.toBe(claims[0]);
  });
});

describe('roles', () => {
  const claims = (role?: string | string[]) =>
    ({ sub: '1', scope: '', ...(role === undefined ? {} : { role }) }) as AccessTokenClaims;

  it('are a single role or a list of them', () => {
    expect(hasRole(claims('sysadmin'), 'sysadmin')).toBe(true);
    expect(hasRole(claims(['admin', 'sysadmin']), 'sysadmin')).toBe(true);
    expect(hasRole(claims(['admin']), 'sysadmin')).toBe(false);
    expect(hasRole(claims('admin'), 'sysadmin')).toBe(false);
    expect(hasRole(claims(), 'sysadmin')).toBe(false);
    expect(hasRole(claims([]), 'sysadmin')).toBe(false);
    // A role's name inside another is not the role.
    expect(hasRole(claims('notsysadmin'), 'sysadmin')).toBe(false);
  });
});
