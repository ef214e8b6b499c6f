import { createHash, randomBytes } from 'node:crypto';
import type { App } from '../app';
import { CookieJar } from './harness';

export const ORG_ORIGIN = 'http://localhost:5173';
export const PORTAL_SCOPE =
  'openid profile email crmApi blastDataApi IdentityServerApi offline_access';

export interface AuthStart {
  jar: CookieJar;
  verifier: string;
  interaction: string;
}

/** Starts an authorization-code + PKCE request as the org portal would; answers the interaction path. */
export async function startAuthorization(
  app: App,
  extra: Record<string, string> = {},
  jar = new CookieJar(),
): Promise<AuthStart> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const qs = new URLSearchParams({
    client_id: 'org-portal',
    response_type: 'code',
    redirect_uri: `${ORG_ORIGIN}/signin-oidc`,
    scope: PORTAL_SCOPE,
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const res = await app.inject({
    method: 'GET',
    url: `/identity/auth?${qs}`,
    headers: { host: 'localhost:4000', cookie: jar.header() },
  });
  jar.store(res);
  const location = String(res.headers.location ?? '');
  if (!location.startsWith('/identity/interaction/'))
    throw new Error(`unexpected ${res.statusCode} ${location}`);
  return { jar, verifier, interaction: location };
}

export const formBody = (data: Record<string, string>) => new URLSearchParams(data).toString();
export const form = (data: Record<string, string>) => ({
  payload: new URLSearchParams(data).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Follows the provider's redirects until it answers the portal's redirect_uri; answers the code. */
export async function followToCode(app: App, jar: CookieJar, location: string): Promise<string> {
  let loc = location;
  for (let i = 0; i < 8; i++) {
    if (loc.startsWith(ORG_ORIGIN)) {
      const code = new URL(loc).searchParams.get('code');
      if (!code) throw new Error(`no code in ${loc}`);
      return code;
    }
    const url = loc.startsWith('http') ? new URL(loc).pathname + new URL(loc).search : loc;
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost:4000', cookie: jar.header() },
    });
    jar.store(res);
    loc = String(res.headers.location ?? '');
    if (!loc) throw new Error(`stuck at ${url}: ${res.statusCode} ${res.body.slice(-300)}`);
  }
  throw new Error('too many redirects');
}

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
  scope: string;
}

export async function tokenRequest(app: App, data: Record<string, string>) {
  return app
    .inject({
      method: 'POST',
      url: '/identity/token',
      payload: form(data).payload,
      headers: {
        host: 'localhost:4000',
        origin: ORG_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
    })
    .then((res) => ({
      ...res,
      headers: { ...res.headers },
      statusCode: res.statusCode,
      body: res.body,
    }));
}

/** The whole sign-in as the portal does it; answers the token response. */
export async function signIn(
  app: App,
  email: string,
  password = 'demo',
  jar = new CookieJar(),
): Promise<TokenResponse> {
  const { verifier, interaction } = await startAuthorization(app, {}, jar);
  const login = await app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    payload: form({ email, password }).payload,
    headers: {
      host: 'localhost:4000',
      cookie: jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
  jar.store(login);
  if (login.statusCode !== 303)
    throw new Error(`login failed ${login.statusCode} ${login.body.slice(-400)}`);
  const code = await followToCode(app, jar, String(login.headers.location));
  const res = await tokenRequest(app, {
    grant_type: 'authorization_code',
    client_id: 'org-portal',
    code,
    redirect_uri: `${ORG_ORIGIN}/signin-oidc`,
    code_verifier: verifier,
  });
  if (res.statusCode !== 200) throw new Error(`token ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as TokenResponse;
}

const providerPath = (loc: string) =>
  loc.startsWith('http') ? new URL(loc).pathname + new URL(loc).search : loc;

/** GET a provider path with the jar's cookies (answers the response; the jar keeps new cookies). */
export async function providerGet(app: App, jar: CookieJar, path: string) {
  const res = await app.inject({
    url: providerPath(path),
    headers: { host: 'localhost:4000', cookie: jar.header() },
  });
  jar.store(res);
  return res;
}

/** POST a form to a provider path with the jar's cookies. */
export async function providerPost(
  app: App,
  jar: CookieJar,
  path: string,
  data: Record<string, string>,
) {
  const res = await app.inject({
    method: 'POST',
    url: providerPath(path),
    payload: formBody(data),
    headers: {
      host: 'localhost:4000',
      cookie: jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
  jar.store(res);
  return res;
}

/**
 * Opens a getStarted path (/identity/Account/Login?…) as a browser would: answers the
 * interaction's path and its page.
 */
export async function openGetStarted(app: App, jar: CookieJar, path: string) {
  const start = await providerGet(app, jar, path);
  const auth = await providerGet(app, jar, String(start.headers.location));
  const interaction = String(auth.headers.location);
  if (!interaction.startsWith('/identity/interaction/'))
    throw new Error(`unexpected ${auth.statusCode} ${interaction}`);
  return { interaction, page: await providerGet(app, jar, interaction) };
}

/** Follows the provider's redirects until they leave it for a portal; answers that address. */
export async function followToPortal(app: App, jar: CookieJar, location: string) {
  let loc = location;
  for (let i = 0; i < 8 && !/^http:\/\/localhost:517[34]/.test(loc); i++) {
    const res = await providerGet(app, jar, loc);
    loc = String(res.headers.location ?? '');
    if (!loc) throw new Error(`stuck at ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return loc;
}

/** The portal's sign-out revocation of its refresh token (RFC 7009), as oidc-client-ts sends it. */
export async function revokeRefreshToken(app: App, refreshToken: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/identity/token/revocation',
    payload: formBody({
      token: String(refreshToken),
      token_type_hint: 'refresh_token',
      client_id: 'org-portal',
    }),
    headers: { host: 'localhost:4000', 'content-type': 'application/x-www-form-urlencoded' },
  });
}
