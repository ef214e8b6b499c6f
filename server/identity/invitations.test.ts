import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { App } from '../app';
import { CookieJar, bearer, createTestApp, tokenFor, ORGS } from '../test/harness';
import {
  followToPortal,
  openGetStarted,
  providerGet,
  providerPost,
  signIn,
  startAuthorization,
} from '../test/oidc';
import { lastMessage, portalGetStarted } from '../test/outbox';

/**
 * Issue 14 items 1 and 4: an invitation is accepted only through its link (the secret proves the
 * invited address) or by the proven address's owner saying yes; until then nobody is a member,
 * whatever they register or sign in with.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const orgsOf = async (token: string) =>
  (await app.inject({ url: '/crm/v1/Orgs/GetUserMetadata', headers: bearer(token) }))
    .json<{ data: { orgsAndPermissions: Array<{ org: { id: number } }> } }>()
    .data.orgsAndPermissions.map((o) => o.org.id);

const invite = async (orgId: number, email: string, who: 'owner' | 'submanager' = 'owner') =>
  app.inject({
    method: 'POST',
    url: `/crm/v1/orgs/${orgId}/users/invite`,
    headers: bearer(await tokenFor(app, who)),
    payload: { email, isDeveloper: true },
  });

/** Registers through the provider's own register page, with no invitation link. */
async function registerWithoutLink(email: string) {
  const { jar, interaction } = await startAuthorization(app, { register: 'true' });
  return providerPost(app, jar, `${interaction}/register`, {
    firstName: 'Mallory',
    lastName: 'Taker',
    email,
    password: 'mallory-pw-1',
    confirmPassword: 'mallory-pw-1',
  });
}

describe('the seeded invitation of pending@example.com', () => {
  it('is in the outbox; registering the address without its link makes nobody a member', async () => {
    const { message, link } = await lastMessage(
      app,
      'pending@example.com',
      'Invitation to join Borealis Quarries',
    );
    expect(message.body).toContain('Simon Submanager invited you to join Borealis Quarries');
    expect(link).toMatch(/^http:\/\/localhost:5173\/org\/2\/dashboard\?getStarted=i-/);

    const res = await registerWithoutLink('pending@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your email');
    expect(
      await app.services.db.query(`select 1 from users where email = 'pending@example.com'`),
    ).toHaveLength(0);
    const members = await app.services.db.query(
      `select 1 from org_members m join users u on u.id = m.user_id where u.email = 'pending@example.com'`,
    );
    expect(members).toHaveLength(0);
  });

  it('through its link: shows the organisation, registers the invited address only, and joins it', async () => {
    const { link } = await lastMessage(app, 'pending@example.com', /^Invitation to join/);
    const jar = new CookieJar();
    const { interaction, page } = await openGetStarted(app, jar, portalGetStarted(link));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Join Borealis Quarries</h1>');
    expect(page.body).toContain(
      'Simon Submanager invited pending@example.com to join Borealis Quarries.',
    );
    expect(page.body).toMatch(/value="pending@example\.com"[^>]*readonly/);
    // A posted address other than the invited one is ignored: the account is the invited one's.
    const created = await providerPost(app, jar, `${interaction}/register`, {
      firstName: 'Penny',
      lastName: 'Ending',
      email: 'someone.else@example.org',
      password: 'penny-pw-12',
      confirmPassword: 'penny-pw-12',
    });
    expect(created.statusCode).toBe(303);
    expect(await followToPortal(app, jar, String(created.headers.location))).toBe(
      'http://localhost:5173/org/2/dashboard',
    );
    const tokens = await signIn(app, 'pending@example.com', 'penny-pw-12');
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      email: 'pending@example.com',
      email_verified: true,
    });
    expect(await orgsOf(tokens.access_token)).toEqual([ORGS.borealis]);
    expect(
      await app.services.db.query(`select 1 from users where email = 'someone.else@example.org'`),
    ).toHaveLength(0);

    // The link works once, and says so.
    const used = await openGetStarted(app, new CookieJar(), portalGetStarted(link));
    expect(used.page.statusCode).toBe(410);
    expect(used.page.body).toContain('Invitation already accepted');
    expect(used.page.body).toContain(
      'This invitation to join Borealis Quarries has already been used.',
    );
  });
});

