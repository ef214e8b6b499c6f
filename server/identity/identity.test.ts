import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { App } from '../app';
import {
  ACTIVE_ACCOUNTS,
  CookieJar,
  DEMO,
  bearer,
  createTestApp,
  tamperedSignature,
  tokenFor,
} from '../test/harness';
import {
  formBody,
  followToCode,
  signIn,
  startAuthorization,
  tokenRequest,
  providerGet,
  providerPost,
  revokeRefreshToken,
  ORG_ORIGIN,
} from '../test/oidc';
import { lastMessage } from '../test/outbox';
import { signUserHint } from '../auth/secrets';

let app: App;
beforeAll(async () => {
  app = await createTestApp({ signInMaxFailures: 5 });
});
afterAll(async () => {
  await app.close();
});

const postLogin = (
  interaction: string,
  cookie: string,
  email: string,
  password: string,
  ip = '10.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    remoteAddress: ip,
    payload: formBody({ email, password }),
    headers: {
      host: 'localhost:4000',
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });

describe('discovery', () => {
  it('publishes the issuer under /identity with PKCE S256 and the portal scopes', async () => {
    const res = await app.inject({ url: '/identity/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Record<string, unknown>>();
    expect(doc.issuer).toBe('http://localhost:4000/identity');
    expect(doc.token_endpoint).toBe('http://localhost:4000/identity/token');
    expect(doc.end_session_endpoint).toBe('http://localhost:4000/identity/session/end');
    expect(doc.revocation_endpoint).toBe('http://localhost:4000/identity/token/revocation');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining([
        'openid',
        'crmApi',
        'blastDataApi',
        'IdentityServerApi',
        'offline_access',
      ]),
    );
  });

  it('answers CORS for the portal origins only', async () => {
    const ok = await app.inject({
      url: '/identity/.well-known/openid-configuration',
      headers: { origin: ORG_ORIGIN },
    });
    expect(ok.headers['access-control-allow-origin']).toBe(ORG_ORIGIN);
    const jwks = await app.inject({
      url: '/identity/jwks',
      headers: { origin: 'http://localhost:5174' },
    });
    expect(jwks.headers['access-control-allow-origin']).toBe('http://localhost:5174');
  });
});

describe('authorization code + PKCE sign-in', () => {
  it('signs owner@example.com in and issues a JWT access token with the portal claims', async () => {
    const tokens = await signIn(app, 'owner@example.com');
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      alg: 'RS256',
      typ: 'at+jwt',
    });
    const at = decodeJwt(tokens.access_token);
    expect(at).toMatchObject({
      iss: 'http://localhost:4000/identity',
      sub: '2',
      aud: 'portal-api',
      client_id: 'org-portal',
    });
    expect(String(at.scope).split(' ').sort()).toEqual([
      'IdentityServerApi',
      'blastDataApi',
      'crmApi',
    ]);
    expect(at.role).toBeUndefined();
    expect(tokens.refresh_token).toBeTruthy();
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      sub: '2',
      given_name: 'Olivia',
      family_name: 'Owner',
      email: 'owner@example.com',
    });
    // The token opens the API.
    const meta = await app.inject({
      url: '/crm/v1/Orgs/GetUserMetadata',
      headers: bearer(tokens.access_token),
    });
    expect(meta.statusCode).toBe(200);
  });

  it('gives the sysadmin a role claim "sysadmin", like the test helper does', async () => {
    const tokens = await signIn(app, 'sysadmin@example.com');
    const real = decodeJwt(tokens.access_token);
    expect(real.role).toBe('sysadmin');
    const minted = decodeJwt(await tokenFor(app, 'sysadmin'));
    expect(Object.keys(minted).sort()).toEqual(Object.keys(real).sort());
    expect(minted).toMatchObject({
      iss: real.iss,
      aud: real.aud,
      sub: real.sub,
      scope: real.scope,
      role: real.role,
      client_id: real.client_id,
    });
  });

  it('rotates refresh tokens and rejects a reused one', async () => {
    const tokens = await signIn(app, 'manager@example.com');
    const first = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: 'org-portal',
      refresh_token: String(tokens.refresh_token),
    });
    expect(first.statusCode).toBe(200);
    const rotated = JSON.parse(first.body) as { refresh_token: string; access_token: string };
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(rotated.access_token).aud).toBe('portal-api');
    const reuse = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: 'org-portal',
      refresh_token: String(tokens.refresh_token),
    });
    expect(reuse.statusCode).toBe(400);
    expect(JSON.parse(reuse.body).error).toBe('invalid_grant');
  });

  it('revokes a refresh token with an empty answer oidc-client-ts accepts (200, no type)', async () => {
    const tokens = await signIn(app, 'manager@example.com');
    const revoked = await revokeRefreshToken(app, tokens.refresh_token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.headers['content-type']).toBeUndefined();
    expect(revoked.body).toBe('');
    const reuse = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: 'org-portal',
      refresh_token: String(tokens.refresh_token),
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('signs every active demo account in with password demo', async () => {
    for (const name of ACTIVE_ACCOUNTS) {
      const tokens = await signIn(app, `${name}@example.com`);
      expect(decodeJwt(tokens.access_token).sub, name).toBe(String(DEMO[name]));
    }
  });

  it('refuses a code exchange with the wrong PKCE verifier', async () => {
    const { jar, interaction } = await startAuthorization(app);
    const login = await postLogin(interaction, jar.header(), 'developer@example.com', 'demo');
    jar.store(login);
    const code = await followToCode(app, jar, String(login.headers.location));
    const res = await tokenRequest(app, {
      grant_type: 'authorization_code',
      client_id: 'org-portal',
      code,
      redirect_uri: `${ORG_ORIGIN}/signin-oidc`,
      code_verifier: 'x'.repeat(43),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-out (end_session)', () => {
  it('signs a portal out at once with its id_token_hint and returns to the post_logout_redirect_uri', async () => {
    const jar = new CookieJar();
    const tokens = await signIn(app, 'support@example.com', 'demo', jar);
    const qs = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${ORG_ORIGIN}/signout-callback-oidc`,
      state: 'bye',
    });
    const res = await providerGet(app, jar, `/identity/session/end?${qs}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${ORG_ORIGIN}/signout-callback-oidc?state=bye`);
    expect(res.body).not.toContain('Yes, sign me out');
  });

  it('asks for confirmation without an id_token_hint, and the confirmation signs out', async () => {
    const jar = new CookieJar();
    await signIn(app, 'support@example.com', 'demo', jar);
    const page = await providerGet(app, jar, '/identity/session/end');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Yes, sign me out');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirm = await providerPost(app, jar, '/identity/session/end/confirm', {
      xsrf,
      logout: 'yes',
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:4000/identity/session/end/success');
  });

  it('refuses an unregistered post_logout_redirect_uri', async () => {
    const tokens = await signIn(app, 'support@example.com');
    const qs = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const res = await app.inject({
      url: `/identity/session/end?${qs}`,
      headers: { host: 'localhost:4000' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in page', () => {
  it('pre-fills nothing from a bare userId, and the email from a hint the stack signed', async () => {
    for (const userId of ['3', '1', '9']) {
      const { jar, interaction } = await startAuthorization(app, { userId });
      const page = await providerGet(app, jar, interaction);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<input id="email" name="email" type="email" value=""');
      expect(page.body).not.toMatch(/@example\.com/);
    }
    const hint = signUserHint(app.keys.hintKey, 3, 60);
    const { jar, interaction } = await startAuthorization(app, { userId: hint });
    const page = await providerGet(app, jar, interaction);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('value="manager@example.com"');
    expect(page.body).toContain('<label for="password">Password</label>');
    // Tampered, expired or someone else's: nothing.
    const forged = hint.replace(/^h-3-/, 'h-1-');
    const expiredHint = signUserHint(app.keys.hintKey, 3, 60, Date.now() - 120_000);
    const [signed, mac] = [hint.slice(0, -22), hint.slice(-22)];
    for (const userId of [forged, expiredHint, `${signed}${tamperedSignature(mac)}`]) {
      const other = await startAuthorization(app, { userId });
      const body = (await providerGet(app, other.jar, other.interaction)).body;
      expect(body).toContain('<input id="email" name="email" type="email" value=""');
    }
  });

  it('says "Incorrect email or password." and keeps the email (escaped)', async () => {
    const { jar, interaction } = await startAuthorization(app);
    const res = await postLogin(
      interaction,
      jar.header(),
      'owner@example.com"<b>',
      'nope',
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Incorrect email or password.');
    expect(res.body).toContain('value="owner@example.com&quot;&lt;b&gt;"');
  });

  it('answers an invited address with no account like any unknown one (401, same message)', async () => {
    const { jar, interaction } = await startAuthorization(app);
    const res = await postLogin(
      interaction,
      jar.header(),
      'pending@example.com',
      'demo',
      '10.0.0.3',
    );
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Incorrect email or password.');
    expect(res.body).not.toContain('activated');
    expect(res.headers.location).toBeUndefined();
  });

  it('rate-limits repeated failures per email and IP', async () => {
    const { jar, interaction } = await startAuthorization(app);
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(
        interaction,
        jar.header(),
        'support@example.com',
        `bad${i}`,
        '10.0.0.9',
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await postLogin(
      interaction,
      jar.header(),
      'support@example.com',
      'demo',
      '10.0.0.9',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts. Try again in 15 minutes.');
    // Another IP is not affected.
    const other = await postLogin(
      interaction,
      jar.header(),
      'support@example.com',
      'demo',
      '10.0.0.10',
    );
    expect(other.statusCode).toBe(303);
  });
});

describe('registration (register=true)', () => {
  it('validates, then makes the account only through the link sent to the address', async () => {
    const { jar, interaction } = await startAuthorization(app, { register: 'true' });
    const page = await providerGet(app, jar, interaction);
    expect(page.body).toContain('Create your account');
    const post = (data: Record<string, string>) =>
      providerPost(app, jar, `${interaction}/register`, data);
    const bad = await post({
      firstName: '',
      lastName: 'X',
      email: 'nope',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Mandatory field');
    expect(bad.body).toContain('Invalid email');
    expect(bad.body).toContain('Value must be longer than 7 chars in length');
    expect(bad.body).toContain('Passwords do not match');
    const good = await post({
      firstName: 'Nina',
      lastName: 'New',
      email: 'Nina.New@example.org',
      password: 'longenough',
      confirmPassword: 'longenough',
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('Check your email');
    const none = await app.services.db.query(
      `select 1 from users where email = 'nina.new@example.org'`,
    );
    expect(none).toHaveLength(0); // not before the address is proven
    const { link } = await lastMessage(app, 'nina.new@example.org', 'Confirm your email address');
    const confirmPage = await providerGet(app, new CookieJar(), link);
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain('nina.new@example.org');
    const token = new URL(link).searchParams.get('token') ?? '';
    const done = await providerPost(app, new CookieJar(), '/identity/Account/Verify', { token });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your account is ready');
    const [row] = await app.services.db.query<{
      password_hash: string;
      first_name: string;
      email_verified_at: Date | null;
    }>(
      `select password_hash, first_name, email_verified_at from users where email = 'nina.new@example.org'`,
    );
    expect(row?.first_name).toBe('Nina');
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain('longenough');
    // The first tab's "Check your email" page goes on with this sign-in once confirmed.
    expect(good.body).toContain(`action="${interaction}/login"`);
    const continued = await providerPost(app, jar, `${interaction}/login`, {
      email: 'nina.new@example.org',
      password: 'longenough',
    });
    expect(continued.statusCode).toBe(303);
    const tokens = await signIn(app, 'nina.new@example.org', 'longenough');
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      email: 'nina.new@example.org',
      email_verified: true,
    });
    // The link works once.
    const again = await providerPost(app, new CookieJar(), '/identity/Account/Verify', { token });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link has expired or has already been used.');
  });
});

describe('getStarted login (/identity/Account/Login)', () => {
  it('sends the user through the sign-in page and back to a portal returnUrl only', async () => {
    const res = await app.inject({
      url: '/identity/Account/Login?userId=2&returnUrl=http%3A%2F%2Flocalhost%3A5174%2Fsites',
      headers: { host: 'localhost:4000' },
    });
    expect(res.statusCode).toBe(302);
    const auth = new URL(String(res.headers.location), 'http://localhost:4000');
    expect(auth.pathname).toBe('/identity/auth');
    expect(auth.searchParams.get('userId')).toBe('2');
    const evil = await app.inject({
      url:
        '/identity/Account/LoginCallback?state=' +
        Buffer.from('https://evil.example/').toString('base64url'),
    });
    expect(evil.headers.location).toBe('http://localhost:5173/');
    const good = await app.inject({
      url:
        '/identity/Account/LoginCallback?state=' +
        Buffer.from('http://localhost:5174/sites').toString('base64url'),
    });
    expect(good.headers.location).toBe('http://localhost:5174/sites');
  });
});

describe('getStarted end to end', () => {
  it('signs in through /identity/Account/Login, lands on the returnUrl, then a portal sign-in needs no prompt', async () => {
    const jar = new CookieJar();
    const start = await app.inject({
      url: `/identity/Account/Login?userId=${signUserHint(app.keys.hintKey, 5, 60)}&returnUrl=http%3A%2F%2Flocalhost%3A5173%2Fusers`,
      headers: { host: 'localhost:4000' },
    });
    const auth = await app.inject({
      url: String(start.headers.location),
      headers: { host: 'localhost:4000' },
    });
    jar.store(auth);
    const interaction = String(auth.headers.location);
    const page = await app.inject({
      url: interaction,
      headers: { host: 'localhost:4000', cookie: jar.header() },
    });
    expect(page.body).toContain('value="support@example.com"');
    const login = await app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      payload: formBody({ email: 'support@example.com', password: 'demo' }),
      headers: {
        host: 'localhost:4000',
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    jar.store(login);
    let loc = String(login.headers.location);
    for (let i = 0; i < 6 && !loc.startsWith('http://localhost:5173'); i++) {
      const url = loc.startsWith('http') ? new URL(loc).pathname + new URL(loc).search : loc;
      const res = await app.inject({
        url,
        headers: { host: 'localhost:4000', cookie: jar.header() },
      });
      jar.store(res);
      loc = String(res.headers.location);
    }
    expect(loc).toBe('http://localhost:5173/users');
    // The IdP session exists: the portal's own authorization request completes without a page.
    const { interaction: portalInteraction, verifier } = await startAuthorization(app, {}, jar);
    const code = await followToCode(app, jar, portalInteraction);
    const tokens = await tokenRequest(app, {
      grant_type: 'authorization_code',
      client_id: 'org-portal',
      code,
      redirect_uri: `${ORG_ORIGIN}/signin-oidc`,
      code_verifier: verifier,
    });
    expect(decodeJwt(JSON.parse(tokens.body).access_token).sub).toBe('5');
  });
});

describe('identity API /identity/v1/profile', () => {
  it('reads and edits the profile; rejects non-images and big files with field errors', async () => {
    const token = await tokenFor(app, 'developer');
    const get = await app.inject({ url: '/identity/v1/profile', headers: bearer(token) });
    expect(get.json()).toMatchObject({
      success: true,
      data: { firstName: 'Dev', lastName: 'Patel', email: 'developer@example.com' },
    });
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]);
    const put = await app.inject({
      method: 'PUT',
      url: '/identity/v1/profile',
      headers: bearer(token),
      payload: {
        firstName: 'Devi',
        lastName: 'Patel',
        avatar_Base64: `data:image/png;base64,${png.toString('base64')}`,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.avatar_Base64).toMatch(/^data:image\/png;base64,/);
    const gif = await app.inject({
      method: 'PUT',
      url: '/identity/v1/profile',
      headers: bearer(token),
      payload: {
        firstName: 'Devi',
        lastName: 'Patel',
        avatar_Base64: Buffer.from('GIF89a......').toString('base64'),
      },
    });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors.avatar_Base64.message).toBe('Only JPG or PNG images are allowed');
    const big = Buffer.concat([png, Buffer.alloc(131_072)]);
    const tooBig = await app.inject({
      method: 'PUT',
      url: '/identity/v1/profile',
      headers: bearer(token),
      payload: { firstName: 'Devi', lastName: 'Patel', avatar_Base64: big.toString('base64') },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors.avatar_Base64.message).toBe('File size is too large');
  });

  it('needs the IdentityServerApi scope', async () => {
    const token = await tokenFor(app, 'developer', { scope: 'crmApi' });
    const res = await app.inject({ url: '/identity/v1/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});
