import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { StackKeys } from './keys';

/** The audience of every access token the portals use (one resource server: the portal API). */
export const API_AUDIENCE = 'portal-api';
/** The resource indicator (RFC 8707 needs an absolute URI) whose tokens carry aud API_AUDIENCE. */
export const API_RESOURCE = 'urn:portal-api';
export { API_SCOPES, type ApiScope } from '@/contract/identity/oidc';

/** The access-token claim naming the grant the token was issued under (identity/provider.ts). */
export const GRANT_CLAIM = 'grant_id';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  scope: string;
  client_id?: string;
  /** The provider's grant behind the token: the API answers only while it is alive. */
  grant_id?: string;
  /** 'sysadmin', a list of roles, or absent. */
  role?: string | string[];
}

export type TokenVerifier = (token: string) => Promise<AccessTokenClaims>;

/** Verified tokens remembered (by their whole text, signature included). */
const VERIFIED_CACHE_SIZE = 1000;

/**
 * Verifies signature (the provider's own keys), issuer, audience, expiry, typ and alg, and that the
 * token names its grant. A token verified once is remembered until it expires: the same text with
 * the same keys always verifies the same way, so only the time checks are repeated
 * (docs/performance.md: the RS256 check cost about as much as the rest of a list request). Whether
 * the grant is still alive is not a property of the text: the caller asks the database on every
 * request (http/routes.ts authenticate), so nothing here needs forgetting when a grant is revoked,
 * and every process of the stack sees a revocation at once.
 */
export function createTokenVerifier(keys: StackKeys, issuer: string): TokenVerifier {
  const jwks = createLocalJWKSet({ keys: [keys.publicJwk] });
  const verified = new Map<string, AccessTokenClaims>();
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      // As jwtVerify: expired when exp <= now (no clock tolerance); nbf was checked already.
      if ((known.exp ?? 0) > Math.floor(Date.now() / 1000)) return known;
      verified.delete(token);
    }
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      audience: API_AUDIENCE,
      algorithms: ['RS256'],
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    // Stryker disable StringLiteral: every refused token is answered with the same 401 (routes.ts authenticate); these messages reach no one
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) throw new Error('bad sub');
    if (typeof payload[GRANT_CLAIM] !== 'string') throw new Error('no grant');
    // Stryker restore StringLiteral
    const claims: AccessTokenClaims = Object.freeze({
      ...payload,
      sub: payload.sub,
      scope: typeof payload.scope === 'string' ? payload.scope : '',
    });
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      verified.delete(verified.keys().next().value as string); // the oldest
    }
    verified.set(token, claims);
    return claims;
  };
}

export const hasRole = (claims: AccessTokenClaims, role: string) =>
  Array.isArray(claims.role) ? claims.role.includes(role) : claims.role === role;
