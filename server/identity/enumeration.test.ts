import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NodeCrypto from 'node:crypto';
import type { App } from '../app';
import { bearer, tokenFor, ORGS } from '../test/harness';
import { providerPost, startAuthorization } from '../test/oidc';
import { messagesTo } from '../test/outbox';

/**
 * Issue 14 item 9 (and 4): nothing the stack answers says whether an address has an account.
 * Same status, same page or envelope, and the same work: the password hash runs for an unknown
 * address too. The hash is counted (scrypt wrapped below) rather than timed, so a busy machine
 * cannot make the test flaky; the work left out besides it is a single-row lookup.
 */
const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    hashing.calls += 1;
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, default: { ...actual, scrypt }, scrypt };
});

let app: App;
beforeAll(async () => {
  // Server test files share their worker's modules (isolate: false): the app is built from a
  // fresh module graph, so that its password code imports the wrapped scrypt above.
  vi.resetModules();
  const { createTestApp } = await import('../test/harness');
  app = await createTestApp({ signInMaxFailures: 1000 });
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  hashing.calls = 0;
});

/** A page with its per-request parts (interaction ids, the echoed address) taken out. */
const normalise = (html: string, email: string) =>
  html
    .replace(/\/identity\/interaction\/[\w-]+/g, '/identity/interaction/UID')
    .split(email)
    .join('EMAIL');

async function signInAs(email: string, password: string) {
  const { jar, interaction } = await startAuthorization(app);
  hashing.calls = 0;
  const res = await providerPost(app, jar, `${interaction}/login`, { email, password });
  return { status: res.statusCode, page: normalise(res.body, email), hashes: hashing.calls };
}

describe('sign-in', () => {
  it('answers an unknown address, an invited address with no account and a wrong password alike, hashing each', async () => {
    const unknown = await signInAs('nobody.here@example.org', 'whatever1');
    const invited = await signInAs('pending@example.com', 'demo');
    const wrong = await signInAs('manager@example.com', 'not-the-password');
    for (const answer of [unknown, invited, wrong]) {
      expect(answer.status).toBe(401);
      expect(answer.page).toContain('Incorrect email or password.');
      expect(answer.hashes).toBe(1);
    }
    expect(invited.page).toBe(unknown.page);
    expect(wrong.page).toBe(unknown.page);
  });
});

describe('registration', () => {
  const register = async (email: string) => {
    const { jar, interaction } = await startAuthorization(app, { register: 'true' });
    hashing.calls = 0;
    const res = await providerPost(app, jar, `${interaction}/register`, {
      firstName: 'Eve',
      lastName: 'Probe',
      email,
      password: 'probe-pw-123',
      confirmPassword: 'probe-pw-123',
    });
    return { status: res.statusCode, page: normalise(res.body, email), hashes: hashing.calls };
  };

  it('answers "Check your email" whether or not the address has an account, doing the same work', async () => {
    const fresh = await register('brand.new@example.org');
    const taken = await register('owner@example.com');
    expect(fresh.status).toBe(200);
    expect(taken).toEqual(fresh);
    expect(fresh.page).toContain('Check your email');
    expect(fresh.page).not.toMatch(/already|exists/i);
    expect(fresh.hashes).toBe(1);
    // What differs goes to the address's owner only.
    expect((await messagesTo(app, 'brand.new@example.org'))[0]?.subject).toBe(
      'Confirm your email address',
    );
    expect((await messagesTo(app, 'owner@example.com'))[0]?.subject).toBe(
      'You already have an account',
    );
    const owner = await app.services.db.query<{ first_name: string }>(
      `select first_name from users where email = 'owner@example.com'`,
    );
    expect(owner[0]?.first_name).toBe('Olivia'); // nothing changed
  });
});

describe('invitations', () => {
  it('answer the same shape for an address with and without an account, naming nobody', async () => {
    const token = await tokenFor(app, 'submanager');
    const invite = (email: string) =>
      app.inject({
        method: 'POST',
        url: `/crm/v1/orgs/${ORGS.borealis}/users/invite`,
        headers: bearer(token),
        payload: { email, isSubManager: true },
      });
    const known = await invite('developer@example.com'); // an account (of Acme)
    const unknown = await invite('nobody.yet@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const a = known.json<{ data: Record<string, unknown> }>().data;
    const b = unknown.json<{ data: Record<string, unknown> }>().data;
    const same = (d: Record<string, unknown>) => ({ ...d, id: 0, email: '', invitedAt: '' });
    expect(same(a)).toEqual(same(b));
    expect(a).toMatchObject({ firstName: null, lastName: null, status: 'Invited' });
    expect(a.id).not.toBe(4); // not the account's id
    // The Users list shows both by address only.
    const list = await app.inject({
      method: 'POST',
      url: `/crm/v1/orgs/${ORGS.borealis}/users/list`,
      headers: bearer(token),
      payload: { search: 'developer@example.com' },
    });
    expect(list.json().data.results).toEqual([a]);
  });
});

describe('sharing a blast by email', () => {
  it('answers the same with and without an account, and never another tenant’s user’s name', async () => {
    const token = await tokenFor(app, 'siteadmin');
    const share = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/data/v1/orgs/2/sites/1/blasts/5/shares',
        headers: bearer(token),
        payload: { email },
      });
    const acmeUser = await share('Developer@Example.com'); // Dev Patel, of Acme (another tenant)
    const nobody = await share('no.account@example.org');
    expect(acmeUser.statusCode).toBe(200);
    expect(nobody.statusCode).toBe(200);
    const a = acmeUser.json<{ data: Record<string, unknown> }>().data;
    const b = nobody.json<{ data: Record<string, unknown> }>().data;
    expect(a.target).toEqual({ kind: 'user', email: 'developer@example.com' });
    expect(b.target).toEqual({ kind: 'user', email: 'no.account@example.org' });
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(JSON.stringify(a)).not.toMatch(/Patel|"Dev"/);
    // The blast's list of shares says no more.
    const shares = await app.inject({
      method: 'POST',
      url: '/data/v1/orgs/2/sites/1/blasts/5/shares/list',
      headers: bearer(token),
      payload: {},
    });
    expect(shares.statusCode).toBe(200);
    expect(JSON.stringify(shares.json().data)).not.toMatch(/Patel|"Dev"/);
    // Both addresses are told by mail.
    expect((await messagesTo(app, 'developer@example.com'))[0]?.subject).toBe(
      'Sarah Siteadmin shared a blast with you',
    );
    expect((await messagesTo(app, 'no.account@example.org'))[0]?.subject).toBe(
      'Sarah Siteadmin shared a blast with you',
    );
    // Twice: the same refusal either way.
    const again = [await share('developer@example.com'), await share('no.account@example.org')];
    expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(again[0]?.json().errors).toEqual(again[1]?.json().errors);
  });
});
