import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp } from '../test/harness';
import { ORG_ORIGIN, form, startAuthorization, tokenRequest } from '../test/oidc';
import { isErrorEnvelope } from './support';
import { createAdapterFactory } from '../identity/adapter';

/**
 * The one input rule (server/http/input.ts) where the route table does not reach: the identity
 * service's HTML forms, the OIDC provider's own endpoints and what the error sink parses itself.
 * The route table's routes (every string of every body, query and path) are fuzzed with NUL in
 * fuzz.test.ts. A NUL or a lone surrogate is a 400 with a message a person can read; never a 500.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const HTML = 'text/html,application/xhtml+xml';
const pageText = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the identity pages', () => {
  it.each([
    ['sign-in', 'login', { email: 'owner@example.com\u0000', password: 'demo' }],
    [
      'registration',
      'register',
      {
        firstName: 'Nul\u0000',
        lastName: 'Byte',
        email: 'nul@example.com',
        password: 'long enough',
        confirmPassword: 'long enough',
      },
    ],
  ])(
    'answers a NUL in the %s form with a page that says what is wrong, and links back to the form',
    async (_, action, fields) => {
      const { jar, interaction } = await startAuthorization(app);
      const res = await app.inject({
        method: 'POST',
        url: `${interaction}/${action}`,
        headers: {
          ...form(fields).headers,
          host: 'localhost:4000',
          cookie: jar.header(),
          accept: HTML,
        },
        payload: form(fields).payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const text = pageText(res.body);
      expect(text).toContain('Invalid input');
      expect(text).toContain('cannot be accepted (a NUL character or broken Unicode)');
      const view = action === 'login' ? 'signin' : 'register';
      expect(res.body).toContain(`href="${interaction}?view=${view}"`);
      // The form is still there behind the link.
      const back = await app.inject({
        url: `${interaction}?view=${view}`,
        headers: { host: 'localhost:4000', cookie: jar.header(), accept: HTML },
      });
      expect(back.statusCode).toBe(200);
      expect(back.body).toContain('<form');
      const [user] = await app.services.db.query('select id from users where email like $1', [
        'nul@%',
      ]);
      expect(user).toBeUndefined();
    },
  );

  it('answers a NUL in the query of a provider page with a page, and in an API call with the envelope', async () => {
    const url = `/identity/auth?${new URLSearchParams({
      client_id: 'org-portal',
      response_type: 'code',
      redirect_uri: `${ORG_ORIGIN}/signin-oidc`,
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      login_hint: 'owner@example.com\u0000',
    })}`;
    const page = await app.inject({ url, headers: { host: 'localhost:4000', accept: HTML } });
    expect(page.statusCode).toBe(400);
    expect(pageText(page.body)).toContain('cannot be accepted');
    expect(page.body).toContain(`href="${ORG_ORIGIN}/"`);
    const api = await app.inject({ url, headers: { host: 'localhost:4000' } });
    expect(api.statusCode).toBe(400);
    expect(api.json().errors).toEqual({
      login_hint: {
        message: 'The value is not valid text (NUL character or broken Unicode)',
        errorCode: 'invalid',
      },
    });
  });
});

describe('the OIDC provider’s own form bodies', () => {
  it.each([
    ['an authorization code', { grant_type: 'authorization_code', code: 'a\u0000b' }],
    ['a refresh token', { grant_type: 'refresh_token', refresh_token: 'a\u0000b' }],
    ['a lone surrogate', { grant_type: 'refresh_token', refresh_token: 'a\ud800b' }],
  ])('refuses %s holding bad text as an OAuth error, never a 500', async (_, data) => {
    const res = await tokenRequest(app, {
      client_id: 'org-portal',
      redirect_uri: `${ORG_ORIGIN}/signin-oidc`,
      code_verifier: 'v'.repeat(43),
      ...data,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error).toBe('invalid_grant');
  });

  it('stores nothing with bad text: the provider’s storage refuses it as invalid_request', async () => {
    // Every query of a provider page is refused before the provider runs (above); this is the
    // net under what the provider parses itself.
    const sessions = createAdapterFactory(app.services.db)('Session');
    await expect(
      sessions.upsert('s1', { accountId: 'a\u0000b' } as never, 60),
    ).rejects.toMatchObject({
      error: 'invalid_request',
      statusCode: 400,
    });
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.find('s\u00001')).toBeUndefined();
  });
});

describe('what the services parse themselves', () => {
  const sink = (event: string) =>
    app.inject({
      method: 'POST',
      url: '/errors/api/1/envelope/?sentry_key=localdev&sentry_version=7',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: [JSON.stringify({ event_id: 'e1' }), '{"type":"event"}', event].join('\n'),
    });

  it.each([
    ['a message', '{"message":"boom\\u0000"}', 'events.0.message'],
    ['a tag name', '{"message":"boom","tags":{"a\\u0000":"1"}}', 'events.0.tags.a\u0000'],
    ['a lone surrogate', '{"message":"boom \\ud800"}', 'events.0.message'],
  ])(
    'the error sink refuses an event with bad text in %s (400, named, nothing stored)',
    async (_, event, field) => {
      const before = await app.services.db.query('select id from error_events');
      const res = await sink(event);
      expect(res.statusCode).toBe(400);
      expect(isErrorEnvelope(res)).toBe(true);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(await app.services.db.query('select id from error_events')).toHaveLength(
        before.length,
      );
    },
  );

  it('the anonymous registration refuses a NUL with a field error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/subscription-registrations',
      payload: {
        organisationName: 'Nul\u0000 Quarries',
        contactFirstName: 'A',
        contactLastName: 'B',
        contactEmail: 'a@example.com',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.organisationName.message).toBe(
      'The value is not valid text (NUL character or broken Unicode)',
    );
  });
});
