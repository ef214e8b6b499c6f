import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, generateKeyPair, importJWK, type JWTPayload } from 'jose';
import type { App } from '../app';
import { CookieJar, bearer, createTestApp, tokenFor } from '../test/harness';
import {
  providerGet,
  providerPost,
  revokeRefreshToken,
  signIn,
  startAuthorization,
  tokenRequest,
  followToCode,
  formBody,
  ORG_ORIGIN,
  type TokenResponse,
} from '../test/oidc';

/**
 * Issue 14 items 7 and 8: an access token works only while the grant behind it lives (sign-out,
 * refresh-token reuse and revocation end it at once, not 900 s later); end_session revokes the
 * session's grants, refresh tokens included; a portal's sign-out with its id_token_hint needs no
 * confirmation.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const api = (token: string) =>
  app
    .inject({ url: '/crm/v1/Orgs/GetUserMetadata', headers: bearer(token) })
    .then((r) => r.statusCode);
const refresh = (refreshToken: string | undefined) =>
  tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id: 'org-portal',
    refresh_token: String(refreshToken),
  });

describe('access tokens end with their grant', () => {
  it('carry the grant they were issued under', async () => {
    const tokens = await signIn(app, 'manager@example.com');
    expect(typeof decodeJwt(tokens.access_token).grant_id).toBe('string');
  });

  it('stop working when refresh-token reuse revokes the grant', async () => {
    const tokens = await signIn(app, 'manager@example.com');
    expect(await api(tokens.access_token)).toBe(200);
    const rotated = JSON.parse((await refresh(tokens.refresh_token)).body) as TokenResponse;
    expect(await api(rotated.access_token)).toBe(200);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400); // reuse: grant revoked
    expect(await api(tokens.access_token)).toBe(401);
    expect(await api(rotated.access_token)).toBe(401);
    const res = await app.inject({
      url: '/crm/v1/Orgs/GetUserMetadata',
      headers: bearer(rotated.access_token),
    });
    expect(res.json().message).toBe('The sign-in behind this access token has ended');
  });

  it('stop working when the portal revokes its refresh token (sign-out)', async () => {
    const tokens = await signIn(app, 'developer@example.com');
    expect(await api(tokens.access_token)).toBe(200);
    const revoked = await revokeRefreshToken(app, tokens.refresh_token);
    expect(revoked.statusCode).toBe(200);
    expect(await api(tokens.access_token)).toBe(401);
  });

  it('refuse a token without a grant or with a deleted one, also once remembered', async () => {
    const token = await tokenFor(app, 'owner');
    expect(await api(token)).toBe(200); // now remembered by the verifier
    const grantId = String(decodeJwt(token).grant_id);
    await app.services.db.query(`delete from oidc_payloads where model = 'Grant' and id = $1`, [
      grantId,
    ]);
    expect(await api(token)).toBe(401);
    const expiring = await tokenFor(app, 'owner');
    await app.services.db.query(
      `update oidc_payloads set expires_at = now() - interval '1 second' where model = 'Grant' and id = $1`,
      [String(decodeJwt(expiring).grant_id)],
    );
    expect(await api(expiring)).toBe(401);
    // Signed with the provider's key, but naming no grant.
    const { grant_id: _dropped, ...claims } = decodeJwt(await tokenFor(app, 'owner'));
    const noGrant = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: app.keys.signingJwk.kid })
      .sign(await importJWK(app.keys.signingJwk, 'RS256'));
    expect(await api(noGrant)).toBe(401);
  });
});

describe('end_session', () => {
  async function signedIn(email: string) {
    const jar = new CookieJar();
    const tokens = await signIn(app, email, 'demo', jar);
    return { jar, tokens };
  }
  /** Whether the provider still has a session for the jar: a new sign-in needs no page. */
  async function hasSession(jar: CookieJar) {
    const { interaction } = await startAuthorization(app, {}, jar);
    const res = await providerGet(app, jar, interaction);
    return !(res.statusCode === 200 && res.body.includes('<h1>Sign in</h1>'));
  }

  it('with the portal’s id_token_hint: signs out at once and ends tokens and session', async () => {
    const { jar, tokens } = await signedIn('support@example.com');
    const qs = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${ORG_ORIGIN}/signout-callback-oidc`,
      state: 's1',
    });
    const res = await providerGet(app, jar, `/identity/session/end?${qs}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${ORG_ORIGIN}/signout-callback-oidc?state=s1`);
    expect(await api(tokens.access_token)).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect(await hasSession(jar)).toBe(false);
  });

  it('confirmed without a hint: revokes the session’s grants, refresh tokens included', async () => {
    const { jar, tokens } = await signedIn('support@example.com');
    const page = await providerGet(app, jar, '/identity/session/end');
    expect(page.body).toContain('Do you want to sign out of the portals?');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirm = await providerPost(app, jar, '/identity/session/end/confirm', {
      xsrf,
      logout: 'yes',
    });
    expect(confirm.statusCode).toBe(303);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect(await api(tokens.access_token)).toBe(401);
    expect(await hasSession(jar)).toBe(false);
  });

  it('with a hint but no provider session any more (ended elsewhere): straight back', async () => {
    const { jar, tokens } = await signedIn('support@example.com');
    const qs = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${ORG_ORIGIN}/signout-callback-oidc`,
      state: 's2',
    });
    expect((await providerGet(app, jar, `/identity/session/end?${qs}`)).statusCode).toBe(303);
    // The other portal's tab signs out too, its provider session already gone.
    const again = await providerGet(app, new CookieJar(), `/identity/session/end?${qs}`);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`${ORG_ORIGIN}/signout-callback-oidc?state=s2`);
  });

  it('asks when the hint names another account than the session’s', async () => {
    const { jar, tokens } = await signedIn('support@example.com');
    const other = await signIn(app, 'developer@example.com');
    const qs = new URLSearchParams({
      id_token_hint: other.id_token,
      post_logout_redirect_uri: `${ORG_ORIGIN}/signout-callback-oidc`,
    });
    const res = await providerGet(app, jar, `/identity/session/end?${qs}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Yes, sign me out');
    expect(await api(tokens.access_token)).toBe(200);
    expect(await hasSession(jar)).toBe(true);
  });

  /** An ID token with these claims, signed with the provider's key (or another one: forged). */
  async function idToken(claims: JWTPayload, key: 'provider' | 'forged' = 'provider') {
    const jwk = app.keys.signingJwk;
    const signingKey =
      key === 'provider'
        ? await importJWK(jwk, 'RS256')
        : (await generateKeyPair('RS256', { extractable: true })).privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(signingKey);
  }
  const signOutWith = (
    jar: CookieJar,
    hint: string,
    redirect: string | null = `${ORG_ORIGIN}/signout-callback-oidc`,
  ) =>
    providerGet(
      app,
      jar,
      `/identity/session/end?${new URLSearchParams({
        id_token_hint: hint,
        ...(redirect ? { post_logout_redirect_uri: redirect } : {}),
      })}`,
    );

  it('a forged hint (not signed by the provider) signs nobody out', async () => {
    const { jar, tokens } = await signedIn('support@example.com');
    const forged = await idToken(decodeJwt(tokens.id_token), 'forged');
    const res = await signOutWith(jar, forged);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('could not validate id_token_hint');
    expect(await api(tokens.access_token)).toBe(200);
    expect(await hasSession(jar)).toBe(true);
  });

  it('asks when the hint is another client’s than a portal’s, or from before this sign-in', async () => {
    const { jar, tokens } = await signedIn('support@example.com');
    const claims = decodeJwt(tokens.id_token);
    const now = Math.floor(Date.now() / 1000);
    const foreign = await idToken({ ...claims, aud: 'identity-account' });
    const earlier = await idToken({ ...claims, iat: now - 3600, exp: now - 60 });
    // (The internal client registers no post-logout address.)
    for (const [hint, redirect] of [
      [foreign, null],
      [earlier, undefined],
    ] as const) {
      const res = await signOutWith(jar, hint, redirect);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Do you want to sign out of the portals?');
    }
    expect(await api(tokens.access_token)).toBe(200);
    expect(await hasSession(jar)).toBe(true);
  });

  it('with nobody signed in and no hint: the signed-out page, not a blank auto-submitting one', async () => {
    const res = await providerGet(app, new CookieJar(), '/identity/session/end');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:4000/identity/session/end/success');
    const done = await providerGet(app, new CookieJar(), String(res.headers.location));
    expect(done.body).toContain('You have been signed out.');
    expect(done.body).not.toMatch(/<script/i);
    // A known client's registered address (client_id instead of a hint): straight back there.
    const back = await providerGet(
      app,
      new CookieJar(),
      `/identity/session/end?${new URLSearchParams({
        client_id: 'org-portal',
        post_logout_redirect_uri: `${ORG_ORIGIN}/`,
        state: 's3',
      })}`,
    );
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${ORG_ORIGIN}/?state=s3`);
  });

  it('another account signing in over a session: signs that session out and goes on, no blank page', async () => {
    const { jar, tokens } = await signedIn('support@example.com');
    const { interaction, verifier } = await startAuthorization(app, { prompt: 'login' }, jar);
    const login = await app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      payload: formBody({ email: 'developer@example.com', password: 'demo' }),
      headers: {
        host: 'localhost:4000',
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    jar.store(login);
    expect(login.statusCode).toBe(303);
    const resumed = await providerGet(app, jar, String(login.headers.location));
    expect(resumed.body).not.toMatch(/<script/i);
    expect(resumed.statusCode).toBe(303);
    const code = await followToCode(app, jar, String(resumed.headers.location));
    const res = await tokenRequest(app, {
      grant_type: 'authorization_code',
      client_id: 'org-portal',
      code,
      redirect_uri: `${ORG_ORIGIN}/signin-oidc`,
      code_verifier: verifier,
    });
    const developer = JSON.parse(res.body) as TokenResponse;
    expect(decodeJwt(developer.id_token).sub).not.toBe(decodeJwt(tokens.id_token).sub);
    expect(await api(developer.access_token)).toBe(200);
    expect(await api(tokens.access_token)).toBe(401); // the earlier account's session ended
  });
});
