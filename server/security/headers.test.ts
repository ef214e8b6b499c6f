import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor } from '../test/harness';
import { form, startAuthorization } from '../test/oidc';
import { fillUrl, hasBody, isErrorEnvelope } from './support';
import { routeTable } from '../http/routes';

/**
 * Security headers on every API answer and on the identity pages, CORS for the two portal
 * origins only, and the rate limits (server/http/rate-limit.test.ts and identity.test.ts check
 * one route each; here every service, unauthenticated floods, spoofed forwarding headers and the
 * Retry-After of the sign-in limit).
 */
const PORTALS = ['http://localhost:5173', 'http://localhost:5174'];
const FOREIGN_ORIGINS = [
  'http://evil.example',
  'null',
  'http://localhost:5175',
  'http://localhost:51730',
  'http://localhost:5173.evil.example',
  'https://localhost:5173',
  'http://127.0.0.1:5173',
  'http://LOCALHOST:5173',
];

let app: App;
beforeAll(async () => {
  app = await createTestApp({ signInMaxFailures: 3 });
});
afterAll(async () => {
  await app.close();
});

const expectApiHeaders = (headers: Record<string, unknown>, where: string) => {
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(String(headers['content-security-policy']), where).toContain("frame-ancestors 'none'");
  expect(String(headers['content-security-policy']), where).toContain("default-src 'none'");
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['x-powered-by'], where).toBeUndefined();
};