describe('invitations of an address that has an account', () => {
  it('adds nobody at sign-in; the proven owner is asked, and joins only on yes', async () => {
    expect((await invite(ORGS.borealis, 'manager@example.com', 'submanager')).statusCode).toBe(200);
    const jar = new CookieJar();
    const { interaction } = await startAuthorization(app, {}, jar);
    const login = await providerPost(app, jar, `${interaction}/login`, {
      email: 'manager@example.com',
      password: 'demo',
    });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<h1>Invitations</h1>');
    expect(login.body).toContain('Join Borealis Quarries');
    const manager = await tokenFor(app, 'manager');
    expect(await orgsOf(manager)).toEqual([ORGS.acme]); // nothing yet
    const later = await providerPost(app, jar, `${interaction}/invitations`, { accept: '' });
    expect(later.statusCode).toBe(303);
    await followToPortal(app, jar, String(later.headers.location));
    expect(await orgsOf(manager)).toEqual([ORGS.acme]); // "Not now" adds nothing

    const again = await startAuthorization(app, { prompt: 'login' }, new CookieJar());
    const asked = await providerPost(app, again.jar, `${again.interaction}/login`, {
      email: 'manager@example.com',
      password: 'demo',
    });
    const id = /name="accept" value="(\d+)"/.exec(asked.body)?.[1] ?? '';
    const yes = await providerPost(app, again.jar, `${again.interaction}/invitations`, {
      accept: id,
    });
    expect(yes.statusCode).toBe(303);
    expect(await orgsOf(manager)).toEqual([ORGS.acme, ORGS.borealis]);
  });

  it('does not ask an account whose address is not proven; its link still works', async () => {
    await app.services.db.query(
      `update users set email_verified_at = null where email = 'developer@example.com'`,
    );
    const tokens = await signIn(app, 'developer@example.com'); // no Invitations page in between
    expect(decodeJwt(tokens.id_token).email_verified).toBe(false);
    expect((await invite(ORGS.borealis, 'developer@example.com', 'submanager')).statusCode).toBe(
      200,
    );
    const direct = await signIn(app, 'developer@example.com');
    expect(await orgsOf(direct.access_token)).toEqual([ORGS.acme]);

    const { link } = await lastMessage(app, 'developer@example.com', /^Invitation to join/);
    const jar = new CookieJar();
    const { interaction, page } = await openGetStarted(app, jar, portalGetStarted(link));
    expect(page.body).toContain('Sign in to accept the invitation.');
    // Someone else's password for the invited address: refused, nothing accepted.
    const wrong = await providerPost(app, jar, `${interaction}/login`, {
      email: 'owner@example.com',
      password: 'not-demo',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Incorrect email or password.');
    const ok = await providerPost(app, jar, `${interaction}/login`, {
      email: 'developer@example.com',
      password: 'demo',
    });
    expect(ok.statusCode).toBe(303);
    const after = await signIn(app, 'developer@example.com');
    expect(await orgsOf(after.access_token)).toEqual([ORGS.acme, ORGS.borealis]);
    expect(decodeJwt(after.id_token).email_verified).toBe(true); // the link proved the address
  });
});

describe('links that open nothing', () => {
  it('re-sending ends the older link, revoking ends the link, an expired link says so', async () => {
    const email = 'links@example.org';
    const made = await invite(ORGS.acme, email);
    const id = made.json<{ data: { id: number } }>().data.id;
    const first = (await lastMessage(app, email, /^Invitation/)).link;
    const owner = await tokenFor(app, 'owner');
    const resent = await app.inject({
      method: 'POST',
      url: `/crm/v1/orgs/1/users/${id}/resend-invitation`,
      headers: bearer(owner),
    });
    expect(resent.statusCode).toBe(200);
    const second = (await lastMessage(app, email, /^Invitation/)).link;
    expect(second).not.toBe(first);
    const old = await openGetStarted(app, new CookieJar(), portalGetStarted(first));
    expect(old.page.statusCode).toBe(410);
    expect(old.page.body).toContain('This invitation link is not valid any more');
    const current = await openGetStarted(app, new CookieJar(), portalGetStarted(second));
    expect(current.page.statusCode).toBe(200);
    expect(current.page.body).toContain('Join Acme Mining');

    await app.services.db.query(
      `update invitations set expires_at = now() - interval '1 minute' where id = $1`,
      [id],
    );
    const expired = await openGetStarted(app, new CookieJar(), portalGetStarted(second));
    expect(expired.page.statusCode).toBe(410);
    expect(expired.page.body).toContain(
      'This invitation to join Acme Mining has expired. Ask the person who invited you to send it again.',
    );
    // A page opened before the link died refuses to accept with it.
    await app.services.db.query(
      `update invitations set expires_at = now() + interval '1 day' where id = $1`,
      [id],
    );
    const jar = new CookieJar();
    const open = await openGetStarted(app, jar, portalGetStarted(second));
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/crm/v1/orgs/1/users/${id}/invitation`,
      headers: bearer(owner),
    });
    expect(revoked.statusCode).toBe(200);
    const late = await providerPost(app, jar, `${open.interaction}/register`, {
      firstName: 'Lin',
      lastName: 'Ks',
      email,
      password: 'links-pw-12',
      confirmPassword: 'links-pw-12',
    });
    expect(late.statusCode).toBe(410);
    expect(
      await app.services.db.query('select 1 from users where email = $1', [email]),
    ).toHaveLength(0);
  });

  it('a getStarted link with a made-up secret says the link is not valid', async () => {
    const res = await openGetStarted(
      app,
      new CookieJar(),
      `/identity/Account/Login?userId=i-${'A'.repeat(43)}&returnUrl=http%3A%2F%2Flocalhost%3A5173%2F`,
    );
    expect(res.page.statusCode).toBe(410);
    expect(res.page.body).toContain('Invitation link not valid');
    const page = await providerGet(app, new CookieJar(), res.interaction);
    expect(page.statusCode).toBe(400); // the interaction belongs to the first browser only
  });
});
