import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { routeTable } from '../http/routes';
import { PATH_VALUES } from '../security/samples';
import { ACTIVE_ACCOUNTS, bearer, tokenFor } from '../test/harness';
import { dataTestApp } from './test-support';

const data = dataTestApp();
const { call } = data;

describe('sites', () => {
  it('lists the organisation sites for an org admin (paged, with subscription and permissions)', async () => {
    const r = await call('owner', 'POST', '/orgs/1/sites/list', { skip: 0, take: 20 });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.data.results.map((s: { name: string }) => s.name)).toEqual(['Acme Test Range']);
    expect(r.data).toMatchObject({ fetchedCount: 1, skippedCount: 0, totalAvailable: 1 });
    const b = await call('sysadmin', 'POST', '/orgs/2/sites/list', { search: 'pit' });
    expect(b.status).toBe(200);
    expect(b.data.results.map((s: { name: string }) => s.name)).toEqual(['North Pit', 'South Pit']);
    expect(b.data.results[0]).toMatchObject({
      orgId: 2,
      orgName: 'Borealis Quarries',
      subscriptionId: 3,
      subscriptionSubscriberOrgId: 2,
      subscriptionName: 'Borealis - Blast Cloud Sync',
      blastCount: 25,
      userCount: 2,
      permissions: { isSiteAdmin: false, isSiteUser: false },
    });
  });

  it('refuses the site list to members without org admin (403) and to outsiders (404)', async () => {
    expect((await call('submanager', 'POST', '/orgs/2/sites/list', {})).status).toBe(403);
    expect((await call('siteadmin', 'POST', '/orgs/2/sites/list', {})).status).toBe(403);
    expect((await call('developer', 'POST', '/orgs/1/sites/list', {})).status).toBe(403);
    // owner is only a sub manager of Borealis
    expect((await call('owner', 'POST', '/orgs/2/sites/list', {})).status).toBe(403);
    const foreign = await call('siteuser', 'POST', '/orgs/1/sites/list', {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.success).toBe(false);
    expect((await call(null, 'POST', '/orgs/1/sites/list', {})).status).toBe(401);
  });

  it('answers a site to whoever can see it, with their own site permissions', async () => {
    const a = await call('siteadmin', 'GET', '/orgs/2/sites/1');
    expect(a.status).toBe(200);
    expect(a.data).toMatchObject({
      id: 1,
      name: 'North Pit',
      permissions: { isSiteAdmin: true, isSiteUser: false },
    });
    const u = await call('siteuser', 'GET', '/orgs/2/sites/1');
    expect(u.data.permissions).toEqual({ isSiteAdmin: false, isSiteUser: true });
    expect((await call('submanager', 'GET', '/orgs/2/sites/4')).status).toBe(200);
    // not their site, another org's site, a site of another org under this org's id
    expect((await call('siteuser', 'GET', '/orgs/2/sites/2')).status).toBe(404);
    expect((await call('siteadmin', 'GET', '/orgs/1/sites/5')).status).toBe(404);
    expect((await call('owner', 'GET', '/orgs/1/sites/1')).status).toBe(404);
    expect((await call('owner', 'GET', '/orgs/1/sites/999999')).status).toBe(404);
  });

  it('lists the sites the caller can open, in all their organisations, in one request', async () => {
    const user = await call('siteuser', 'GET', '/my-sites');
    expect(user.status).toBe(200);
    expect(user.data).toMatchObject({ totalAvailable: 1, fetchedCount: 1, skippedCount: 0 });
    expect(user.data.results[0]).toMatchObject({
      id: 1,
      name: 'North Pit',
      orgId: 2,
      orgName: 'Borealis Quarries',
      subscriptionName: 'Borealis - Blast Cloud Sync',
      location: 'Kiruna Road',
      blastCount: 25,
      permissions: { isSiteAdmin: false, isSiteUser: true },
    });
    const admin = await call('siteadmin', 'GET', '/my-sites');
    expect(admin.data.results.map((s: { name: string }) => s.name)).toEqual([
      'North Pit',
      'South Pit',
    ]);
    expect(admin.data.results[1].permissions).toEqual({ isSiteAdmin: true, isSiteUser: false });
    // A sub manager opens every site of the organisation, without site flags of their own.
    const sub = await call('submanager', 'GET', '/my-sites');
    expect(sub.data.results.map((s: { id: number }) => s.id).sort()).toEqual([1, 2, 3, 4]);
    expect((await call(null, 'GET', '/my-sites')).status).toBe(401);

    // Enforced on the server, for every account: exactly the sites of its user metadata (the
    // organisations it is an active member of), never a site of another organisation.
    for (const who of ACTIVE_ACCOUNTS) {
      const mine = await call(who, 'GET', '/my-sites');
      expect(mine.status, who).toBe(200);
      const metadata = await data.app.inject({
        url: '/crm/v1/Orgs/GetUserMetadata?includeOrgAvatars=false',
        headers: bearer(await tokenFor(data.app, who)),
      });
      const orgs = (
        metadata.json() as {
          data: {
            orgsAndPermissions: Array<{ org: { id: number; sites: Array<{ id: number }> } }>;
          };
        }
      ).data.orgsAndPermissions;
      const expected = orgs.flatMap((o) => o.org.sites.map((s) => s.id)).sort((a, b) => a - b);
      const got = (mine.data.results as Array<{ id: number; orgId: number }>)
        .map((s) => s.id)
        .sort((a, b) => a - b);
      expect(got, who).toEqual(expected);
      const memberOf = new Set(orgs.map((o) => o.org.id));
      for (const s of mine.data.results as Array<{ orgId: number }>)
        expect(memberOf.has(s.orgId), who).toBe(true);
    }
  });

  it('creates and edits a site; the subscription must be held by the organisation', async () => {
    const created = await call('sysadmin', 'POST', '/orgs/2/sites', {
      name: '  West Bench ',
      description: 'New bench',
      location: 'Quarry Road',
      subscriptionId: 1,
      // mass assignment attempts are ignored
      orgId: 1,
      subscriptionSubscriberOrgId: 4,
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      orgId: 2,
      name: 'West Bench',
      subscriptionId: 1,
      subscriptionSubscriberOrgId: 2,
      blastCount: 0,
    });
    const id = created.data.id as number;
    const edited = await call('sysadmin', 'PUT', `/orgs/2/sites/${id}`, {
      name: 'West Bench 2',
      subscriptionId: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({
      name: 'West Bench 2',
      subscriptionId: null,
      subscriptionSubscriberOrgId: null,
      description: 'New bench',
    });
    const got = await call('sysadmin', 'GET', `/orgs/2/sites/${id}`);
    expect(got.data.name).toBe('West Bench 2');

    // Delta's subscription (4) is not Borealis'
    const bad = await call('sysadmin', 'POST', '/orgs/2/sites', { name: 'X', subscriptionId: 4 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.subscriptionId?.errorCode).toBe('invalidSubscription');
    const dup = await call('sysadmin', 'POST', '/orgs/2/sites', { name: 'north pit' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors?.name).toBeDefined();
    const acme = await call('owner', 'POST', '/orgs/1/sites', { name: 'Acme Second Range' });
    expect(acme.status).toBe(200);
    expect(acme.data.orgId).toBe(1);
  });

  it('refuses site writes without org admin, and bad input with field errors', async () => {
    expect((await call('submanager', 'POST', '/orgs/2/sites', { name: 'Nope' })).status).toBe(403);
    expect((await call('siteadmin', 'PUT', '/orgs/2/sites/1', { name: 'Nope' })).status).toBe(403);
    expect((await call('owner', 'PUT', '/orgs/2/sites/1', { name: 'Nope' })).status).toBe(403);
    expect((await call('owner', 'PUT', '/orgs/1/sites/1', { name: 'Nope' })).status).toBe(404);
    const empty = await call('sysadmin', 'POST', '/orgs/2/sites', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.name).toBeDefined();
    const missing = await call('sysadmin', 'POST', '/orgs/2/sites', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.name?.message).toBe('Mandatory field');
    const wrongType = await call('sysadmin', 'PUT', '/orgs/2/sites/1', {
      name: 'A',
      subscriptionId: 'one',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.subscriptionId).toBeDefined();
    const paging = await call('sysadmin', 'POST', '/orgs/2/sites/list', { skip: -1, take: 'x' });
    expect(paging.status).toBe(400);
    expect(Object.keys(paging.body.errors ?? {})).toEqual(expect.arrayContaining(['skip', 'take']));
    expect((await call('sysadmin', 'GET', '/orgs/2/sites/abc')).status).toBe(404);
  });

  it('lists every site across organisations for sysadmins only, with the organisation name', async () => {
    const r = await call('sysadmin', 'POST', '/admin/sites/list', { take: 5, sortBy: 'orgName' });
    expect(r.status).toBe(200);
    expect(r.data.fetchedCount).toBe(5);
    expect(r.data.totalAvailable).toBeGreaterThan(6);
    expect(r.data.results[0].orgName).toBe('Acme Mining');
    const s = await call('sysadmin', 'POST', '/admin/sites/list', { search: 'borealis' });
    expect(
      s.data.results.every((x: { orgName: string }) => x.orgName === 'Borealis Quarries'),
    ).toBe(true);
    expect((await call('owner', 'POST', '/admin/sites/list', {})).status).toBe(403);
    expect((await call('siteadmin', 'POST', '/admin/sites/list', {})).status).toBe(403);
  });

  it('lists the subscriptions a site may use', async () => {
    const r = await call('sysadmin', 'GET', '/orgs/2/site-subscriptions');
    expect(r.status).toBe(200);
    const ids = r.data.results.map((s: { id: number }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3, 5]));
    expect(ids).not.toContain(4);
    expect(r.data.totalAvailable).toBe(ids.length);
    expect((await call('submanager', 'GET', '/orgs/2/site-subscriptions')).status).toBe(403);
    expect((await call('siteuser', 'GET', '/orgs/1/site-subscriptions')).status).toBe(404);
  });
});

describe('site users', () => {
  it('lists the users of a site with their flags', async () => {
    for (const who of ['siteadmin', 'submanager', 'owner', 'sysadmin'] as const) {
      const r = await call(who, 'POST', '/orgs/2/sites/1/users/list', {});
      expect(r.status, who).toBe(200);
      expect(r.data.results).toEqual([
        expect.objectContaining({
          email: 'siteadmin@example.com',
          isSiteAdmin: true,
          isSiteUser: false,
          status: 'active',
        }),
        expect.objectContaining({
          email: 'siteuser@example.com',
          isSiteAdmin: false,
          isSiteUser: true,
        }),
      ]);
    }
    expect((await call('siteuser', 'POST', '/orgs/2/sites/1/users/list', {})).status).toBe(403);
    expect((await call('siteadmin', 'POST', '/orgs/2/sites/3/users/list', {})).status).toBe(404);
    expect((await call('owner', 'POST', '/orgs/1/sites/1/users/list', {})).status).toBe(404);
  });

  it('adds an organisation member by email, changes flags and removes them', async () => {
    const added = await call('siteadmin', 'POST', '/orgs/2/sites/2/users', {
      email: ' SiteUser@Example.com ',
      isSiteAdmin: false,
      isSiteUser: true,
    });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ id: 8, email: 'siteuser@example.com', isSiteUser: true });
    // siteuser can now see site 2
    expect((await call('siteuser', 'GET', '/orgs/2/sites/2')).status).toBe(200);
    const again = await call('siteadmin', 'POST', '/orgs/2/sites/2/users', {
      email: 'siteuser@example.com',
      isSiteAdmin: true,
      isSiteUser: false,
    });
    expect(again.status).toBe(409);
    const flags = await call('submanager', 'PUT', '/orgs/2/sites/2/users/8', {
      isSiteAdmin: true,
      isSiteUser: true,
    });
    expect(flags.status).toBe(200);
    expect(flags.data).toMatchObject({ isSiteAdmin: true, isSiteUser: true });
    const removed = await call('siteadmin', 'DELETE', '/orgs/2/sites/2/users/8');
    expect(removed.status).toBe(200);
    expect(removed.data).toEqual({ id: 8 });
    expect((await call('siteuser', 'GET', '/orgs/2/sites/2')).status).toBe(404);
    expect((await call('siteadmin', 'DELETE', '/orgs/2/sites/2/users/8')).status).toBe(404);
    // an invitation is nobody's membership until it is accepted (issue 14)
    const pending = await call('submanager', 'POST', '/orgs/2/sites/3/users', {
      email: 'pending@example.com',
      isSiteAdmin: false,
      isSiteUser: true,
    });
    expect(pending.status).toBe(400);
    expect(pending.body.errors?.email?.errorCode).toBe('notMember');
  });

  it('only adds members of the organisation, and refuses bad input and outsiders', async () => {
    const outsider = await call('siteadmin', 'POST', '/orgs/2/sites/1/users', {
      email: 'developer@example.com',
      isSiteAdmin: false,
      isSiteUser: true,
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.errors?.email?.errorCode).toBe('notMember');
    const noFlags = await call('siteadmin', 'POST', '/orgs/2/sites/1/users', {
      email: 'submanager@example.com',
      isSiteAdmin: false,
      isSiteUser: false,
    });
    expect(noFlags.status).toBe(400);
    expect(noFlags.body.errors?.isSiteUser).toBeDefined();
    const badEmail = await call('siteadmin', 'POST', '/orgs/2/sites/1/users', {
      email: 'not-an-email',
      isSiteAdmin: true,
      isSiteUser: false,
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors?.email?.message).toBe('Invalid email');
    expect(
      (
        await call('siteuser', 'POST', '/orgs/2/sites/1/users', {
          email: 'submanager@example.com',
          isSiteAdmin: true,
          isSiteUser: false,
        })
      ).status,
    ).toBe(403);
    expect((await call('siteuser', 'DELETE', '/orgs/2/sites/1/users/7')).status).toBe(403);
    // a user of another site of the same org is not touched through this site
    expect(
      (
        await call('siteadmin', 'PUT', '/orgs/2/sites/1/users/999', {
          isSiteAdmin: true,
          isSiteUser: false,
        })
      ).status,
    ).toBe(404);
    expect((await call('developer', 'DELETE', '/orgs/2/sites/1/users/8')).status).toBe(404);
  });
});

describe('robustness: bad input is a 400 envelope, never a 500', () => {
  it('refuses NUL characters, out-of-range ids and impossible dates with field errors', async () => {
    const nul = await call('sysadmin', 'POST', '/orgs/2/sites', { name: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.errors?.name?.errorCode).toBe('invalid');
    const surrogate = await call('sysadmin', 'POST', '/orgs/2/node-libraries', {
      name: 'Lib',
      version: '1.0.0',
      nodes: [{ name: 'a\ud800', type: 'calc' }],
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors?.['nodes.0.name']).toBeDefined();
    const search = await call('sysadmin', 'POST', '/admin/sites/list', { search: '\u0000' });
    expect(search.status).toBe(400);
    expect(search.body.errors?.search).toBeDefined();
    const link = await call('sysadmin', 'DELETE', '/orgs/2/sites/1/blasts/1/links/a%00b');
    expect(link.status).toBe(400);
    expect((await call('sysadmin', 'GET', '/blasts/99999999999/locate')).status).toBe(400);
    expect((await call('sysadmin', 'GET', '/shared-blasts/2147483648')).status).toBe(400);
    expect((await call('sysadmin', 'GET', '/dashboard?orgId=99999999999')).status).toBe(400);
    expect((await call('sysadmin', 'GET', '/dashboard?endMonth=0000-01')).status).toBe(400);
    const sub = await call('sysadmin', 'PUT', '/orgs/2/sites/1', {
      name: 'North Pit',
      subscriptionId: 2147483648,
    });
    expect(sub.body.errors?.subscriptionId).toBeDefined();
    const year0 = await call('sysadmin', 'PUT', '/orgs/2/sites/1/blasts/1', {
      name: 'x',
      firedAt: '0000-01-01',
    });
    expect(year0.status).toBe(400);
    expect(year0.body.errors?.firedAt).toBeDefined();
  });

  it('answers random and malformed input to every data route with an envelope, never a 500', async () => {
    const routes = routeTable().filter((r) => r.url.startsWith('/data/v1/'));
    const valid = PATH_VALUES;
    const weird = fc.constantFrom(
      '0',
      '-1',
      '1.5',
      'abc',
      '99999999999',
      '2147483648',
      '%00',
      '%E2%80%AE',
      '',
    );
    const paramValue = (name: string) =>
      fc.oneof(
        fc.constant(valid[name] ?? '1'),
        weird,
        fc.string({ maxLength: 12 }).map(encodeURIComponent),
      );
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('\u0000', '\udc00x', '0000-01-01', 2147483648, 9007199254740991, -1, '', ' '),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const keys = [
      'name',
      'email',
      'orgId',
      'siteId',
      'isSiteAdmin',
      'isSiteUser',
      'file',
      'status',
      'firedAt',
      'plannedAt',
      'skip',
      'take',
      'search',
      'sortBy',
      'sortDesc',
      'nodes',
      'version',
      'isAnonymous',
      'subscriptionId',
      'description',
      'location',
      'includeOrgLibraries',
    ];
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 }),
      fc.jsonValue({ maxDepth: 2 }),
      fc.record({
        file: fc.record({
          fileName: fc.oneof(fc.constant('a.blst'), fc.string()),
          base64: fc.oneof(fc.string(), fc.base64String({ maxLength: 40 })),
        }),
      }),
    );
    const query = fc.oneof(
      fc.constant(''),
      fc.constantFrom(
        '?endMonth=2025-13',
        '?orgId=abc',
        '?orgId=1',
        '?endMonth=1999-01',
        '?orgId=%00',
      ),
    );
    const token = await tokenFor(data.app, 'sysadmin');
    for (const route of routes) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...names.map(paramValue)),
          body,
          query,
          async (values, payload, q) => {
            let url = route.url;
            names.forEach((n, i) => (url = url.replace(`:${n}`, values[i] ?? '')));
            const res = await data.app.inject({
              method: route.method,
              url: `${url}${route.method === 'GET' ? q : ''}`,
              headers: bearer(token),
              ...(route.method === 'GET' || route.method === 'DELETE'
                ? {}
                : { payload: payload as object }),
            });
            expect(
              res.statusCode,
              `${route.method} ${url} ${JSON.stringify(payload)}`,
            ).toBeLessThan(500);
            if (String(res.headers['content-type']).includes('json')) {
              expect(typeof (res.json() as { success: unknown }).success).toBe('boolean');
            }
          },
        ),
        { numRuns: 4, seed: 20250601 },
      );
    }
  });
});
