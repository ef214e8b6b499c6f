import { describe, expect, it } from 'vitest';
import { routeTable } from '../http/routes';
import { dataTestApp } from './test-support';

const data = dataTestApp();
const { call } = data;

describe('shared blasts', () => {
  it('lists the blasts shared with the caller or their organisations', async () => {
    // demo: blast 1 → siteuser; blast 26 → owner; blast 101 (Acme) → Borealis; 102 → Cobalt
    const su = await call('siteuser', 'POST', '/shared-blasts/list', {});
    expect(su.status).toBe(200);
    expect(su.data.results.map((s: { blastId: number }) => s.blastId).sort()).toEqual([1, 101]);
    const byOrg = su.data.results.find((s: { blastId: number }) => s.blastId === 101);
    expect(byOrg).toMatchObject({
      blastName: 'Acme Test Range 0001',
      siteName: 'Acme Test Range',
      orgName: 'Acme Mining',
      sharedBy: expect.objectContaining({ email: 'owner@example.com' }),
      target: { kind: 'org', orgId: 2, orgName: 'Borealis Quarries' },
      canUnshare: false,
    });
    expect(typeof byOrg.sharedAt).toBe('string');
    const owner = await call('owner', 'POST', '/shared-blasts/list', { sortBy: 'blastName' });
    // owner: blast 26 to them, 101 via Borealis membership
    expect(owner.data.results.map((s: { blastId: number }) => s.blastId)).toEqual([101, 26]);
    expect(owner.data.results[0].canUnshare).toBe(true);
    const dev = await call('developer', 'POST', '/shared-blasts/list', {});
    expect(dev.data.totalAvailable).toBe(0);
    expect((await call(null, 'POST', '/shared-blasts/list', {})).status).toBe(401);
    expect((await call('siteuser', 'POST', '/shared-blasts/list', { take: 0 })).status).toBe(400);
  });

  it('opens a shared blast in the viewer only for its recipients', async () => {
    const v = await call('siteuser', 'GET', '/shared-blasts/101');
    expect(v.status).toBe(200);
    expect(v.data).toMatchObject({
      orgName: 'Acme Mining',
      downloadPath: 'shared-blasts/101/file',
    });
    expect(v.data.blast).toMatchObject({ id: 101, siteName: 'Acme Test Range' });
    expect(v.data.plan.holes).toHaveLength(v.data.blast.holeCount);
    const file = await call('siteuser', 'GET', '/shared-blasts/101/file');
    expect(file.status).toBe(200);
    expect(file.res.headers['content-disposition']).toContain(
      'filename="Acme_Test_Range_0001.blst"',
    );
    // not shared with them: 404, file too
    expect((await call('siteuser', 'GET', '/shared-blasts/26')).status).toBe(404);
    expect((await call('siteuser', 'GET', '/shared-blasts/26/file')).status).toBe(404);
    expect((await call('developer', 'GET', '/shared-blasts/101')).status).toBe(404);
    expect((await call('siteadmin', 'GET', '/shared-blasts/102')).status).toBe(404);
    expect((await call('siteadmin', 'GET', '/shared-blasts/0')).status).toBe(400);
  });

  it('shares with a user and an organisation, lists the shares and unshares', async () => {
    const toUser = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/5/shares', {
      email: 'Developer@Example.com',
    });
    expect(toUser.status).toBe(200);
    expect(toUser.data).toMatchObject({
      blastId: 5,
      sharedBy: expect.objectContaining({ email: 'siteadmin@example.com' }),
      target: { kind: 'user', email: 'developer@example.com' },
    });
    const toOrg = await call('submanager', 'POST', '/orgs/2/sites/1/blasts/5/shares', { orgId: 3 });
    expect(toOrg.status).toBe(200);
    expect(toOrg.data.target).toEqual({ kind: 'org', orgId: 3, orgName: 'Cobalt Blasting' });
    const dup = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/5/shares', {
      email: 'developer@example.com',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors?.email).toBeDefined();

    const shares = await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/5/shares/list', {});
    expect(shares.status).toBe(200);
    expect(shares.data.results).toHaveLength(2);
    expect(shares.data.totalAvailable).toBe(2);

    // developer (Acme) now sees blast 5 in the viewer
    expect((await call('developer', 'GET', '/shared-blasts/5')).status).toBe(200);
    // a recipient who did not share it: 403; someone who cannot see the share at all: 404
    expect(
      (await call('developer', 'DELETE', `/shared-blasts/shares/${toUser.data.id}`)).status,
    ).toBe(403);
    expect(
      (await call('developer', 'DELETE', `/shared-blasts/shares/${toOrg.data.id}`)).status,
    ).toBe(404);
    expect((await call('manager', 'DELETE', `/shared-blasts/shares/${toOrg.data.id}`)).status).toBe(
      404,
    );
    expect(
      (await call('siteuser', 'DELETE', `/shared-blasts/shares/${toUser.data.id}`)).status,
    ).toBe(403);
    expect(
      (await call('submanager', 'DELETE', `/shared-blasts/shares/${toUser.data.id}`)).status,
    ).toBe(403);
    // the sharer may unshare
    const un = await call('siteadmin', 'DELETE', `/shared-blasts/shares/${toUser.data.id}`);
    expect(un.status).toBe(200);
    expect(un.data).toEqual({ id: toUser.data.id });
    expect((await call('developer', 'GET', '/shared-blasts/5')).status).toBe(404);
    // an admin of the source organisation may unshare what others shared
    expect(
      (await call('sysadmin', 'DELETE', `/shared-blasts/shares/${toOrg.data.id}`)).status,
    ).toBe(200);
    expect(
      (await call('sysadmin', 'DELETE', `/shared-blasts/shares/${toOrg.data.id}`)).status,
    ).toBe(404);
  });

  it('finds organisations to share with by name, for blast writers', async () => {
    const r = await call('siteadmin', 'GET', '/orgs/2/sites/1/share-targets?search=co');
    expect(r.status).toBe(200);
    expect(r.data.results).toContainEqual({ id: 3, name: 'Cobalt Blasting' });
    expect(r.data.total).toBe(r.data.results.length);
    const pct = await call('siteadmin', 'GET', '/orgs/2/sites/1/share-targets?search=%25%25');
    expect(pct.data).toEqual({ results: [], total: 0 });
    const short = await call('siteadmin', 'GET', '/orgs/2/sites/1/share-targets?search=c');
    expect(short.status).toBe(400);
    expect(short.body.errors?.search).toBeDefined();
    expect((await call('siteuser', 'GET', '/orgs/2/sites/1/share-targets?search=co')).status).toBe(
      403,
    );
    expect((await call('developer', 'GET', '/orgs/2/sites/1/share-targets?search=co')).status).toBe(
      404,
    );
  });

  it('says how many organisations match when more than the first 20 do (issue 16)', async () => {
    await data.app.services.db.query(
      `insert into orgs (name) select 'Zeta Quarry ' || lpad(g::text, 2, '0') from generate_series(1, 25) g`,
    );
    const r = await call('siteadmin', 'GET', '/orgs/2/sites/1/share-targets?search=zeta%20q');
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(25);
    expect(r.data.results).toHaveLength(20);
    expect(r.data.results[0].name).toBe('Zeta Quarry 01');
    // Typing more finds the 25th, which the first 20 did not show.
    const last = await call('siteadmin', 'GET', '/orgs/2/sites/1/share-targets?search=quarry%2025');
    expect(last.data).toEqual({
      results: [expect.objectContaining({ name: 'Zeta Quarry 25' })],
      total: 1,
    });
  });

  it('refuses sharing by readers and outsiders, and bad targets', async () => {
    expect(
      (await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/5/shares', { orgId: 3 })).status,
    ).toBe(403);
    expect(
      (await call('developer', 'POST', '/orgs/2/sites/1/blasts/5/shares', { orgId: 3 })).status,
    ).toBe(404);
    expect(
      (await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/30/shares', { orgId: 3 })).status,
    ).toBe(404);
    const none = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/5/shares', {});
    expect(none.status).toBe(400);
    expect(none.body.errors?.email).toBeDefined();
    const both = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/5/shares', {
      email: 'developer@example.com',
      orgId: 3,
    });
    expect(both.status).toBe(400);
    // An address with no account is shared with like any other (identity/enumeration.test.ts).
    const unknownUser = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/5/shares', {
      email: 'nobody@example.com',
    });
    expect(unknownUser.status).toBe(200);
    expect(unknownUser.data.target).toEqual({ kind: 'user', email: 'nobody@example.com' });
    expect(
      (await call('siteadmin', 'DELETE', `/shared-blasts/shares/${unknownUser.data.id}`)).status,
    ).toBe(200);
    const unknownOrg = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/5/shares', {
      orgId: 99999,
    });
    expect(unknownOrg.body.errors?.orgId?.errorCode).toBe('unknownOrg');
    const badOrg = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/5/shares', {
      orgId: '3',
    });
    expect(badOrg.status).toBe(400);
  });
});

