import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor, type DemoAccount } from '../test/harness';
import { b64, dataTestApp, makeBlst, type Answer } from './test-support';

/**
 * Names unique within their scope, case-insensitively (issue 17; migration 050_unique_names):
 * create and rename of a duplicate answer 409 on `name`, also when two requests race.
 */
const data = dataTestApp();
const { call } = data;

async function crm(who: DemoAccount, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await data.app.inject({
    method,
    url: `/crm/v1${url}`,
    headers: bearer(await tokenFor(data.app, who)),
    payload,
  });
  return { status: res.statusCode, body: res.json() as Answer['body'] };
}

/** A 409 with the duplicate field error on name, and its message. */
function expectDuplicate(r: { status: number; body: Answer['body'] }, message: string) {
  expect(r.status).toBe(409);
  expect(r.body.success).toBe(false);
  expect(r.body.errors?.['name']).toEqual({ message, errorCode: 'duplicate' });
}

/** Two identical requests at once: one is written, the other is a 409 (never a 500). */
async function expectRace(
  send: () => Promise<{ status: number; body: Answer['body'] }>,
  message: string,
) {
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const refused = answers.find((a) => a.status === 409);
  if (refused) expectDuplicate(refused, message);
}

const ORG_DUP = 'An organization with this name already exists';
const OFFERING_DUP = 'A product or service with this name already exists in the organization';
const SITE_DUP = 'A site with this name already exists in the organization';
const BLAST_DUP = 'A blast with this name already exists on this site';
const ORG_LIB_DUP = 'A node library with this name already exists in the organization';
const SITE_LIB_DUP = 'A node library with this name already exists on this site';

