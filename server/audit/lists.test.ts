import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@/contract/crm/audit';
import { bearer, ORGS, tokenFor, type DemoAccount } from '../test/harness';
import { useTestApp } from '../test/use-app';
import { framesOf, recordSomeActivity } from '../http/list-support';

/**
 * The audit trail's lists (docs/audit.md): an organisation's Activity (org owner and admins:
 * only their organisation's events, whatever is sent), a record's History (the `record` extra)
 * and the sysadmins' Audit log across organisations.
 */
const app = useTestApp();
let licenceId = 0;

beforeAll(async () => {
  await recordSomeActivity(app());
  const [row] = await app().services.db.query<{ record_id: string }>(
    `select record_id from audit_events where action = 'suspend' order by id desc limit 1`,
  );
  licenceId = Number(row?.record_id);
});

async function post(who: DemoAccount, url: string, payload: object) {
  const res = await app().inject({
    method: 'POST',
    url,
    headers: bearer(await tokenFor(app(), who)),
    payload,
  });
  return res;
}
const page = async (who: DemoAccount, url: string, payload: object = {}) => {
  const res = await post(who, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { results: AuditEvent[]; totalAvailable: number };
};
const activity = `/crm/v1/orgs/${ORGS.acme}/activity`;

describe('Activity: the organisation’s events', () => {
  it('lists the organisation’s events newest first, with who, what and before → after', async () => {
    const { results } = await page('owner', `${activity}/list`);
    expect(results.length).toBeGreaterThanOrEqual(4);
    expect(results.every((e) => e.orgId === ORGS.acme)).toBe(true);
    const ids = results.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(results.slice(0, 4).map((e) => [e.action, e.recordType])).toEqual([
      ['reinstate', 'licence'],
      ['suspend', 'licence'],
      ['update', 'organization'],
      ['update', 'organization'],
    ]);
    expect(results[2]).toMatchObject({
      actorName: expect.stringContaining('<owner@example.com>'),
      recordName: 'Acme Mining',
      changes: { description: { before: 'Trail: first', after: 'Trail: second' } },
    });
  });

  it('filters by who: part of the actor’s name, in any case, and nothing for a name no one has', async () => {
    const all = await page('owner', `${activity}/list`);
    const owners = all.results.filter((e) => e.actorName.includes('<owner@example.com>'));
    expect(owners.length).toBeGreaterThan(0);
    // The names recorded with the events are found first (audit_actor_names), then the events.
    const byName = await page('owner', `${activity}/list`, {
      filters: { actorName: 'OWNER@EXAMPLE' },
    });
    expect(byName.results.map((e) => e.id)).toEqual(owners.map((e) => e.id));
    expect(byName.totalAvailable).toBe(owners.length);
    const searched = await page('owner', `${activity}/list`, { search: 'owner@example' });
    expect(searched.results.map((e) => e.id)).toEqual(
      expect.arrayContaining(owners.map((e) => e.id)),
    );
    const nobody = await page('owner', `${activity}/list`, {
      filters: { actorName: 'no such actor' },
    });
    expect(nobody).toMatchObject({ results: [], totalAvailable: 0 });
  });

  it('never answers another organisation’s events, whatever filters, record or ids are sent', async () => {
    const [foreign] = await app().services.db.query<{ id: number }>(
      'select id::int as id from audit_events where org_id = $1 order by id desc limit 1',
      [ORGS.borealis],
    );
    expect(foreign).toBeDefined();
    const filtered = await page('owner', `${activity}/list`, {
      filters: { recordType: 'blast', action: 'share' },
    });
    expect(filtered.results).toEqual([]);
    const history = await page('owner', `${activity}/list`, { record: { type: 'blast', id: '4' } });
    expect(history.totalAvailable).toBe(0);
    const exported = await post('owner', `${activity}/export`, { ids: [foreign?.id] });
    expect(exported.statusCode).toBe(200);
    expect(framesOf(exported.body)).toEqual([
      { kind: 'start', total: 0 },
      { kind: 'end', count: 0 },
    ]);
  });

  it('is refused to members without the activity flag (403) and to strangers (404)', async () => {
    expect((await post('manager', `${activity}/list`, {})).statusCode).toBe(403);
    expect((await post('developer', `${activity}/export`, { all: true })).statusCode).toBe(403);
    // The owner of Acme is only a sub manager of Borealis.
    expect(
      (await post('owner', `/crm/v1/orgs/${ORGS.borealis}/activity/list`, {})).statusCode,
    ).toBe(403);
    expect((await post('owner', `/crm/v1/orgs/${ORGS.delta}/activity/list`, {})).statusCode).toBe(
      404,
    );
  });

  it('answers one record’s History with the record extra', async () => {
    const { results } = await page('owner', `${activity}/list`, {
      record: { type: 'licence', id: String(licenceId) },
    });
    expect(results.map((e) => [e.action, e.recordId])).toEqual([
      ['reinstate', String(licenceId)],
      ['suspend', String(licenceId)],
    ]);
    expect(results[1]?.changes.state).toEqual({ before: 'Active', after: 'Suspended' });
    const bad = await post('owner', `${activity}/list`, { record: { type: 'nope', id: '1' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Audit log: every organisation’s events (sysadmin)', () => {
  it('lists the events of all organisations with the organisation, filterable by it', async () => {
    const all = await page('sysadmin', '/crm/v1/audit/list');
    const orgs = new Set(all.results.map((e) => e.orgName));
    expect(orgs).toEqual(new Set(['Acme Mining', 'Borealis Quarries']));
    const borealis = await page('sysadmin', '/crm/v1/audit/list', {
      filters: { orgName: 'boreal' },
    });
    expect(borealis.results.map((e) => [e.orgName, e.action, e.recordType])).toEqual([
      ['Borealis Quarries', 'share', 'blast'],
    ]);
  });

  it('filters by who across organisations: every chain the names acted in', async () => {
    const all = await page('sysadmin', '/crm/v1/audit/list');
    const byStaff = all.results.filter((e) => e.actorName.includes('@example.com>'));
    expect(new Set(byStaff.map((e) => e.orgName))).toEqual(
      new Set(['Acme Mining', 'Borealis Quarries']),
    );
    // The names found first with the chains they acted in (audit_actor_names), then the events.
    const staff = await page('sysadmin', '/crm/v1/audit/list', {
      filters: { actorName: '@EXAMPLE.COM>' },
    });
    expect(staff.results.map((e) => e.id)).toEqual(byStaff.map((e) => e.id));
    expect(staff.totalAvailable).toBe(byStaff.length);
    const siteadmin = await page('sysadmin', '/crm/v1/audit/list', {
      filters: { actorName: 'siteadmin' },
    });
    expect(siteadmin.results.map((e) => [e.orgName, e.action])).toEqual([
      ['Borealis Quarries', 'share'],
    ]);
  });

  it('is refused to everyone else, org owners included', async () => {
    for (const who of ['owner', 'manager'] as const) {
      expect((await post(who, '/crm/v1/audit/list', {})).statusCode, who).toBe(403);
      expect((await post(who, '/crm/v1/audit/export', { all: true })).statusCode, who).toBe(403);
    }
  });
});