describe('node libraries', () => {
  it('lists and shows organisation libraries to every member', async () => {
    for (const who of ['siteuser', 'siteadmin', 'submanager', 'owner'] as const) {
      const r = await call(who, 'POST', '/orgs/2/node-libraries/list', {});
      expect(r.status, who).toBe(200);
      expect(r.data.results.map((l: { name: string }) => l.name)).toEqual([
        'Borealis Standard Nodes',
      ]);
    }
    const list = await call('siteuser', 'POST', '/orgs/2/node-libraries/list', {});
    const lib = list.data.results[0];
    expect(lib).toMatchObject({ orgId: 2, siteId: null, version: '2.3.0', nodeCount: 4 });
    const d = await call('siteuser', 'GET', `/orgs/2/node-libraries/${lib.id}`);
    expect(d.status).toBe(200);
    expect(d.data.nodes[0]).toEqual({
      name: 'Powder factor',
      type: expect.any(String),
      description: null,
    });
    expect((await call('developer', 'POST', '/orgs/2/node-libraries/list', {})).status).toBe(404);
    expect((await call('developer', 'GET', `/orgs/2/node-libraries/${lib.id}`)).status).toBe(404);
    // Acme's library through Borealis' path, and a site library through the org path
    expect((await call('siteuser', 'GET', '/orgs/2/node-libraries/4')).status).toBe(404);
    expect((await call('siteuser', 'GET', '/orgs/2/node-libraries/2')).status).toBe(404);
  });

  it('creates, edits and deletes organisation libraries as an org admin only', async () => {
    const input = {
      name: 'Acme Extras',
      version: '1.0.0',
      description: 'Extra nodes',
      nodes: [
        { name: 'Air blast', type: 'calc', description: 'Overpressure at distance' },
        { name: 'Fly rock', type: 'calc' },
      ],
      orgId: 2,
      siteId: 1,
    };
    const c = await call('owner', 'POST', '/orgs/1/node-libraries', input);
    expect(c.status).toBe(200);
    expect(c.data).toMatchObject({
      orgId: 1,
      siteId: null,
      nodeCount: 2,
      nodes: [input.nodes[0], { name: 'Fly rock', type: 'calc', description: null }],
    });
    const e = await call('owner', 'PUT', `/orgs/1/node-libraries/${c.data.id}`, {
      ...input,
      version: '1.1.0',
      nodes: [],
    });
    expect(e.status).toBe(200);
    expect(e.data).toMatchObject({ version: '1.1.0', nodeCount: 0, nodes: [] });
    expect(
      (await call('developer', 'PUT', `/orgs/1/node-libraries/${c.data.id}`, input)).status,
    ).toBe(403);
    expect((await call('submanager', 'POST', '/orgs/2/node-libraries', input)).status).toBe(403);
    expect((await call('siteadmin', 'DELETE', `/orgs/1/node-libraries/${c.data.id}`)).status).toBe(
      404,
    );
    const bad = await call('owner', 'POST', '/orgs/1/node-libraries', {
      name: '',
      version: 'v 1',
      nodes: [{ name: 'x' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['name', 'version', 'nodes.0.type']),
    );
    expect((await call('owner', 'DELETE', `/orgs/1/node-libraries/${c.data.id}`)).status).toBe(200);
    expect((await call('owner', 'GET', `/orgs/1/node-libraries/${c.data.id}`)).status).toBe(404);
  });

  it('scopes site libraries to the site: read by its users, written by site and org admins', async () => {
    const l = await call('siteuser', 'POST', '/orgs/2/sites/1/node-libraries/list', {});
    expect(l.data.results.map((x: { name: string }) => x.name)).toEqual(['North Pit Nodes']);
    const both = await call('siteuser', 'POST', '/orgs/2/sites/1/node-libraries/list', {
      includeOrgLibraries: true,
    });
    expect(both.data.results.map((x: { name: string }) => x.name)).toEqual([
      'Borealis Standard Nodes',
      'North Pit Nodes',
    ]);
    expect((await call('siteuser', 'GET', '/orgs/2/sites/1/node-libraries/2')).data.name).toBe(
      'North Pit Nodes',
    );
    expect((await call('siteuser', 'GET', '/orgs/2/sites/1/node-libraries/3')).status).toBe(404); // site 2's
    expect((await call('siteuser', 'POST', '/orgs/2/sites/2/node-libraries/list', {})).status).toBe(
      404,
    );

    const input = {
      name: 'Bench nodes',
      version: '0.1.0',
      nodes: [{ name: 'Face angle', type: 'input' }],
    };
    expect((await call('siteuser', 'POST', '/orgs/2/sites/1/node-libraries', input)).status).toBe(
      403,
    );
    expect((await call('submanager', 'POST', '/orgs/2/sites/1/node-libraries', input)).status).toBe(
      403,
    );
    const c = await call('siteadmin', 'POST', '/orgs/2/sites/1/node-libraries', input);
    expect(c.status).toBe(200);
    expect(c.data).toMatchObject({ orgId: 2, siteId: 1, nodeCount: 1 });
    const e = await call('siteadmin', 'PUT', `/orgs/2/sites/1/node-libraries/${c.data.id}`, {
      ...input,
      name: 'Bench nodes 2',
    });
    expect(e.data.name).toBe('Bench nodes 2');
    // not through another site, nor the org-wide path
    expect(
      (await call('siteadmin', 'PUT', `/orgs/2/sites/2/node-libraries/${c.data.id}`, input)).status,
    ).toBe(404);
    expect((await call('siteadmin', 'PUT', '/orgs/2/sites/1/node-libraries/1', input)).status).toBe(
      404,
    );
    expect((await call('sysadmin', 'DELETE', `/orgs/2/node-libraries/${c.data.id}`)).status).toBe(
      404,
    );
    expect(
      (await call('sysadmin', 'DELETE', `/orgs/2/sites/1/node-libraries/${c.data.id}`)).status,
    ).toBe(200);
  });
});

describe('dashboards', () => {
  it('answers a site dashboard: counts, recent blasts and twelve months', async () => {
    const d = await call('siteuser', 'GET', '/orgs/2/sites/1/dashboard');
    expect(d.status).toBe(200);
    // As many node libraries as the site's list shows: its own and the organisation's.
    const libraries = await call('siteuser', 'POST', '/orgs/2/sites/1/node-libraries/list', {
      includeOrgLibraries: true,
    });
    expect(libraries.data.totalAvailable).toBeGreaterThan(1);
    expect(d.data).toMatchObject({ siteId: 1, siteName: 'North Pit' });
    expect(d.data.counts).toMatchObject({
      blasts: 25,
      fired: 25,
      planned: 0,
      users: 2,
      nodeLibraries: libraries.data.totalAvailable,
      activeLinks: 2,
      shares: 1,
    });
    expect(d.data.counts.holes).toBeGreaterThan(25 * 11);
    expect(d.data.recentBlasts).toHaveLength(5);
    expect(d.data.blastsPerMonth).toHaveLength(12);
    // the demo blasts fall within the 24 months before June 2025
    const window = await call('siteuser', 'GET', '/orgs/2/sites/1/dashboard?endMonth=2025-06');
    expect(window.data.blastsPerMonth[0].month).toBe('2024-07');
    expect(window.data.blastsPerMonth[11].month).toBe('2025-06');
    const inWindow = window.data.blastsPerMonth.reduce(
      (s: number, m: { blasts: number }) => s + m.blasts,
      0,
    );
    const dated = await data.app.services.db.query<{ n: number }>(
      `select count(*)::int as n from blasts where site_id = 1 and blasted_at >= '2024-07-01' and blasted_at < '2025-07-01'`,
    );
    expect(inWindow).toBe(dated[0]?.n);
    expect(
      (await call('siteuser', 'GET', '/orgs/2/sites/1/dashboard?endMonth=2025-13')).status,
    ).toBe(400);
    expect((await call('siteuser', 'GET', '/orgs/2/sites/2/dashboard')).status).toBe(404);
    expect((await call('developer', 'GET', '/orgs/2/sites/1/dashboard')).status).toBe(404);
  });

  it('answers the data dashboard across the caller’s sites', async () => {
    const ids = async (who: 'siteuser' | 'owner' | 'sysadmin' | 'developer', body = {}) => {
      const page = await call(who, 'POST', '/dashboard/sites/list', body);
      expect(page.status, who).toBe(200);
      return page.data.results.map((s: { siteId: number }) => s.siteId).sort();
    };
    const su = await call('siteuser', 'GET', '/dashboard');
    expect(su.status).toBe(200);
    expect(await ids('siteuser')).toEqual([1]);
    expect(su.data.totals).toMatchObject({ sites: 1, blasts: 25 });
    expect(su.data.blastsPerMonth).toHaveLength(12);
    const owner = await call('owner', 'GET', '/dashboard?endMonth=2025-06');
    expect(owner.data.totals.sites).toBe(5);
    expect(await ids('owner')).toEqual([1, 2, 3, 4, 5]);
    const months = owner.data.blastsPerMonth.reduce(
      (s: number, m: { blasts: number }) => s + m.blasts,
      0,
    );
    expect(months).toBeGreaterThan(0);
    const only = await call('owner', 'GET', '/dashboard?orgId=1');
    expect(only.data.totals.sites).toBe(1);
    expect(await ids('owner', { orgId: 1 })).toEqual([5]);
    expect((await call('siteuser', 'GET', '/dashboard?orgId=1')).status).toBe(404);
    expect((await call('siteuser', 'POST', '/dashboard/sites/list', { orgId: 1 })).status).toBe(
      404,
    );
    expect((await call('siteuser', 'GET', '/dashboard?orgId=abc')).status).toBe(400);
    const sys = await call('sysadmin', 'GET', '/dashboard?orgId=2');
    expect(sys.data.totals.sites).toBe(4);
    expect(await ids('sysadmin', { orgId: 2 })).toEqual([1, 2, 3, 4]);
    const dev = await call('developer', 'GET', '/dashboard');
    expect(dev.data).toMatchObject({ totals: { sites: 0, blasts: 0 } });
    expect(await ids('developer')).toEqual([]);
    expect((await call(null, 'GET', '/dashboard')).status).toBe(401);
    expect((await call(null, 'POST', '/dashboard/sites/list', {})).status).toBe(401);
  });
});

describe('the data service as a whole', () => {
  it('registers every route under /data/v1 with the blastDataApi scope, in the OpenAPI document', async () => {
    const routes = routeTable().filter((r) => r.url.startsWith('/data/v1/'));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.every((r) => r.scope === 'blastDataApi')).toBe(true);
    expect(
      routes
        .filter((r) => r.access.kind === 'anonymous')
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/data/v1/blast-links/anon/:linkId', '/data/v1/blast-links/anon/:linkId/file']);
    const doc = await data.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/data/v1/orgs/{orgId}/sites/{siteId}/blasts/{blastId}/plan');
  });

  it('needs the blastDataApi scope', async () => {
    const { tokenFor, bearer } = await import('../test/harness');
    const token = await tokenFor(data.app, 'siteuser', { scope: 'crmApi' });
    const res = await data.app.inject({
      method: 'GET',
      url: '/data/v1/dashboard',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });
});