describe('unique names', () => {
  it('organisations: globally, on create and on rename (sysadmin and org owner)', async () => {
    const flags = { isProductOwnerEnabled: false, isServiceOwnerEnabled: false };
    expectDuplicate(
      await crm('sysadmin', 'POST', '/admin/orgs', { name: 'Cobalt Blasting', ...flags }),
      ORG_DUP,
    );
    expectDuplicate(
      await crm('sysadmin', 'POST', '/admin/orgs', { name: ' cobalt BLASTING ', ...flags }),
      ORG_DUP,
    );
    expectDuplicate(await crm('owner', 'PUT', '/orgs/1', { name: 'Borealis Quarries' }), ORG_DUP);
    expectDuplicate(
      await crm('sysadmin', 'PUT', '/admin/orgs/1', { name: 'borealis quarries', ...flags }),
      ORG_DUP,
    );
    // its own name in another case is no duplicate
    const own = await crm('owner', 'PUT', '/orgs/1', { name: 'ACME MINING' });
    expect(own.status).toBe(200);
    expect((await crm('owner', 'PUT', '/orgs/1', { name: 'Acme Mining' })).status).toBe(200);
    await expectRace(
      () => crm('sysadmin', 'POST', '/admin/orgs', { name: 'Race Org', ...flags }),
      ORG_DUP,
    );
  });

  it('offerings: within their vendor organisation, on create and on rename', async () => {
    const input = { type: 'product', name: 'blast designer', tags: [], features: [] };
    expectDuplicate(await crm('owner', 'POST', '/orgs/1/offerings', input), OFFERING_DUP);
    const made = await crm('owner', 'POST', '/orgs/1/offerings', {
      ...input,
      name: 'UX Test Product',
    });
    expect(made.status).toBe(200);
    expectDuplicate(
      await crm('owner', 'POST', '/orgs/1/offerings', { ...input, name: 'ux test product' }),
      OFFERING_DUP,
    );
    const id = (made.body.data as { id: number }).id;
    expectDuplicate(
      await crm('owner', 'PUT', `/orgs/1/offerings/${id}`, {
        ...input,
        name: 'FRAGMENTATION ANALYSER',
      }),
      OFFERING_DUP,
    );
    expect(
      (await crm('owner', 'PUT', `/orgs/1/offerings/${id}`, { ...input, name: 'UX test product' }))
        .status,
    ).toBe(200);
    await expectRace(
      () => crm('owner', 'POST', '/orgs/1/offerings', { ...input, name: 'Race Product' }),
      OFFERING_DUP,
    );
  });

  it('sites: within their organisation, on create and on rename', async () => {
    expectDuplicate(
      await call('sysadmin', 'POST', '/orgs/2/sites', { name: 'NORTH PIT' }),
      SITE_DUP,
    );
    expectDuplicate(
      await call('sysadmin', 'PUT', '/orgs/2/sites/2', { name: 'north pit' }),
      SITE_DUP,
    );
    expect((await call('sysadmin', 'PUT', '/orgs/2/sites/2', { name: 'SOUTH PIT' })).status).toBe(
      200,
    );
    // another organisation may have a site of that name
    expect((await call('owner', 'POST', '/orgs/1/sites', { name: 'North Pit' })).status).toBe(200);
    await expectRace(
      () => call('sysadmin', 'POST', '/orgs/2/sites', { name: 'Race Site' }),
      SITE_DUP,
    );
  });

  it('blasts: within their site, on upload (also the name from the file) and on rename', async () => {
    const file = (name: string) => ({
      fileName: 'x.blst',
      base64: b64(makeBlst(2, 2, 100, 200, name).text),
    });
    expectDuplicate(
      await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', {
        name: 'north pit 0011',
        file: file('x'),
      }),
      BLAST_DUP,
    );
    // no name given: the file's name= header is the name
    expectDuplicate(
      await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', { file: file('NORTH PIT 0011') }),
      BLAST_DUP,
    );
    // another site may have a blast of that name
    const other = await call('siteadmin', 'POST', '/orgs/2/sites/2/blasts', {
      file: file('North Pit 0011'),
    });
    expect(other.status).toBe(200);
    const up = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', {
      name: 'Renamed later',
      file: file('x'),
    });
    expect(up.status).toBe(200);
    expectDuplicate(
      await call('siteadmin', 'PUT', `/orgs/2/sites/1/blasts/${up.data.id}`, {
        name: 'North Pit 0011',
      }),
      BLAST_DUP,
    );
    expect(
      (
        await call('siteadmin', 'PUT', `/orgs/2/sites/1/blasts/${up.data.id}`, {
          name: 'RENAMED LATER',
        })
      ).status,
    ).toBe(200);
    await expectRace(
      () =>
        call('siteadmin', 'POST', '/orgs/2/sites/1/blasts', {
          name: 'Race Blast',
          file: file('x'),
        }),
      BLAST_DUP,
    );
  });

  it('node libraries: within their scope, the organisation’s own or one site’s', async () => {
    const input = { version: '1.0.0', nodes: [] };
    expectDuplicate(
      await call('owner', 'POST', '/orgs/1/node-libraries', {
        ...input,
        name: 'ACME reference library',
      }),
      ORG_LIB_DUP,
    );
    expectDuplicate(
      await call('owner', 'POST', '/orgs/1/sites/5/node-libraries', {
        ...input,
        name: 'test range EXPERIMENTS',
      }),
      SITE_LIB_DUP,
    );
    // a site library may take an organisation library's name, and the other way round
    const site = await call('owner', 'POST', '/orgs/1/sites/5/node-libraries', {
      ...input,
      name: 'Acme Reference Library',
    });
    expect(site.status).toBe(200);
    const org = await call('owner', 'POST', '/orgs/1/node-libraries', {
      ...input,
      name: 'Test Range Experiments',
    });
    expect(org.status).toBe(200);
    expectDuplicate(
      await call('owner', 'PUT', `/orgs/1/node-libraries/${org.data.id}`, {
        ...input,
        name: 'Acme Reference Library',
      }),
      ORG_LIB_DUP,
    );
    expectDuplicate(
      await call('owner', 'PUT', `/orgs/1/sites/5/node-libraries/${site.data.id}`, {
        ...input,
        name: 'Test Range Experiments',
      }),
      SITE_LIB_DUP,
    );
    await expectRace(
      () => call('owner', 'POST', '/orgs/1/node-libraries', { ...input, name: 'Race Library' }),
      ORG_LIB_DUP,
    );
    await expectRace(
      () =>
        call('owner', 'POST', '/orgs/1/sites/5/node-libraries', { ...input, name: 'Race Library' }),
      SITE_LIB_DUP,
    );
  });

  it('the migration renames the duplicates a database already holds: the oldest keeps its name', async () => {
    const { db } = data.app.services;
    const sql = await readFile(
      new URL('../db/migrations/050_unique_names.sql', import.meta.url),
      'utf8',
    );
    const indexes = [
      'orgs_name_unique',
      'offerings_name_unique',
      'sites_name_unique',
      'blasts_name_unique',
      'node_libraries_org_name_unique',
      'node_libraries_site_name_unique',
    ];
    await db.transaction(async (tx) => {
      for (const i of indexes) await tx.exec(`drop index ${i}`);
      const one = async (q: string, params: unknown[]) =>
        (await tx.query<{ id: number }>(q, params))[0]?.id;
      const org = await one(`insert into orgs (name) values ('acme mining') returning id`, []);
      const offering = await one(
        `insert into offerings (org_id, kind, name) values (1, 'product', 'BLAST DESIGNER') returning id`,
        [],
      );
      const site = await one(
        `insert into sites (org_id, name) values (2, 'North pit') returning id`,
        [],
      );
      const blast = await one(
        `insert into blasts (site_id, name, file_name, file_content, hole_count)
         values (1, 'north pit 0011', 'x.blst', '', 0) returning id`,
        [],
      );
      const library = await one(
        `insert into node_libraries (org_id, site_id, name, version) values (2, 1, 'north pit nodes', '1') returning id`,
        [],
      );
      await tx.exec(sql);
      const names = await tx.query<{ t: string; name: string }>(
        `select 'org' t, name from orgs where id in (1, $1)
         union all select 'offering', name from offerings where id = $2
         union all select 'site', name from sites where id in (1, $3)
         union all select 'blast', name from blasts where id = $4
         union all select 'library', name from node_libraries where id in (2, $5)`,
        [org, offering, site, blast, library],
      );
      expect(names.map((r) => `${r.t}: ${r.name}`).sort()).toEqual(
        [
          'org: Acme Mining',
          `org: acme mining (${org})`,
          `offering: BLAST DESIGNER (${offering})`,
          'site: North Pit',
          `site: North pit (${site})`,
          `blast: north pit 0011 (${blast})`,
          'library: North Pit Nodes',
          `library: north pit nodes (${library})`,
        ].sort(),
      );
    });
  });
});
