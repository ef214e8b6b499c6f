import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { RouteInfo } from '../http/routes';
import { ORGS, createTestApp, type DemoAccount } from '../test/harness';
import { framesOf } from '../http/list-support';
import {
  VOLATILE_TABLES,
  fillUrl,
  fingerprint,
  hasBody,
  isErrorEnvelope,
  paramNames,
  tableNames,
  tokens,
} from './support';
import { routeTable } from '../http/routes';

/**
 * Tenant isolation, generated from the route table. server/http/matrix.test.ts (identity/CRM
 * engineer) already proves: 401 without a token everywhere, 404 for every org/site route of a
 * foreign organisation id for every demo account, 403 on sysadmin routes. This file adds what it
 * leaves out:
 * - a foreign site id under the caller's own organisation (and sites of the own org the caller
 *   may not see);
 * - ids of another organisation's records (offerings, users, licences, blasts, libraries...) in
 *   the path of a route the caller is fully authorised for (a sysadmin holds every flag, so
 *   only the SQL scoping by the path's org can refuse);
 * - signed-in (non-org) routes with ids of records the caller may not see;
 * - mass assignment: bodies carrying orgId, permission flags or another org's ids;
 * - anonymous routes expose only what their code or link grants;
 * and checks after each matrix that nothing at all changed in the database.
 */
let app: App;
let routes: RouteInfo[];
let as: ReturnType<typeof tokens>;
let tables: string[];
const q = <T extends object>(sql: string, params: unknown[] = []) =>
  app.services.db.query<T>(sql, params);
const one = async (sql: string, params: unknown[] = []) =>
  (await q<{ id: number | string }>(sql, params))[0]?.id;

beforeAll(async () => {
  app = await createTestApp();
  routes = routeTable();
  as = tokens(app);
  tables = (await tableNames(app)).filter((t) => !VOLATILE_TABLES.has(t));
  // The demo data has no attachments: give a subscription of two other organisations one, so
  // that the attachment routes are probed with a real foreign attachment id.
  await q(
    `insert into subscription_attachments (subscription_id, file_name, content, size)
     select id, 'foreign.pdf', '\\x25504446'::bytea, 4 from subscriptions
     where vendor_org_id not in ($1, $2) and subscriber_org_id not in ($1, $2)
     order by id limit 1`,
    [ORGS.acme, ORGS.borealis],
  );
  expect(await one('select count(*)::int as id from subscription_attachments')).toBe(1);
});
afterAll(async () => {
  await app.close();
});

const send = async (who: DemoAccount | null, method: string, url: string, payload?: unknown) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: who ? await as(who) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** A body that passes validation, so that the handler (and its SQL scoping) really runs. */
function validBody(r: RouteInfo, ownOrgId: number): unknown {
  if (!hasBody(r.method)) return undefined;
  const u = r.url;
  const rules: Array<[RegExp, unknown]> = [
    [/\/list$/, {}],
    [/\/export$/, { all: true }],
    [/custom-data(\/:\w+)?$/, { name: 'Probe', executionPriority: 1, data: '{}' }],
    [/\/crm\/v1\/orgs\/:orgId\/users\/:id$/, { isDeveloper: true, isOrgAdmin: true }],
    [/\/offerings\/:id$/, { type: 'product', name: 'Probe' }],
    [/\/issued-licences\/:id\/renew$/, { expiry: '2031-01-01' }],
    [/\/issued-subscriptions\/:id$/, { name: 'Probe', startDate: '2025-01-01', seatsAllowed: 1 }],
    [/\/assign$/, { userId: null }],
    [/\/sites\/:siteId\/users\/:userId$/, { isSiteAdmin: true, isSiteUser: true }],
    [
      /\/sites\/:siteId\/users$/,
      { email: 'siteuser@example.com', isSiteAdmin: true, isSiteUser: true },
    ],
    [/\/blasts\/:blastId$/, { name: 'Probe' }],
    [/\/links$/, { isAnonymous: true }],
    [/\/shares$/, { orgId: ownOrgId }],
    [/node-libraries(\/:libraryId)?$/, { name: 'Probe', version: '1.0.0' }],
    [/\/sites\/:siteId$/, { name: 'Probe' }],
    [/\/crm\/v1\/orgs\/:orgId$/, { name: 'Probe' }],
  ];
  return rules.find(([re]) => re.test(u))?.[1] ?? {};
}

