import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditProbe, expectListedNames, type AuditEvent } from '../test/audit';
import type { App } from '../app';
import { CookieJar, DEMO, ORGS, bearer, createTestApp, tokenFor } from '../test/harness';
import { formBody, openGetStarted, signIn, startAuthorization } from '../test/oidc';
import { lastMessage, portalGetStarted } from '../test/outbox';
import { verifyTrail } from '../db/audit';

/**
 * Issue 18, the identity events of the audit trail (docs/audit.md): sign-in, failed sign-in,
 * sign-out, profile and avatar change, registration and invitations accepted, each with its
 * actor and its request's IP and user agent; never a password.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const BROWSER = 'Mozilla/5.0 (AuditTrailTest) Firefox/140.0';

const { lastId, eventsAfter } = auditProbe(() => app.services.db);
const userId = async (email: string) =>
  (await app.services.db.query<{ id: number }>('select id from users where email = $1', [email]))[0]
    ?.id;
const summary = (events: AuditEvent[]) =>
  events.map((e) => [e.action, e.record_type, e.record_id, e.org_id, e.actor_name]);

/** A browser's request to the provider: its cookies and its user agent. */
async function browse(jar: CookieJar, path: string, form?: Record<string, string>) {
  const url = path.startsWith('http') ? new URL(path).pathname + new URL(path).search : path;
  const res = await app.inject({
    method: form ? 'POST' : 'GET',
    url,
    ...(form ? { payload: formBody(form) } : {}),
    headers: {
      host: 'localhost:4000',
      cookie: jar.header(),
      'user-agent': BROWSER,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
  jar.store(res);
  return res;
}

async function signInPage(jar = new CookieJar(), extra: Record<string, string> = {}) {
  const { interaction } = await startAuthorization(app, extra, jar);
  return { jar, interaction };
}

const invite = async (orgId: number, email: string) =>
  app.inject({
    method: 'POST',
    url: `/crm/v1/orgs/${orgId}/users/invite`,
    headers: bearer(await tokenFor(app, 'submanager')),
    payload: { email, isDeveloper: true },
  });

describe('the identity events of the audit trail', () => {
  it('records a sign-in by the account, with the request’s IP and user agent, in no organisation', async () => {
    const start = await lastId();
    const { jar, interaction } = await signInPage();
    const login = await browse(jar, `${interaction}/login`, {
      email: 'manager@example.com',
      password: 'demo',
    });
    expect(login.statusCode).toBe(303);
    const events = await eventsAfter(start);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'sign in',
      record_type: 'user',
      record_id: String(DEMO.manager),
      record_name: 'manager@example.com',
      org_id: null,
      actor_user_id: DEMO.manager,
      actor_name: 'Mark Manager <manager@example.com>',
      ip: '127.0.0.1',
      user_agent: BROWSER,
    });
    expect(events[0]?.request_id).toMatch(/\S/);
  });

  it('records a failed sign-in by anonymous with the address tried, never the password', async () => {
    const start = await lastId();
    const { jar, interaction } = await signInPage();
    const typed = 'Tr0ub4dor&3-typed-wrong';
    const wrong = await browse(jar, `${interaction}/login`, {
      email: 'manager@example.com',
      password: typed,
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await browse(jar, `${interaction}/login`, {
      email: 'nobody-here@example.org',
      password: typed,
    });
    expect(unknown.statusCode).toBe(401);
    const events = await eventsAfter(start);
    expect(summary(events)).toEqual([
      ['sign-in failed', 'user', String(DEMO.manager), null, 'anonymous'],
      ['sign-in failed', 'user', null, null, 'anonymous'],
    ]);
    expect(events.map((e) => e.record_name)).toEqual([
      'manager@example.com',
      'nobody-here@example.org',
    ]);
    expect(events[0]).toMatchObject({ actor_user_id: null, ip: '127.0.0.1', user_agent: BROWSER });
    expect(JSON.stringify(events)).not.toContain(typed);
  });

  it('keeps an address tried to an address’s length, and records no throttled attempt', async () => {
    const start = await lastId();
    const { jar, interaction } = await signInPage();
    const long = `${'x'.repeat(300)}@example.org`;
    expect(
      (await browse(jar, `${interaction}/login`, { email: long, password: 'wrong' })).statusCode,
    ).toBe(401);
    const [event] = await eventsAfter(start);
    expect(event?.record_name).toBe(`${long.slice(0, 254)}…`);

    for (let i = 1; i < 5; i++)
      await browse(jar, `${interaction}/login`, { email: long, password: 'wrong' });
    const throttled = await browse(jar, `${interaction}/login`, { email: long, password: 'wrong' });
    expect(throttled.statusCode).toBe(429);
    expect(await eventsAfter(start)).toHaveLength(5);
  });

  it('records a sign-out, at once with the portal’s hint and after the confirmation', async () => {
    const hinted = new CookieJar();
    const tokens = await signIn(app, 'support@example.com', 'demo', hinted);
    const confirmed = new CookieJar();
    await signIn(app, 'developer@example.com', 'demo', confirmed);
    const start = await lastId();

    const qs = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:5173/signout-callback-oidc',
    });
    expect((await browse(hinted, `/identity/session/end?${qs}`)).statusCode).toBe(303);
    const page = await browse(confirmed, '/identity/session/end');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirm = await browse(confirmed, '/identity/session/end/confirm', {
      xsrf,
      logout: 'yes',
    });
    expect(confirm.statusCode).toBe(303);

    const events = await eventsAfter(start);
    expect(summary(events)).toEqual([
      ['sign out', 'user', String(DEMO.support), null, 'Sue Porter <support@example.com>'],
      ['sign out', 'user', String(DEMO.developer), null, 'Dev Patel <developer@example.com>'],
    ]);
    expect(events[1]).toMatchObject({ actor_user_id: DEMO.developer, user_agent: BROWSER });
  });

  it('records the sign-out of an account another one signs in over', async () => {
    const jar = new CookieJar();
    await signIn(app, 'siteadmin@example.com', 'demo', jar);
    const { interaction } = await signInPage(jar, { prompt: 'login' });
    const start = await lastId();
    const login = await browse(jar, `${interaction}/login`, {
      email: 'submanager@example.com',
      password: 'demo',
    });
    expect((await browse(jar, String(login.headers.location))).statusCode).toBe(303);
    expect(summary(await eventsAfter(start))).toEqual([
      [
        'sign in',
        'user',
        String(DEMO.submanager),
        null,
        'Simon Submanager <submanager@example.com>',
      ],
      ['sign out', 'user', String(DEMO.siteadmin), null, 'Sarah Siteadmin <siteadmin@example.com>'],
    ]);
  });

  it('records a profile and avatar change by the account, the photo by its size', async () => {
    const start = await lastId();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(3000),
    ]);
    const put = await app.inject({
      method: 'PUT',
      url: '/identity/v1/profile',
      headers: { ...bearer(await tokenFor(app, 'siteuser')), 'user-agent': BROWSER },
      payload: {
        firstName: 'Stella',
        lastName: 'Renamed',
        avatar_Base64: `data:image/png;base64,${png.toString('base64')}`,
      },
    });
    expect(put.statusCode).toBe(200);
    const events = await eventsAfter(start);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'update',
      record_type: 'user',
      record_id: String(DEMO.siteuser),
      org_id: null,
      actor_user_id: DEMO.siteuser,
      ip: '127.0.0.1',
      user_agent: BROWSER,
    });
    const changes = events[0]?.changes ?? {};
    expect(changes.last_name).toEqual({ before: 'Siteuser', after: 'Renamed' });
    expect(changes.avatar?.before).toBeNull();
    expect(changes.avatar?.after).toMatch(/^\(\d+\.\d KB\)$/);
  });

  it('records a registration confirmed by its link: the account made, its password hidden', async () => {
    const email = 'trail-register@example.org';
    const password = 'trail-register-pw-9';
    const { jar, interaction } = await signInPage(new CookieJar(), { register: 'true' });
    const start = await lastId();
    const asked = await browse(jar, `${interaction}/register`, {
      firstName: 'Reggie',
      lastName: 'Strar',
      email,
      password,
      confirmPassword: password,
    });
    expect(asked.body).toContain('Check your email');
    expect(await eventsAfter(start)).toEqual([]); // no account yet: nothing happened to one
    const { link } = await lastMessage(app, email, /./);
    const token = new URL(link).searchParams.get('token') ?? '';
    const done = await browse(new CookieJar(), '/identity/Account/Verify', { token });
    expect(done.body).toContain('Your account is ready');

    const events = await eventsAfter(start);
    const id = await userId(email);
    expect(summary(events)).toEqual([['register', 'user', String(id), null, 'anonymous']]);
    expect(events[0]).toMatchObject({ record_name: email, user_agent: BROWSER });
    expect(events[0]?.changes.first_name).toEqual({ before: null, after: 'Reggie' });
    expect(events[0]?.changes.password_hash).toEqual({ before: null, after: '(hidden)' });
    expect(JSON.stringify(events)).not.toContain(password);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('records an invitation accepted through its link at registration, in the inviting organisation', async () => {
    const email = 'trail-invitee@example.org';
    expect((await invite(ORGS.borealis, email)).statusCode).toBe(200);
    const { link } = await lastMessage(app, email, /^Invitation to join/);
    const jar = new CookieJar();
    const { interaction } = await openGetStarted(app, jar, portalGetStarted(link));
    const start = await lastId();
    const made = await browse(jar, `${interaction}/register`, {
      firstName: 'Ivy',
      lastName: 'Tee',
      email,
      password: 'ivy-tee-pw-12',
      confirmPassword: 'ivy-tee-pw-12',
    });
    expect(made.statusCode).toBe(303);
    const id = await userId(email);
    const [invitation] = await app.services.db.query<{ id: number }>(
      'select id from invitations where email = $1',
      [email],
    );
    const ivy = `Ivy Tee <${email}>`;
    expect(summary(await eventsAfter(start))).toEqual([
      ['register', 'user', String(id), null, 'anonymous'],
      ['accept invitation', 'invitation', String(invitation?.id), ORGS.borealis, ivy],
      ['accept invitation', 'member', String(id), ORGS.borealis, ivy],
      ['sign in', 'user', String(id), null, ivy],
    ]);
  });

  it('records an invitation accepted at sign-in, by the account that said yes', async () => {
    expect((await invite(ORGS.borealis, 'manager@example.com')).statusCode).toBe(200);
    const { jar, interaction } = await signInPage();
    const asked = await browse(jar, `${interaction}/login`, {
      email: 'manager@example.com',
      password: 'demo',
    });
    const accept = /name="accept" value="(\d+)"/.exec(asked.body)?.[1] ?? '';
    const start = await lastId();
    const yes = await browse(jar, `${interaction}/invitations`, { accept });
    expect(yes.statusCode).toBe(303);
    const manager = 'Mark Manager <manager@example.com>';
    expect(summary(await eventsAfter(start))).toEqual([
      ['accept invitation', 'invitation', accept, ORGS.borealis, manager],
      ['accept invitation', 'member', String(DEMO.manager), ORGS.borealis, manager],
    ]);
  });

  it('records an invitation accepted by signing in through its link', async () => {
    expect((await invite(ORGS.borealis, 'support@example.com')).statusCode).toBe(200);
    const { link } = await lastMessage(app, 'support@example.com', /^Invitation to join/);
    const jar = new CookieJar();
    const { interaction } = await openGetStarted(app, jar, portalGetStarted(link));
    const start = await lastId();
    const ok = await browse(jar, `${interaction}/login`, {
      email: 'support@example.com',
      password: 'demo',
    });
    expect(ok.statusCode).toBe(303);
    const support = 'Sue Porter <support@example.com>';
    const [invitation] = await app.services.db.query<{ id: number }>(
      `select id from invitations where email = 'support@example.com'`,
    );
    expect(summary(await eventsAfter(start))).toEqual([
      ['accept invitation', 'invitation', String(invitation?.id), ORGS.borealis, support],
      ['accept invitation', 'member', String(DEMO.support), ORGS.borealis, support],
      ['sign in', 'user', String(DEMO.support), null, support],
    ]);
  });

  it('keeps every chain intact', async () => {
    expect(await lastId()).toBeGreaterThan(0);
    expect((await verifyTrail(app.services.db)).broken).toEqual([]);
  });

  it('records only actions and record types the audit lists offer', async () => {
    await expectListedNames(app.services.db);
  });
});
