import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, importJWK } from 'jose';
import type { App } from '../app';
import type { RouteInfo } from '../http/routes';
import { bearer, createTestApp, tamperedSignature, tokenFor } from '../test/harness';
import { fillUrl, hasBody, isErrorEnvelope } from './support';
import { routeTable } from '../http/routes';

/**
 * Access tokens are checked for signature, issuer, audience, expiry, type and scope on a sample
 * of routes of every service (server/http/matrix.test.ts checks one route; this covers each
 * service and each access kind).
 */
let app: App;
let sample: RouteInfo[];
const values = { orgId: 2, siteId: 1, blastId: 7, libraryId: 2, id: 1, userId: 8 };

beforeAll(async () => {
  app = await createTestApp();
  const routes = routeTable().filter((r) => r.access.kind !== 'anonymous');
  sample = [];
  for (const prefix of ['/identity/v1', '/crm/v1', '/data/v1', '/errors/v1']) {
    for (const kind of ['user', 'org', 'site', 'sysadmin']) {
      // Two routes per service and kind: a read and a write where there are some.
      const of = routes.filter((r) => r.url.startsWith(prefix) && r.access.kind === kind);
      const read = of.find((r) => r.method === 'GET');
      const write = of.find((r) => r.method !== 'GET');
      for (const r of [read, write]) if (r) sample.push(r);
    }
  }
});
afterAll(async () => {
  await app.close();
});

const call = (r: RouteInfo, headers: Record<string, string>) =>
  app.inject({
    method: r.method,
    url: fillUrl(r.url, values),
    headers,
    ...(hasBody(r.method) ? { payload: {} } : {}),
  });

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('access token verification on every service', () => {
  it('samples routes of /identity/v1, /crm/v1 and /data/v1 of each access kind', () => {
    const prefixes = new Set(sample.map((r) => r.url.split('/').slice(0, 3).join('/')));
    expect([...prefixes]).toEqual(expect.arrayContaining(['/identity/v1', '/crm/v1', '/data/v1']));
    expect(new Set(sample.map((r) => r.access.kind))).toEqual(
      new Set(['user', 'org', 'site', 'sysadmin']),
    );
  });

  it('refuses alg none, another key, another audience or issuer, expired, tampered and wrong-type tokens with a 401 envelope', async () => {
    const good = await tokenFor(app, 'sysadmin');
    const [h, p, s] = good.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
    const key = await importJWK(app.keys.signingJwk, 'RS256');
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, k = key, typ = 'at+jwt') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', typ, kid: app.keys.signingJwk.kid })
        .sign(k);

    const bad: Record<string, string> = {
      'alg none': `${b64({ ...header, alg: 'none' })}.${p}.`,
      'alg none, no signature part': `${b64({ alg: 'none', typ: 'at+jwt' })}.${p}`,
      'alg HS256 with the public key as secret': `${b64({ ...header, alg: 'HS256' })}.${p}.${s}`,
      'signed by another key': await sign(payload, otherKey),
      "another client's audience (the portal client id)": await sign({
        ...payload,
        aud: 'org-portal',
      }),
      'another audience': await tokenFor(app, 'sysadmin', { audience: 'another-api' }),
      'another issuer': await tokenFor(app, 'sysadmin', {
        issuer: 'http://evil.example/identity',
      }),
      expired: await tokenFor(app, 'sysadmin', { expiresIn: -5 }),
      'no expiry': await sign(
        Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'exp')),
      ),
      'issued in the future and expired': await sign({ ...payload, iat: now + 3600, exp: now - 1 }),
      'an ID token (typ JWT)': await sign(payload, key, 'JWT'),
      'tampered payload (role sysadmin, another sub)': `${h}.${b64({ ...payload, sub: '2', role: 'sysadmin' })}.${s}`,
      'tampered signature': `${h}.${p}.${tamperedSignature(s)}`,
      'non-numeric subject': await sign({ ...payload, sub: 'admin' }),
      'unknown user': await sign({ ...payload, sub: '987654' }),
      'pending (never activated) user': await tokenFor(app, 'pending'),
      garbage: 'not.a.jwt',
    };

    for (const r of sample) {
      const ok = await call(r, bearer(good));
      expect(ok.statusCode, `good token ${r.method} ${r.url}`).not.toBe(401);
      for (const [name, token] of Object.entries(bad)) {
        const res = await call(r, bearer(token));
        const where = `${name}: ${r.method} ${r.url}`;
        expect(res.statusCode, where).toBe(401);
        expect(isErrorEnvelope(res), where).toBe(true);
        expect(res.headers['www-authenticate'], where).toMatch(/^Bearer/);
      }
      // Not a bearer scheme at all.
      const basic = await call(r, {
        authorization: `Basic ${Buffer.from('a:b').toString('base64')}`,
      });
      expect(basic.statusCode, `basic ${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuses a token without the service scope (403 insufficient_scope), nothing returned', async () => {
    const scopeOf: Record<string, string> = {
      '/identity/v1': 'IdentityServerApi',
      '/crm/v1': 'crmApi',
      '/data/v1': 'blastDataApi',
    };
    for (const r of sample) {
      const prefix = r.url.split('/').slice(0, 3).join('/');
      const needed = scopeOf[prefix];
      if (!needed) continue;
      const others = Object.values(scopeOf)
        .filter((s) => s !== needed)
        .join(' ');
      const token = await tokenFor(app, 'sysadmin', { scope: `openid ${others}` });
      const res = await call(r, bearer(token));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(isErrorEnvelope(res)).toBe(true);
      expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    }
  });

  it('does not take the role claim of a token as sysadmin for a user who is not one', async () => {
    // A validly signed token whose role says sysadmin for the owner: the server reads the user.
    const token = await tokenFor(app, 'owner', { role: 'sysadmin' });
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/admin/orgs/list',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(isErrorEnvelope(res)).toBe(true);
  });
});