/**
 * An id, for a path parameter, of a record that is NOT in any of the given organisations.
 * A new kind of id makes this throw: add it here, and the new route is covered.
 */
async function foreignId(url: string, param: string, notIn: number[]): Promise<string | number> {
  const before = url.split(`/:${param}`)[0]?.split('/').pop() ?? '';
  const orgs = `(${notIn.join(',')})`;
  const byParam: Record<string, string> = {
    siteId: `select id from sites where org_id not in ${orgs} order by id limit 1`,
    blastId: `select b.id from blasts b join sites s on s.id = b.site_id where s.org_id not in ${orgs} order by b.id limit 1`,
    libraryId: `select id from node_libraries where org_id not in ${orgs} order by id limit 1`,
    linkId: `select l.id from blast_links l join blasts b on b.id = l.blast_id join sites s on s.id = b.site_id where s.org_id not in ${orgs} order by l.id limit 1`,
    userId: `select sm.user_id as id from site_members sm join sites s on s.id = sm.site_id where s.org_id not in ${orgs} and sm.user_id not in (select user_id from org_members where org_id in ${orgs}) order by 1 limit 1`,
    shareId: `select sb.id from shared_blasts sb join blasts b on b.id = sb.blast_id join sites s on s.id = b.site_id where s.org_id not in ${orgs} order by sb.id limit 1`,
    licenceId: `select id from licences where customer_org_id not in ${orgs} and vendor_org_id not in ${orgs} order by id limit 1`,
    recordId: `select c.id from offering_custom_data c join offerings o on o.id = c.offering_id where o.org_id not in ${orgs} order by c.id limit 1`,
    attachmentId: `select a.id from subscription_attachments a join subscriptions s on s.id = a.subscription_id where s.vendor_org_id not in ${orgs} and s.subscriber_org_id not in ${orgs} order by a.id limit 1`,
  };
  const byResource: Record<string, string> = {
    'custom-data': `select id from org_custom_data where org_id not in ${orgs} order by id limit 1`,
    users: `select user_id as id from org_members where org_id not in ${orgs} and user_id not in (select user_id from org_members where org_id in ${orgs}) order by 1 limit 1`,
    offerings: `select id from offerings where org_id not in ${orgs} order by id limit 1`,
    'issued-licences': `select id from licences where vendor_org_id not in ${orgs} and customer_org_id not in ${orgs} order by id limit 1`,
    'issued-subscriptions': `select id from subscriptions where vendor_org_id not in ${orgs} and subscriber_org_id not in ${orgs} order by id limit 1`,
    'my-subscriptions': `select id from subscriptions where vendor_org_id not in ${orgs} and subscriber_org_id not in ${orgs} order by id limit 1`,
  };
  const sql = param === 'id' ? byResource[before] : byParam[param];
  if (!sql)
    throw new Error(`No foreign-id rule for :${param} in ${url}: add one to isolation.test.ts`);
  const id = await one(sql);
  if (id === undefined) throw new Error(`No record outside ${orgs} for :${param} in ${url}`);
  return id;
}

const siteOf = async (orgId: number) =>
  Number(await one('select id from sites where org_id = $1 order by id limit 1', [orgId]));

