import { describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { routeTable, type RouteInfo } from './routes';
import { ACTIVE_ACCOUNTS, bearer, tokenFor, type DemoAccount } from '../test/harness';
import { useTestApp } from '../test/use-app';

/**
 * Generated from the route table, so a new endpoint is covered automatically:
 * - every non-anonymous route answers 401 (envelope) without a valid token;
 * - every org- or site-scoped route answers 404 to each demo account for an organisation it
 *   does not belong to (tenant isolation), before any validation of the body.
 */
const app = useTestApp();

const fill = (url: string, values: Record<string, string | number>) =>
  url.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? 1));

const inject = (r: RouteInfo, url: string, headers: Record<string, string> = {}) =>
  app().inject({
    method: r.method,
    url,
    headers,
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('authentication on every route', () => {
  it('has a route table covering identity, CRM, data and errors', () => {
    const prefixes = new Set(routeTable().map((r) => r.url.split('/').slice(0, 3).join('/')));
    expect([...prefixes]).toEqual(
      expect.arrayContaining(['/identity/v1', '/crm/v1', '/data/v1', '/errors/v1']),
    );
    expect(routeTable().length).toBeGreaterThan(40);
  });

  it('answers 401 without a token on every non-anonymous route', async () => {
    for (const r of routeTable().filter((x) => x.access.kind !== 'anonymous')) {
      const res = await inject(r, fill(r.url, {}));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json(), `${r.method} ${r.url}`).toMatchObject({ success: false, data: null });
    }
  });

  it('rejects expired, tampered, alg none, foreign-key and wrong-audience tokens', async () => {
    const url = '/crm/v1/Orgs/GetUserMetadata';
    const good = await tokenFor(app(), 'owner');
    expect((await app().inject({ url, headers: bearer(good) })).statusCode).toBe(200);
    const expired = await tokenFor(app(), 'owner', { expiresIn: -60 });
    const audience = await tokenFor(app(), 'owner', { audience: 'another-api' });
    const issuer = await tokenFor(app(), 'owner', { issuer: 'http://evil.example/identity' });
    const [h, p, s] = good.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '1', role: 'sysadmin' })).toString('base64url')}.${s}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${p}.`;
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: app().keys.signingJwk.kid })
      .sign(privateKey);
    for (const [name, token] of Object.entries({
      expired,
      audience,
      issuer,
      tampered,
      none,
      foreign,
      garbage: 'abc',
    })) {
      const res = await app().inject({ url, headers: bearer(token) });
      expect(res.statusCode, name).toBe(401);
      expect(res.headers['www-authenticate'], name).toMatch(/^Bearer/);
    }
  });

  it('needs the scope of the service: crmApi for /crm, blastDataApi for /data', async () => {
    const crmOnly = await tokenFor(app(), 'owner', { scope: 'crmApi' });
    expect(
      (await app().inject({ url: '/crm/v1/Orgs/GetUserMetadata', headers: bearer(crmOnly) }))
        .statusCode,
    ).toBe(200);
    const dataOnly = await tokenFor(app(), 'owner', { scope: 'blastDataApi' });
    expect(
      (await app().inject({ url: '/crm/v1/Orgs/GetUserMetadata', headers: bearer(dataOnly) }))
        .statusCode,
    ).toBe(403);
    const res = await app().inject({
      method: 'POST',
      url: '/data/v1/orgs/1/node-libraries/list',
      headers: bearer(crmOnly),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('tenant isolation (generated from the route table)', () => {
  // An organisation each demo account does not belong to, and a site of it.
  const foreign: Record<Exclude<DemoAccount, 'sysadmin' | 'pending'>, number> = {
    owner: 4,
    manager: 2,
    developer: 2,
    support: 2,
    submanager: 1,
    siteadmin: 1,
    siteuser: 3,
  };

  it('answers 404 for every org- and site-scoped route of an organisation the caller is not in', async () => {
    const scoped = routeTable().filter((r) => r.access.kind === 'org' || r.access.kind === 'site');
    expect(scoped.length).toBeGreaterThan(30);
    for (const [who, orgId] of Object.entries(foreign) as Array<[DemoAccount, number]>) {
      const token = await tokenFor(app(), who);
      const [s] = await app().services.db.query<{ id: number }>(
        'select id from sites where org_id = $1 order by id limit 1',
        [orgId],
      );
      for (const r of scoped) {
        const res = await inject(
          r,
          fill(r.url, { orgId, siteId: s?.id ?? 999_999 }),
          bearer(token),
        );
        expect(res.statusCode, `${who} ${r.method} ${r.url}`).toBe(404);
        expect(res.json().success, `${who} ${r.method} ${r.url}`).toBe(false);
      }
    }
  });

  it('answers 403 on sysadmin routes for everyone else', async () => {
    const admin = routeTable().filter((r) => r.access.kind === 'sysadmin');
    expect(admin.length).toBeGreaterThanOrEqual(3);
    for (const who of ACTIVE_ACCOUNTS.filter((k) => k !== 'sysadmin')) {
      const token = await tokenFor(app(), who);
      for (const r of admin) {
        const res = await inject(r, fill(r.url, {}), bearer(token));
        expect(res.statusCode, `${who} ${r.method} ${r.url}`).toBe(403);
      }
    }
  });

  it('lets the sysadmin reach any organisation', async () => {
    const token = await tokenFor(app(), 'sysadmin');
    const res = await app().inject({
      method: 'POST',
      url: '/crm/v1/orgs/4/users/list',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });
});
