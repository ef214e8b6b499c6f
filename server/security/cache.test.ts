import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { RouteInfo } from '../http/routes';
import { createTestApp } from '../test/harness';
import { PATH_VALUES, sampleRequest, urlOf } from './samples';
import { tokens } from './support';
import { routeTable } from '../http/routes';

/**
 * No answer of the stack is kept by a cache (issue 14): profiles, user lists, licences and the
 * anonymous link view carry personal data, so every answer says `Cache-Control: no-store`
 * (server/http/security.ts, one onRequest hook), successes, errors and 404s alike.
 */
let app: App;
let routes: RouteInfo[];
let as: ReturnType<typeof tokens>;
beforeAll(async () => {
  app = await createTestApp();
  routes = routeTable();
  as = tokens(app);
});
afterAll(async () => {
  await app.close();
});

const noStore = (res: { headers: Record<string, unknown> }) =>
  /(^|[\s,])no-store($|[\s,])/.test(String(res.headers['cache-control'] ?? ''));

describe('Cache-Control: no-store', () => {
  it('is on every route’s answer, with and without a token, success or error', async () => {
    const missing: string[] = [];
    let ok = 0;
    for (const r of routes) {
      const sample = sampleRequest(r, PATH_VALUES);
      for (const headers of [await as('sysadmin'), await as('siteuser'), {}]) {
        const res = await app.inject({
          method: r.method,
          url: urlOf(r, sample),
          headers,
          ...(sample.body !== undefined && r.method !== 'GET'
            ? { payload: sample.body as object }
            : {}),
        });
        if (res.statusCode < 300) ok += 1;
        if (!noStore(res)) missing.push(`${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    expect(missing).toEqual([]);
    // Successes were among them, not only refusals.
    expect(ok).toBeGreaterThan(routes.length / 2);
  });

  it.each([
    ['an unknown path (404)', { url: '/crm/v1/nothing-here' }],
    ['an over-long path (414)', { url: `/crm/v1/orgs/${'9'.repeat(300)}` }],
    ['a malformed JSON body', { method: 'PUT', url: '/identity/v1/profile', body: '{' }],
    [
      'a body over the limit (413)',
      { method: 'PUT', url: '/identity/v1/profile', body: 'x'.repeat(1_100_000) },
    ],
    ['the health check', { url: '/health' }],
  ])('is on %s', async (_, req) => {
    const res = await app.inject({
      method: (req as { method?: 'PUT' }).method ?? 'GET',
      url: req.url,
      headers: { ...(await as('owner')), 'content-type': 'application/json' },
      ...('body' in req ? { payload: req.body } : {}),
    });
    expect(res.statusCode).not.toBe(500);
    expect(noStore(res)).toBe(true);
  });

  it('is on the identity API’s profile and the provider’s pages and userinfo', async () => {
    const profile = await app.inject({ url: '/identity/v1/profile', headers: await as('owner') });
    expect(profile.statusCode).toBe(200);
    expect(noStore(profile)).toBe(true);
    const userinfo = await app.inject({
      url: '/identity/me',
      headers: { ...(await as('owner')), host: 'localhost:4000' },
    });
    expect(noStore(userinfo)).toBe(true);
    const login = await app.inject({ url: '/identity/Account/Login' });
    expect(noStore(login)).toBe(true);
  });

  it('is on a 429 of the rate limit', async () => {
    const limited = await createTestApp({ rateLimitMax: 1 });
    try {
      // The one request of the window (/health is not counted: a proxy polls it).
      await limited.inject({ url: '/crm/v1/orgs/1' });
      const res = await limited.inject({ url: '/crm/v1/orgs/1' });
      expect(res.statusCode).toBe(429);
      expect(noStore(res)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