describe('foreign site ids under the caller’s own organisation', () => {
  it('answers 404 for every site-scoped route with another organisation’s site, or a site of the own org the caller may not see', async () => {
    const siteRoutes = routes.filter((r) => r.access.kind === 'site');
    expect(siteRoutes.length).toBeGreaterThan(15);
    const before = await fingerprint(app, tables);
    // [account, own org in the path, a site id it must not reach through that path]
    const cases: Array<[DemoAccount, number, number]> = [
      ['sysadmin', ORGS.acme, await siteOf(ORGS.borealis)],
      ['owner', ORGS.acme, await siteOf(ORGS.borealis)],
      ['owner', ORGS.borealis, await siteOf(ORGS.acme)],
      ['manager', ORGS.acme, await siteOf(ORGS.borealis)],
      ['developer', ORGS.acme, await siteOf(ORGS.delta)],
      ['support', ORGS.acme, await siteOf(ORGS.delta)],
      ['submanager', ORGS.borealis, await siteOf(ORGS.acme)],
      ['siteadmin', ORGS.borealis, await siteOf(ORGS.acme)],
      ['siteuser', ORGS.borealis, await siteOf(ORGS.delta)],
    ];
    // Sites of Borealis the site user / site admin are not members of.
    const [hidden] = await q<{ id: number }>(
      `select id from sites where org_id = $1 and id not in (select site_id from site_members where user_id = $2) order by id limit 1`,
      [ORGS.borealis, 7],
    );
    if (hidden) {
      cases.push(['siteadmin', ORGS.borealis, hidden.id], ['siteuser', ORGS.borealis, hidden.id]);
    }
    for (const [who, orgId, siteId] of cases) {
      for (const r of siteRoutes) {
        const url = fillUrl(r.url, { orgId, siteId });
        const res = await send(who, r.method, url, validBody(r, orgId));
        const where = `${who} ${r.method} ${url}`;
        expect(res.statusCode, where).toBe(404);
        expect(isErrorEnvelope(res), where).toBe(true);
      }
    }
    expect(await fingerprint(app, tables)).toEqual(before);
  });
});

