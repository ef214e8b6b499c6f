import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@/contract/crm/audit';
import { bearer, ORGS, tokenFor, type DemoAccount } from '../test/harness';
import { dataTestApp } from '../data/test-support';
import { DATA_PREFIX } from '../data/register';
import { framesOf } from '../http/list-support';

/**
 * A site's Activity (docs/audit.md, issue 18): the site's events only, for its site admins and
 * the organisation's owner and admins, whatever filters, record or ids are sent.
 * Demo data: the site admin administers Borealis's North Pit (1) and South Pit (2), not East
 * Quarry (3); the owner is owner and admin of Acme (Acme Test Range: site 5) and only a sub
 * manager of Borealis.
 */
const data = dataTestApp();
const { call } = data;

const NORTH = 1;
const SOUTH = 2;
const ACME_SITE = 5;
const activity = (orgId: number, siteId: number) => `/orgs/${orgId}/sites/${siteId}/activity`;
const north = activity(ORGS.borealis, NORTH);

/** A blast of a site (the first by id). */
async function blastOf(siteId: number) {
  const [row] = await data.app.services.db.query<{ id: number; name: string }>(
    'select id, name from blasts where site_id = $1 order by id limit 1',
    [siteId],
  );
  if (!row) throw new Error(`no blast on site ${siteId}`);
  return row;
}

/** Edits a blast's description through the API, as a site's admin would. */
async function describeBlast(who: DemoAccount, orgId: number, siteId: number, text: string) {
  const blast = await blastOf(siteId);
  const url = `/orgs/${orgId}/sites/${siteId}/blasts/${blast.id}`;
  const current = (await call(who, 'GET', url)).data as { status: 'fired' | 'planned' };
  const res = await call(who, 'PUT', url, {
    name: blast.name,
    description: text,
    status: current.status,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return blast;
}

const page = async (who: DemoAccount, url: string, payload: object = {}) => {
  const res = await call(who, 'POST', `${url}/list`, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.data as { results: AuditEvent[]; totalAvailable: number };
};

/** An export's NDJSON answer (the data client reads JSON envelopes only). */
async function exportOf(who: DemoAccount, url: string, payload: object) {
  const res = await data.app.inject({
    method: 'POST',
    url: `${DATA_PREFIX}${url}/export`,
    headers: bearer(await tokenFor(data.app, who)),
    payload,
  });
  return { status: res.statusCode, frames: res.statusCode === 200 ? framesOf(res.body) : [] };
}

let northBlast = 0;
let southBlast = 0;
let acmeBlast = 0;
beforeAll(async () => {
  northBlast = (await describeBlast('siteadmin', ORGS.borealis, NORTH, 'North: first')).id;
  await describeBlast('siteadmin', ORGS.borealis, NORTH, 'North: second');
  southBlast = (await describeBlast('siteadmin', ORGS.borealis, SOUTH, 'South: changed')).id;
  acmeBlast = (await describeBlast('owner', ORGS.acme, ACME_SITE, 'Acme: changed')).id;
  // An event of the organisation that belongs to no site.
  const lib = await call('sysadmin', 'POST', `/orgs/${ORGS.borealis}/node-libraries`, {
    name: 'Trail: org-wide library',
    version: '1.0.0',
  });
  expect(lib.status, JSON.stringify(lib.body)).toBe(200);
});

describe('site Activity: the site’s events', () => {
  it('lists the site’s events newest first, with who, what and before → after', async () => {
    const { results } = await page('siteadmin', north);
    expect(results.length).toBeGreaterThanOrEqual(2);
    expect(results.every((e) => e.siteId === NORTH && e.orgId === ORGS.borealis)).toBe(true);
    const ids = results.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(results[0]).toMatchObject({
      action: 'update',
      recordType: 'blast',
      recordId: String(northBlast),
      actorName: expect.stringContaining('<siteadmin@example.com>'),
      changes: { description: { before: 'North: first', after: 'North: second' } },
    });
  });

  it('is open to the site’s admins and the organisation’s admins and owner', async () => {
    const acme = await page('owner', activity(ORGS.acme, ACME_SITE));
    expect(acme.results[0]).toMatchObject({ recordId: String(acmeBlast), siteId: ACME_SITE });
    expect((await page('sysadmin', north)).totalAvailable).toBeGreaterThan(0);
  });

  it('never answers another site’s or organisation’s events, whatever is sent', async () => {
    const foreign = await data.app.services.db.query<{ id: number }>(
      `select id::int as id from audit_events
        where site_id is distinct from $1 and org_id in ($2, $3) order by id desc limit 20`,
      [NORTH, ORGS.borealis, ORGS.acme],
    );
    expect(foreign.length).toBeGreaterThan(2);
    const history = await page('siteadmin', north, {
      record: { type: 'blast', id: String(southBlast) },
    });
    expect(history.totalAvailable).toBe(0);
    const libraries = await page('siteadmin', north, { filters: { recordType: 'node library' } });
    expect(libraries.results).toEqual([]);
    const exported = await exportOf('siteadmin', north, { ids: foreign.map((e) => e.id) });
    expect(exported).toEqual({
      status: 200,
      frames: [
        { kind: 'start', total: 0 },
        { kind: 'end', count: 0 },
      ],
    });
    const everything = (await exportOf('siteadmin', north, { all: true })).frames;
    const rows = everything.flatMap((f) => (f.kind === 'rows' ? (f.rows as AuditEvent[]) : []));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => e.siteId === NORTH && e.orgId === ORGS.borealis)).toBe(true);
  });

  it('answers one record’s History with the record extra, newest first', async () => {
    const { results } = await page('siteadmin', north, {
      record: { type: 'blast', id: String(northBlast) },
    });
    expect(results.map((e) => e.changes.description)).toEqual([
      { before: 'North: first', after: 'North: second' },
      { before: expect.anything(), after: 'North: first' },
    ]);
    const bad = await call('siteadmin', 'POST', `${north}/list`, {
      record: { type: 'x', id: '1' },
    });
    expect(bad.status).toBe(400);
  });

  it('is refused to those without the right (403) and for sites they cannot see (404)', async () => {
    const status = async (who: DemoAccount, url: string) =>
      (await call(who, 'POST', `${url}/list`, {})).status;
    // A site user, a sub manager, and the owner of Acme (only a sub manager of Borealis).
    expect(await status('siteuser', north)).toBe(403);
    expect(await status('submanager', north)).toBe(403);
    expect(await status('owner', north)).toBe(403);
    expect((await exportOf('siteuser', north, { all: true })).status).toBe(403);
    // A site the caller cannot see, a site of another organisation under this one's id, and an
    // organisation the caller is no member of: the same 404 as an unknown site.
    expect(await status('siteadmin', activity(ORGS.borealis, 3))).toBe(404);
    expect(await status('owner', activity(ORGS.acme, NORTH))).toBe(404);
    expect(await status('siteadmin', activity(ORGS.acme, ACME_SITE))).toBe(404);
  });
});
