import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, htmlCsp, installSecurity, isProviderPath } from './security';

/**
 * The security and cache headers of every answer and the CORS of the portal origins
 * (server/http/security.ts), on a bare Fastify with the stack's hook: what a browser reads.
 */
const PORTALS = ['http://localhost:5173', 'http://localhost:5174'];
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installSecurity(app, PORTALS);
  for (const url of ['/crm/v1/things', '/identity/v1/profile', '/identity/auth', '/health'])
    app.all(url, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const PREFLIGHT = { 'access-control-request-method': 'PUT' };

describe('every answer', () => {
  it.each(['/crm/v1/things', '/identity/v1/profile', '/health', '/identity/auth', '/nowhere'])(
    'is never cached, never sniffed and sends no referrer: %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    },
  );
});

describe('API answers', () => {
  it('may not be framed nor run anything', async () => {
    for (const url of ['/crm/v1/things', '/identity/v1/profile', '/nowhere']) {
      const res = await app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
    expect(API_HEADERS).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });

  it('let a portal origin read them, with the headers the portals need', async () => {
    for (const origin of PORTALS) {
      const res = await app.inject({ url: '/crm/v1/things', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers.vary).toBe('Origin');
      expect(res.headers['access-control-expose-headers']).toBe(
        'Retry-After, Content-Disposition, WWW-Authenticate',
      );
      // Not a preflight: no preflight headers, the route answers.
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
      expect(res.json()).toEqual({ ok: true });
    }
  });

  it('give another origin no CORS header', async () => {
    for (const origin of ['http://evil.example', 'http://localhost:5175', '']) {
      const res = await app.inject({ url: '/crm/v1/things', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(res.headers['access-control-expose-headers'], origin).toBeUndefined();
      expect(res.headers.vary, origin).toBeUndefined();
    }
  });

  it('answer a portal’s preflight with 204, the methods, the headers asked for and a max age', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/crm/v1/things',
      headers: {
        origin: PORTALS[1],
        ...PREFLIGHT,
        'access-control-request-headers': 'authorization, content-type, x-custom',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe(PORTALS[1]);
    expect(res.headers['access-control-allow-methods']).toBe(
      'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    );
    expect(res.headers['access-control-allow-headers']).toBe(
      'authorization, content-type, x-custom',
    );
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('allow Authorization and Content-Type to a preflight that names no headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/crm/v1/things',
      headers: { origin: PORTALS[0], ...PREFLIGHT },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it('answer another origin’s preflight with 204 and no permission', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/crm/v1/things',
      headers: { origin: 'http://evil.example', ...PREFLIGHT },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('leave an OPTIONS request that is no preflight to the route', async () => {
    for (const headers of [
      { origin: PORTALS[0] as string },
      { origin: 'http://evil.example' },
      {},
    ]) {
      const res = await app.inject({ method: 'OPTIONS', url: '/crm/v1/things', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
    }
    // A preflight without an Origin: answered 204 before the route, with no permission.
    const res = await app.inject({ method: 'OPTIONS', url: '/crm/v1/things', headers: PREFLIGHT });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answer a GET that carries a preflight header as a GET', async () => {
    const res = await app.inject({
      url: '/crm/v1/things',
      headers: { origin: PORTALS[0], ...PREFLIGHT },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('the provider’s answers', () => {
  it('may be framed by the portals only (silent renew), and get no CORS or API headers here', async () => {
    const res = await app.inject({
      url: '/identity/auth',
      headers: { origin: PORTALS[0] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors http://localhost:5173 http://localhost:5174",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/identity/auth',
      headers: { origin: PORTALS[0], ...PREFLIGHT },
    });
    // The provider answers its own CORS: the hook does not answer its preflight.
    expect(preflight.statusCode).toBe(200);
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('are the identity paths outside /identity/v1', () => {
    expect(isProviderPath('/identity/auth')).toBe(true);
    expect(isProviderPath('/identity/interaction/abc/login')).toBe(true);
    expect(isProviderPath('/identity/.well-known/openid-configuration')).toBe(true);
    expect(isProviderPath('/identity/v1/profile')).toBe(false);
    expect(isProviderPath('/crm/v1/identity')).toBe(false);
    expect(isProviderPath('/crm/v1/identity/v1')).toBe(false);
    expect(isProviderPath('/')).toBe(false);
  });
});

describe('the CSP of the stack’s own pages', () => {
  it('allows no script, its own styles and images, and forms to itself and the targets given', () => {
    expect(htmlCsp([])).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' ; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(htmlCsp(['http://localhost:5173', 'http://localhost:5174'])).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http://localhost:5173 http://localhost:5174; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});
