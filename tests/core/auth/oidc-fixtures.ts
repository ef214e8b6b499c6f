import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { http, HttpResponse } from 'msw';
import { config } from '@/core/config';

/** A JWT-shaped token (unsigned: the client never verifies; the server does). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc(payload)}.c2lnbmF0dXJl`;
}

export const tokenEndpoint = `${config.oidcAuthority}/token`;
export const revocationEndpoint = `${config.oidcAuthority}/token/revocation`;

/**
 * A real oidc-client-ts UserManager on sessionStorage, with the provider's metadata given
 * up front (no discovery request), the settings the portals use for renewal.
 */
export function createTestUserManager(): UserManager {
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  return new UserManager({
    authority: config.oidcAuthority,
    client_id: config.oidcClientIds.org,
    redirect_uri: 'http://localhost:3000/signin-oidc',
    post_logout_redirect_uri: 'http://localhost:3000/signout-callback-oidc',
    response_type: 'code',
    scope: 'openid profile email crmApi offline_access',
    userStore: store,
    stateStore: store,
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    metadata: {
      issuer: config.oidcAuthority,
      authorization_endpoint: `${config.oidcAuthority}/auth`,
      token_endpoint: tokenEndpoint,
      revocation_endpoint: revocationEndpoint,
      end_session_endpoint: `${config.oidcAuthority}/session/end`,
    },
  });
}

let counter = 0;

/** Stores a signed-in user whose access token expires in `expiresIn` seconds. */
export async function storeSignedInUser(
  manager: UserManager,
  options: {
    expiresIn: number;
    refreshToken?: string;
    role?: string | string[];
    /** Claims of the id token's profile to set or replace. */
    profile?: Record<string, unknown>;
  } = {
    expiresIn: 3600,
  },
): Promise<User> {
  counter += 1;
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    access_token: fakeJwt({
      sub: '7',
      n: counter,
      role: options.role,
      exp: now + options.expiresIn,
    }),
    refresh_token: options.refreshToken ?? `rt-${counter}`,
    token_type: 'Bearer',
    scope: 'openid profile email crmApi offline_access',
    profile: {
      sub: '7',
      iss: config.oidcAuthority,
      aud: config.oidcClientIds.org,
      exp: now + 3600,
      iat: now,
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@example.com',
      ...options.profile,
    },
    expires_at: now + options.expiresIn,
  });
  await manager.storeUser(user);
  return user;
}

/**
 * The provider's token endpoint with rotating refresh tokens: each refresh token works once;
 * presenting a consumed one is invalid_grant (the real provider then revokes the grant).
 */
export function rotatingTokenEndpoint(options: {
  validRefreshTokens: Set<string>;
  lifetime?: number;
}) {
  const calls: URLSearchParams[] = [];
  let issued = 0;
  const handler = http.post(tokenEndpoint, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    calls.push(form);
    const presented = form.get('refresh_token') ?? '';
    if (form.get('grant_type') !== 'refresh_token' || !options.validRefreshTokens.has(presented)) {
      return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
    }
    options.validRefreshTokens.delete(presented);
    issued += 1;
    const refreshToken = `rotated-${issued}`;
    options.validRefreshTokens.add(refreshToken);
    const lifetime = options.lifetime ?? 3600;
    return HttpResponse.json({
      access_token: fakeJwt({ sub: '7', issued, exp: Math.floor(Date.now() / 1000) + lifetime }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: lifetime,
      scope: 'openid profile email crmApi offline_access',
    });
  });
  return { handler, calls };
}
