import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { StackKeys } from './keys';

/** The audience of every access token the portals use (one resource server: the portal API). */
export const API_AUDIENCE = 'portal-api';
/** The resource indicator (RFC 8707 needs an absolute URI) whose tokens carry aud API_AUDIENCE. */
export const API_RESOURCE = 'urn:portal-api';
export const API_SCOPES = ['crmApi', 'blastDataApi', 'IdentityServerApi'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  scope: string;
  client_id?: string;
  /** 'sysadmin', a list of roles, or absent. */
  role?: string | string[];
}

export type TokenVerifier = (token: string) => Promise<AccessTokenClaims>;

/** Verifies signature (the provider's own keys), issuer, audience, expiry, typ and alg. */
export function createTokenVerifier(keys: StackKeys, issuer: string): TokenVerifier {
  const jwks = createLocalJWKSet({ keys: [keys.publicJwk] });
  return async (token) => {
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      audience: API_AUDIENCE,
      algorithms: ['RS256'],
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) throw new Error('bad sub');
    return {
      ...payload,
      sub: payload.sub,
      scope: typeof payload.scope === 'string' ? payload.scope : '',
    };
  };
}

export const hasRole = (claims: AccessTokenClaims, role: string) =>
  Array.isArray(claims.role) ? claims.role.includes(role) : claims.role === role;