describe('security headers', () => {
  it('sets nosniff, frame-ancestors and X-Frame-Options on every API route’s answers, errors included', async () => {
    const token = await tokenFor(app, 'owner');
    for (const r of routeTable()) {
      const url = fillUrl(r.url, { orgId: 1, siteId: 1 });
      for (const headers of [{}, bearer(token)]) {
        const res = await app.inject({
          method: r.method,
          url,
          headers,
          ...(hasBody(r.method) ? { payload: {} } : {}),
        });
        expectApiHeaders(res.headers, `${res.statusCode} ${r.method} ${url}`);
      }
    }
    for (const url of ['/health', '/openapi.json', '/no/such/route']) {
      expectApiHeaders((await app.inject({ url })).headers, url);
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/offerings/list',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expectApiHeaders(malformed.headers, 'malformed JSON');
  });

  it('serves the identity pages with a CSP that allows no script and no framing', async () => {
    const { jar, interaction } = await startAuthorization(app);
    const pages = [
      interaction,
      `${interaction}?view=register`,
      '/identity/Account/Login?returnUrl=http%3A%2F%2Flocalhost%3A5173%2F',
    ];
    for (const url of pages) {
      const res = await app.inject({
        url,
        headers: { host: 'localhost:4000', cookie: jar.header() },
      });
      if (!String(res.headers['content-type']).startsWith('text/html')) continue;
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).not.toMatch(/script-src[^;]*(unsafe-inline|\*)/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cache-control'], url).toContain('no-store');
      // No inline script or handler the CSP would have to allow.
      expect(res.body, url).not.toMatch(/<script|\son\w+=/i);
    }
  });

  it('lets only the portals frame the provider’s own redirects (silent renew)', async () => {
    const res = await app.inject({ url: '/identity/.well-known/openid-configuration' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(ancestors.sort()).toEqual([...PORTALS].sort());
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('CORS', () => {
  const probes = [
    { method: 'GET' as const, url: '/crm/v1/Orgs/GetUserMetadata' },
    { method: 'POST' as const, url: '/data/v1/orgs/2/node-libraries/list' },
    { method: 'GET' as const, url: '/identity/v1/profile' },
    { method: 'GET' as const, url: '/identity/.well-known/openid-configuration' },
    { method: 'GET' as const, url: '/identity/jwks' },
  ];

  it('allows the two portal origins', async () => {
    const token = await tokenFor(app, 'owner');
    for (const origin of PORTALS) {
      for (const p of probes) {
        const res = await app.inject({
          ...p,
          headers: { ...bearer(token), origin },
          ...(p.method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.headers['access-control-allow-origin'], `${origin} ${p.url}`).toBe(origin);
        expect(res.headers['access-control-allow-credentials'], p.url).not.toBe('*');
      }
    }
  });

  it('gives any other origin no Access-Control-Allow-Origin on the APIs, answers and preflights', async () => {
    const token = await tokenFor(app, 'owner');
    const api = probes.filter(
      (p) => !p.url.startsWith('/identity/') || p.url.startsWith('/identity/v1'),
    );
    for (const origin of FOREIGN_ORIGINS) {
      for (const p of api) {
        const res = await app.inject({
          ...p,
          headers: { ...bearer(token), origin },
          ...(p.method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.headers['access-control-allow-origin'], `${origin} ${p.url}`).toBeUndefined();
        const pre = await app.inject({
          method: 'OPTIONS',
          url: p.url,
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
        const where = `preflight ${origin} ${p.url}`;
        expect(pre.headers['access-control-allow-origin'], where).toBeUndefined();
        expect(pre.headers['access-control-allow-headers'], where).toBeUndefined();
        expect(pre.headers['access-control-allow-methods'], where).toBeUndefined();
      }
    }
  });

  it('answers the provider’s token endpoint to the portal clients’ origins only; its public documents never with credentials', async () => {
    for (const origin of FOREIGN_ORIGINS) {
      const res = await app.inject({
        method: 'POST',
        url: '/identity/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&client_id=org-portal&refresh_token=x',
      });
      expect(res.headers['access-control-allow-origin'], `token ${origin}`).toBeUndefined();
      // Discovery and JWKS are public documents (oidc-provider answers them to any origin):
      // never with credentials.
      for (const url of ['/identity/.well-known/openid-configuration', '/identity/jwks']) {
        const pub = await app.inject({ url, headers: { origin } });
        expect(pub.headers['access-control-allow-credentials'], `${url} ${origin}`).toBeUndefined();
      }
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/identity/token',
      headers: { origin: PORTALS[0], 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&client_id=org-portal&refresh_token=x',
    });
    expect(ok.headers['access-control-allow-origin']).toBe(PORTALS[0]);
  });

  it('never answers a wildcard origin', async () => {
    const res = await app.inject({ url: '/health', headers: { origin: 'http://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  // One app with a small limit (3 per window) for the API limits; each case uses its own IP.
  let limited: App;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After and the envelope on every service once the limit is passed, also on anonymous routes', async () => {
    const token = await tokenFor(limited, 'owner');
    const cases: Array<[string, Record<string, string>]> = [
      ['/crm/v1/users/getdefaultavatar', bearer(token)],
      ['/identity/v1/profile', bearer(token)],
      ['/data/v1/dashboard', bearer(token)],
      ['/crm/v1/email-preferences/nobody%40example.com/wrong', {}], // anonymous 404s count too
    ];
    let ip = 1;
    for (const [url, headers] of cases) {
      const remoteAddress = `10.9.0.${ip++}`;
      for (let i = 0; i < 3; i++) {
        const res = await limited.inject({ url, headers, remoteAddress });
        expect(res.statusCode, url).not.toBe(429);
      }
      const res = await limited.inject({ url, headers, remoteAddress });
      expect(res.statusCode, url).toBe(429);
      expect(Number(res.headers['retry-after']), url).toBeGreaterThan(0);
      expect(isErrorEnvelope(res), url).toBe(true);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('counts requests the auth guard refuses (bad tokens, foreign organisations) too', async () => {
    const token = await tokenFor(limited, 'owner');
    const floods: Array<[string, string, Record<string, string>]> = [
      ['GET', '/crm/v1/Orgs/GetUserMetadata', bearer('forged.token.value')],
      ['POST', '/crm/v1/orgs/4/users/list', bearer(token)], // not a member: 404
    ];
    let ip = 1;
    for (const [method, url, headers] of floods) {
      const remoteAddress = `10.6.0.${ip++}`;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.inject({
          method: method as 'GET',
          url,
          headers,
          remoteAddress,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(3), `${method} ${url}: ${statuses.join(',')}`).toEqual([429, 429]);
    }
  });

  it('cannot be dodged with a forged X-Forwarded-For', async () => {
    const headers = bearer(await tokenFor(limited, 'owner'));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.inject({
        url: '/crm/v1/users/getdefaultavatar',
        remoteAddress: '10.8.0.1',
        headers: {
          ...headers,
          'x-forwarded-for': `203.0.113.${i}`,
          'x-real-ip': `198.51.100.${i}`,
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('blocks sign-in after repeated failures with 429 and Retry-After, even with the right password', async () => {
    const { jar, interaction } = await startAuthorization(app);
    const post = (password: string, ip = '10.7.0.1', email = 'manager@example.com') =>
      app.inject({
        method: 'POST',
        url: `${interaction}/login`,
        remoteAddress: ip,
        ...form({ email, password }),
        headers: {
          host: 'localhost:4000',
          cookie: jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
    for (let i = 0; i < 3; i++) expect((await post(`wrong${i}`)).statusCode).toBe(401);
    const blocked = await post('demo');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['content-security-policy']).toContain("default-src 'none'");
    // The same email in other letter case or with spaces is the same account.
    expect((await post('demo', '10.7.0.1', ' MANAGER@example.com ')).statusCode).toBe(429);
  });
});