describe('another organisation’s record ids in an authorised path', () => {
  it('answers 404 (never data) for every route with record ids, for the sysadmin and an org admin, and changes nothing', async () => {
    const withIds = routes.filter(
      (r) =>
        (r.access.kind === 'org' || r.access.kind === 'site') &&
        paramNames(r.url).some((p) => p !== 'orgId' && p !== 'siteId'),
    );
    expect(withIds.length).toBeGreaterThan(25);
    const before = await fingerprint(app, tables);
    // The owner is org owner + admin of Acme (and sub manager of Borealis); the sysadmin holds
    // every flag everywhere, so for it only the path's organisation can scope the query.
    const callers: Array<[DemoAccount, number, number[]]> = [
      ['sysadmin', ORGS.acme, [ORGS.acme]],
      ['sysadmin', ORGS.borealis, [ORGS.borealis]],
      ['owner', ORGS.acme, [ORGS.acme, ORGS.borealis]],
      ['owner', ORGS.borealis, [ORGS.acme, ORGS.borealis]],
    ];
    let checked = 0;
    let notFound = 0;
    for (const [who, orgId, notIn] of callers) {
      const siteId = await siteOf(orgId);
      for (const r of withIds) {
        const values: Record<string, string | number> = { orgId, siteId };
        let missing = false;
        for (const p of paramNames(r.url)) {
          if (p === 'orgId' || p === 'siteId') continue;
          try {
            values[p] = await foreignId(r.url, p, notIn);
          } catch (error) {
            // Offering custom data exists for Acme only: for Acme's path there is no foreign one.
            if (/No record outside/.test(String(error))) {
              missing = true;
              break;
            }
            throw error;
          }
        }
        if (missing) continue;
        const url = fillUrl(r.url, values);
        const res = await send(who, r.method, url, validBody(r, orgId));
        const where = `${who} ${r.method} ${url}`;
        // 403 only where the caller lacks the route's flag in that org (owner in Borealis); a
        // foreign record is a 404 before any business rule is asked (never a 409).
        expect([403, 404], `${where} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
          res.statusCode,
        );
        if (res.statusCode === 404) notFound++;
        expect(isErrorEnvelope(res), where).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
    // Most refusals come from the SQL scoping by the path's organisation, not from a flag.
    expect(notFound / checked).toBeGreaterThan(0.6);
    expect(await fingerprint(app, tables)).toEqual(before);
  });
});

describe('signed-in routes with ids the caller may not see', () => {
  it('answers 404/403 without data for blasts, shares and registrations of others', async () => {
    const before = await fingerprint(app, tables);
    // A blast of Delta, neither visible to nor shared with the site user.
    const blastId = await one(
      `select b.id from blasts b join sites s on s.id = b.site_id where s.org_id = $1
        and b.id not in (select blast_id from shared_blasts) order by b.id limit 1`,
      [ORGS.delta],
    );
    const shareId = await one(
      `select id from shared_blasts where coalesce(shared_with_user_id, 0) <> 8
        and coalesce(shared_with_org_id, 0) <> 2 order by id limit 1`,
    );
    const reg = await q<{ id: number }>('select id from subscription_registrations limit 1');
    const userRoutes = routes.filter((r) => r.access.kind === 'user' && paramNames(r.url).length);
    for (const r of userRoutes) {
      const values: Record<string, string | number> = {
        blastId: Number(blastId),
        shareId: Number(shareId ?? 999_999),
        id: reg[0]?.id ?? 1,
        code: 'not-the-code',
        // Link ids are capabilities (whoever holds one may open it): an unknown one is a 404.
        linkId: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      };
      for (const p of paramNames(r.url)) {
        expect(values[p], `no value for :${p} in ${r.url}: add one`).toBeDefined();
      }
      for (const who of ['siteuser', 'developer'] as DemoAccount[]) {
        const url = fillUrl(r.url, values);
        const res = await send(who, r.method, url, hasBody(r.method) ? {} : undefined);
        const where = `${who} ${r.method} ${url}`;
        expect([400, 403, 404], `${where} → ${res.statusCode}`).toContain(res.statusCode);
        expect(isErrorEnvelope(res), where).toBe(true);
      }
    }
    expect(await fingerprint(app, tables)).toEqual(before);
  });

  it('lists only the caller’s own organisations in the user metadata and dashboard', async () => {
    const res = await send('siteuser', 'GET', '/crm/v1/Orgs/GetUserMetadata');
    const orgIds = (res.json().data.orgsAndPermissions as Array<{ org: { id: number } }>).map(
      (e) => e.org.id,
    );
    expect(orgIds).toEqual([ORGS.borealis]);
    const dash = await send('siteuser', 'GET', '/data/v1/dashboard');
    expect(dash.statusCode).toBe(200);
    expect(JSON.stringify(dash.json().data)).not.toMatch(/Acme Mining|Delta Drilling/);
  });
});

describe('mass assignment', () => {
  it('keeps a created offering in the path’s organisation whatever orgId/id the body carries', async () => {
    const res = await send('manager', 'POST', '/crm/v1/orgs/1/offerings', {
      type: 'product',
      name: 'Mass Assign Probe',
      orgId: ORGS.cobalt,
      org_id: ORGS.cobalt,
      id: 1,
    });
    expect(res.statusCode).toBe(200);
    const rows = await q<{ id: number; org_id: number }>(
      `select id, org_id from offerings where name = 'Mass Assign Probe'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.org_id).toBe(ORGS.acme);
    expect(rows[0]?.id).not.toBe(1);
  });

  it('never grants sysadmin or org owner through member, profile or org edits', async () => {
    const flags = { isSysadmin: true, isOrgOwner: true, is_sysadmin: true, role: 'sysadmin' };
    await send('owner', 'PUT', '/crm/v1/orgs/1/users/4', {
      ...flags,
      isDeveloper: true,
      orgId: ORGS.borealis,
    });
    await send('developer', 'PUT', '/identity/v1/profile', {
      firstName: 'Dev',
      lastName: 'Eloper',
      ...flags,
      id: 1,
      email: 'sysadmin@example.com',
    });
    const [user] = await q<{ is_sysadmin: boolean; email: string }>(
      'select is_sysadmin, email from users where id = 4',
    );
    expect(user).toEqual({ is_sysadmin: false, email: 'developer@example.com' });
    const members = await q<{ org_id: number; is_org_owner: boolean }>(
      'select org_id, is_org_owner from org_members where user_id = 4 order by org_id',
    );
    expect(members).toEqual([{ org_id: ORGS.acme, is_org_owner: false }]);
    const [sys] = await q<{ email: string }>('select email from users where id = 1');
    expect(sys?.email).toBe('sysadmin@example.com');
  });

  it('lets only a sysadmin change an organisation’s capability flags; the owner’s edit ignores them and other ids', async () => {
    const flagsOf = async (id: number) =>
      (
        await q<{ p: boolean; s: boolean; name: string }>(
          'select is_product_owner_enabled as p, is_service_owner_enabled as s, name from orgs where id = $1',
          [id],
        )
      )[0];
    const before2 = await flagsOf(ORGS.borealis);
    const res = await send('owner', 'PUT', '/crm/v1/orgs/1', {
      name: 'Acme Mining',
      isProductOwnerEnabled: false,
      isServiceOwnerEnabled: false,
      id: ORGS.borealis,
      orgId: ORGS.borealis,
    });
    expect(res.statusCode).toBe(200);
    expect(await flagsOf(ORGS.acme)).toMatchObject({ p: true, s: true });
    expect(await flagsOf(ORGS.borealis)).toEqual(before2);
  });

  it('keeps sites, libraries and blasts where the path puts them', async () => {
    const site = await send('sysadmin', 'POST', '/data/v1/orgs/2/sites', {
      name: 'Probe Site',
      orgId: ORGS.acme,
      subscriptionId: null,
    });
    expect(site.statusCode).toBe(200);
    expect(await q('select org_id from sites where name = $1', ['Probe Site'])).toEqual([
      { org_id: ORGS.borealis },
    ]);

    const acmeSite = await siteOf(ORGS.acme);
    const lib = await send('owner', 'POST', '/data/v1/orgs/1/node-libraries', {
      name: 'Probe Library',
      version: '1.0.0',
      orgId: ORGS.borealis,
      siteId: await siteOf(ORGS.borealis),
    });
    expect(lib.statusCode).toBe(200);
    expect(
      await q('select org_id, site_id from node_libraries where name = $1', ['Probe Library']),
    ).toEqual([{ org_id: ORGS.acme, site_id: null }]);

    const blastId = await one('select id from blasts where site_id = $1 order by id limit 1', [
      acmeSite,
    ]);
    const moved = await send(
      'owner',
      'PUT',
      `/data/v1/orgs/1/sites/${acmeSite}/blasts/${String(blastId)}`,
      { name: 'Probe Blast', siteId: await siteOf(ORGS.borealis), orgId: ORGS.borealis },
    );
    expect(moved.statusCode).toBe(200);
    expect(await q('select site_id from blasts where id = $1', [blastId])).toEqual([
      { site_id: acmeSite },
    ]);
  });

  it('does not let a site admin grant organisation flags or add outsiders through site users', async () => {
    const before = await q('select * from org_members where org_id = 2 order by user_id');
    const res = await send('siteadmin', 'POST', '/data/v1/orgs/2/sites/1/users', {
      email: 'developer@example.com', // an Acme member, not of Borealis
      isSiteAdmin: true,
      isSiteUser: true,
      isOrgAdmin: true,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(isErrorEnvelope(res)).toBe(true);
    const flagged = await send('siteadmin', 'PUT', '/data/v1/orgs/2/sites/1/users/8', {
      isSiteAdmin: false,
      isSiteUser: true,
      isOrgAdmin: true,
      isSubManager: true,
    });
    expect(flagged.statusCode).toBe(200);
    expect(await q('select * from org_members where org_id = 2 order by user_id')).toEqual(before);
  });

  it('does not move a shared blast or a link across organisations by body ids', async () => {
    const blast = await one('select b.id from blasts b where b.site_id = 1 order by b.id limit 1');
    const before = await q('select blast_id, shared_with_org_id from shared_blasts order by id');
    const res = await send(
      'siteadmin',
      'POST',
      `/data/v1/orgs/2/sites/1/blasts/${String(blast)}/links`,
      {
        isAnonymous: false,
        blastId: 1,
        siteId: 5,
      },
    );
    expect(res.statusCode).toBe(200);
    const [link] = await q<{ blast_id: number }>('select blast_id from blast_links where id = $1', [
      res.json().data.id,
    ]);
    expect(link?.blast_id).toBe(Number(blast));
    expect(await q('select blast_id, shared_with_org_id from shared_blasts order by id')).toEqual(
      before,
    );
  });
});

describe('anonymous routes expose only what their code or link grants', () => {
  it('has exactly the reviewed anonymous routes', () => {
    const anon = routes
      .filter((r) => r.access.kind === 'anonymous')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // A new anonymous route must be reviewed and added here with a test below.
    expect(anon).toEqual(
      [
        'GET /crm/v1/email-preferences/:email/:code',
        'PUT /crm/v1/email-preferences/:email/:code',
        'POST /crm/v1/subscription-registrations',
        'GET /crm/v1/subscription-registrations/:id/:code',
        'POST /crm/v1/subscription-registrations/:id/:code',
        'GET /data/v1/blast-links/anon/:linkId',
        'GET /data/v1/blast-links/anon/:linkId/file',
        'POST /errors/api/:projectId/envelope/',
      ].sort(),
    );
  });

  it('answers 404 with nothing for wrong codes and ids, and changes nothing', async () => {
    const before = await fingerprint(app, tables);
    const [pref] = await q<{ email: string }>('select email from email_preferences limit 1');
    const [reg] = await q<{ id: number }>('select id from subscription_registrations limit 1');
    const [authLink] = await q<{ id: string }>(
      'select id from blast_links where not is_anonymous and revoked_at is null limit 1',
    );
    const [revoked] = await q<{ id: string }>(
      'select id from blast_links where revoked_at is not null limit 1',
    );
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/crm/v1/email-preferences/${encodeURIComponent(pref?.email ?? 'a@b.c')}/wrong`],
      [
        'PUT',
        `/crm/v1/email-preferences/${encodeURIComponent(pref?.email ?? 'a@b.c')}/wrong`,
        { productUpdates: false, serviceNotices: false, marketing: false },
      ],
      ['GET', `/crm/v1/email-preferences/owner%40example.com/%27%20or%201%3D1--`],
      ['GET', `/crm/v1/subscription-registrations/${reg?.id ?? 1}/wrong`],
      ['POST', `/crm/v1/subscription-registrations/${reg?.id ?? 1}/wrong`, {}],
      ['GET', '/data/v1/blast-links/anon/unknown-link-id'],
      ['GET', '/data/v1/blast-links/anon/unknown-link-id/file'],
    ];
    for (const id of [authLink?.id, revoked?.id]) {
      if (!id) continue;
      probes.push(['GET', `/data/v1/blast-links/anon/${id}`]);
      probes.push(['GET', `/data/v1/blast-links/anon/${id}/file`]);
    }
    for (const [method, url, payload] of probes) {
      const res = await send(null, method, url, payload);
      expect([400, 404], `${method} ${url} → ${res.statusCode}`).toContain(res.statusCode);
      expect(isErrorEnvelope(res), `${method} ${url}`).toBe(true);
    }
    expect(await fingerprint(app, tables)).toEqual(before);
  });

  it('shows an anonymous link’s blast without its organisation’s other data or ids', async () => {
    const [link] = await q<{ id: string }>(
      'select id from blast_links where is_anonymous and revoked_at is null limit 1',
    );
    if (!link) return;
    const res = await send(null, 'GET', `/data/v1/blast-links/anon/${link.id}`);
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).not.toMatch(/"(orgId|siteId|createdBy|email)"/);
    expect(text).not.toMatch(/@example\.com/);
  });

  it('does not let the error sink listing out to anyone but sysadmins', async () => {
    for (const who of [null, 'owner', 'support'] as Array<DemoAccount | null>) {
      const res = await send(who, 'GET', '/errors/v1/events');
      expect(res.statusCode).toBe(who ? 403 : 401);
      expect(isErrorEnvelope(res)).toBe(true);
    }
  });
});

describe('exports and bulk actions stay in the path’s organisation and site', () => {
  // Each org- or site-scoped list is read in its own scope and in a neighbour (another
  // organisation, or another site of the same one); the neighbour's keys, given as picked ids,
  // must export nothing the own scope does not hold, and a bulk action must refuse them all.
  const scopes = (url: string): [Record<string, number>, Array<Record<string, number>>] =>
    url.includes(':siteId')
      ? [
          { orgId: ORGS.borealis, siteId: 1 },
          [2, 3, 4].map((siteId) => ({ orgId: ORGS.borealis, siteId })),
        ]
      : [
          { orgId: ORGS.acme },
          [ORGS.borealis, ORGS.cobalt, ORGS.delta].map((orgId) => ({ orgId })),
        ];
  /** Keys listed in the first neighbour scope that has any the own scope does not. */
  const foreign = async (url: string, mine: Set<number>, others: Array<Record<string, number>>) => {
    for (const other of others) {
      const theirs = (await keysOf(fillUrl(url, other))).filter((k) => !mine.has(k));
      if (theirs.length > 0) return theirs;
    }
    return [];
  };
  const keysOf = async (url: string) => {
    const res = await send('sysadmin', 'POST', url, { all: true });
    expect(res.statusCode, url).toBe(200);
    return framesOf(res.body)
      .filter((f) => f.kind === 'rows')
      .flatMap((f) => f.rows.map((r: { id?: number; shareId?: number }) => r.id ?? r.shareId));
  };

  it('exports of picked ids leave out every row of another organisation or site', async () => {
    // The lists of one record (a blast's links and shares) answer 404 for another site's
    // record before listing anything: the record-id test above holds them to it.
    const exports = routes.filter(
      (r) =>
        r.list?.kind === 'export' &&
        (r.access.kind === 'org' || r.access.kind === 'site') &&
        paramNames(r.url).every((p) => p === 'orgId' || p === 'siteId'),
    );
    expect(exports.length).toBeGreaterThanOrEqual(12);
    let foreignKeys = 0;
    for (const r of exports) {
      const [own, others] = scopes(r.url);
      const mine = new Set(await keysOf(fillUrl(r.url, own)));
      const theirs = await foreign(r.url, mine, others);
      foreignKeys += theirs.length;
      if (theirs.length === 0) continue;
      const res = await send('sysadmin', 'POST', fillUrl(r.url, own), {
        ids: theirs.slice(0, 500),
      });
      const frames = framesOf(res.body);
      expect(frames[0], r.url).toEqual({ kind: 'start', total: 0 });
      expect(
        frames.some((f) => f.kind === 'rows' && f.rows.length > 0),
        r.url,
      ).toBe(false);
    }
    expect(foreignKeys).toBeGreaterThan(100);
  });

  it('bulk actions refuse every id of another organisation as not found, and change nothing', async () => {
    const bulk = routes.filter((r) => r.list?.kind === 'bulk');
    expect(bulk.length).toBeGreaterThanOrEqual(4);
    const before = await fingerprint(app, tables);
    for (const r of bulk) {
      const list = r.url.replace(/\/bulk\/[^/]+$/, '/export');
      const [own, others] = scopes(r.url);
      const mine = new Set(await keysOf(fillUrl(list, own)));
      const theirs = (await foreign(list, mine, others)).slice(0, 300);
      expect(theirs.length, r.url).toBeGreaterThan(0);
      const res = await send('sysadmin', 'POST', fillUrl(r.url, own), {
        ids: theirs,
        ...(r.url.endsWith('/renew') ? { expiry: '2099-01-01' } : {}),
      });
      expect(res.statusCode, r.url).toBe(200);
      expect(res.json().data, r.url).toMatchObject({
        requested: theirs.length,
        done: 0,
        refused: theirs.length,
      });
      expect(
        res.json().data.refusals.map((g: { code: string }) => g.code),
        r.url,
      ).toEqual(['notFound']);
    }
    expect(await fingerprint(app, tables)).toEqual(before);
  });
});
