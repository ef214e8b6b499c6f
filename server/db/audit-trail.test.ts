import { describe, expect, it } from 'vitest';
import { afterEveryEvent, auditProbe, expectListedNames } from '../test/audit';
import { crmTestApp } from '../crm/test-support';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { purgeTrail, verifyTrail } from './audit';

/**
 * The audit trail (issue 18, docs/audit.md): every write of a request recorded in its
 * transaction with who, what, before → after and from where; nothing for a refused write;
 * append-only; each organisation's chain verifiable.
 */
const crm = crmTestApp();
const { send } = crm;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  crm.app.services.db.query<T>(sql, params);
const { lastId, eventsAfter } = auditProbe(() => crm.app.services.db);
const lastIdIn = async (table: string) =>
  (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0;

const product = (name: string) => ({
  type: 'product',
  name,
  description: 'Trail test.',
  tags: [],
  features: [{ name: 'Reports', defaultValue: true }],
});

describe('audit trail', () => {
  it('records nothing the seed wrote', async () => {
    expect(await lastId()).toBe(0);
  });

  it('records a create and an update with the actor, the organisation, before → after and the request', async () => {
    const start = await lastId();
    const created = await crm.app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/offerings',
      headers: { ...crm.as('manager'), 'user-agent': 'TrailTest/1.0' },
      payload: product('Trail Product'),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    await send('manager', 'PUT', `/orgs/1/offerings/${id}`, {
      ...product('Trail Product Pro'),
      features: [],
    });
    const events = await eventsAfter(start);
    const offering = events.filter((e) => e.record_type === 'offering');
    expect(offering.map((e) => e.action)).toEqual(['create', 'update', 'update', 'update']);
    const [create, feature] = offering;
    const rename = offering.find((e) => e.action === 'update' && e.changes.name);
    expect(create).toMatchObject({
      org_id: 1,
      actor_user_id: 3,
      actor_name: expect.stringMatching(/<.+@.+>$/),
      record_id: String(id),
      record_name: 'Trail Product',
      user_agent: 'TrailTest/1.0',
      ip: expect.any(String),
      request_id: expect.any(String),
    });
    expect(create?.changes.name).toEqual({ before: null, after: 'Trail Product' });
    expect(feature?.changes).toMatchObject({
      'feature Reports: default_value': { before: null, after: true },
    });
    // The features' removal, then the rename: the record's name at the time of each event.
    expect(rename).toMatchObject({ record_name: 'Trail Product Pro' });
    expect(rename?.changes).toEqual({
      name: { before: 'Trail Product', after: 'Trail Product Pro' },
    });
  });

  it('records the request as sent, quotes and backslashes included', async () => {
    // The context reaches the database as a literal with the transaction's BEGIN.
    const userAgent = `O'Brien\\'); select set_config('audit.context', '', true); -- \\x27 "q"`;
    const start = await lastId();
    const created = await crm.app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/offerings',
      headers: { ...crm.as('manager'), 'user-agent': userAgent },
      payload: product(`Quoted ' \\ Product`),
    });
    expect(created.statusCode).toBe(200);
    const [create] = (await eventsAfter(start)).filter((e) => e.record_type === 'offering');
    expect(create).toMatchObject({
      actor_user_id: 3,
      user_agent: userAgent,
      record_name: `Quoted ' \\ Product`,
    });
  });

  it('records nothing of a refused or failed write', async () => {
    const start = await lastId();
    // Developers may not write offerings (403); a duplicate name is a 409; a bad body a 400.
    expect((await send('developer', 'POST', '/orgs/1/offerings', product('X'))).statusCode).toBe(
      403,
    );
    expect(
      (await send('manager', 'POST', '/orgs/1/offerings', product('Blast Designer'))).statusCode,
    ).toBe(409);
    expect((await send('manager', 'POST', '/orgs/1/offerings', { name: '' })).statusCode).toBe(400);
    // Offering 1 is in use: refused with a 409 after the transaction began.
    expect((await send('owner', 'DELETE', '/orgs/1/offerings/1')).statusCode).toBe(409);
    expect(await eventsAfter(start)).toEqual([]);
  });

  it('records each row of a bulk action under its verb', async () => {
    const rows = await q<{ id: number }>(
      `select id from licences where vendor_org_id = 1 and state = 'Active' order by id limit 3`,
    );
    const ids = rows.map((r) => r.id);
    const start = await lastId();
    const res = await crm.app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/issued-licences/bulk/suspend',
      headers: crm.as('manager'),
      payload: { ids },
    });
    expect(res.statusCode).toBe(200);
    const events = await eventsAfter(start);
    expect(events.map((e) => [e.action, e.record_type, Number(e.record_id), e.org_id])).toEqual(
      ids.map((id) => ['suspend', 'licence', id, 1]),
    );
    expect(events[0]?.changes).toEqual({ state: { before: 'Active', after: 'Suspended' } });
    expect(events[0]?.record_name).toMatch(/ for /);
    expect(events[0]?.actor_user_id).toBe(3);
  });

  it('keeps no secret and shows files and images by their size', async () => {
    const start = await lastId();
    const avatar = `data:image/png;base64,${'A'.repeat(4000)}`;
    await crm.app.services.db.transaction(async (tx) => {
      await tx.query(`select set_config('audit.context', $1, true)`, [
        JSON.stringify({ actorId: null, actorName: 'test' }),
      ]);
      await tx.query(`update users set password_hash = 'new-hash', avatar = $1 where id = 3`, [
        avatar,
      ]);
    });
    const [event] = await eventsAfter(start);
    expect(event?.changes.password_hash).toEqual({ before: '(hidden)', after: '(hidden)' });
    expect(event?.changes.avatar?.after).toBe('(3.9 KB)');
    expect(JSON.stringify(event)).not.toContain('new-hash');
  });

  it('shows custom data (a JSON object in text) by key, and a long text by its size', async () => {
    const start = await lastId();
    await crm.app.services.db.transaction(async (tx) => {
      await tx.query(`select set_config('audit.context', $1, true)`, [
        JSON.stringify({ actorId: null, actorName: 'test' }),
      ]);
      // Spaces before the object, as a hand-written value may have them.
      const [row] = await tx.query<{ id: number }>(
        `insert into org_custom_data (org_id, name, data) values (1, 'Trail data', $1)
         returning id`,
        ['  {"version": "1.0", "mode": "fast"}'],
      );
      // A long text that starts like an object and is not one: its size, not its keys.
      await tx.query(`update org_custom_data set data = $1, description = $2 where id = $3`, [
        '{"version": "1.1", "mode": "fast"}',
        `{${'x'.repeat(3000)}`,
        row?.id,
      ]);
    });
    // A change of the organisation, its custom data's columns prefixed.
    const [created, updated] = await eventsAfter(start);
    const of = 'customData Trail data: ';
    expect(created?.changes).toMatchObject({
      [`${of}data.version`]: { before: null, after: '1.0' },
      [`${of}data.mode`]: { before: null, after: 'fast' },
    });
    expect(updated?.changes).toEqual({
      [`${of}data.version`]: { before: '1.0', after: '1.1' },
      [`${of}description`]: { before: null, after: '(2.9 KB)' },
    });
  });

  it('watches every table the services write (a new table without its trigger fails here)', async () => {
    // Not records of anyone's work: the stack's own bookkeeping, the identity provider's
    // storage and secrets (its events are recorded explicitly), the limits' counters (issue 19),
    // and the trails themselves (with the index of their actors' names).
    const unaudited = [
      'audit_actor_names',
      'audit_anchors',
      'audit_chain_heads',
      'audit_events',
      'audit_log',
      'error_events',
      'oidc_payloads',
      'outbox_messages',
      'pending_registrations',
      'rate_limit_hits',
      'schema_migrations',
      'settings',
      'signin_failures',
    ];
    const tables = await q<{ table_name: string; audited: boolean }>(
      `select t.table_name,
              (select count(*) from pg_trigger g join pg_class c on c.oid = g.tgrelid
                where c.relname = t.table_name
                  and g.tgname in (t.table_name || '_audit', t.table_name || '_audit_update',
                                   t.table_name || '_audit_delete')) = 3 as audited
         from information_schema.tables t
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by 1`,
    );
    expect(tables.filter((t) => !t.audited).map((t) => t.table_name)).toEqual(unaudited);
  });

  it('is append-only', async () => {
    await expect(q(`update audit_events set action = 'forged'`)).rejects.toThrow(/append-only/);
    await expect(q('delete from audit_events')).rejects.toThrow(/append-only/);
    await expect(q('truncate audit_events')).rejects.toThrow(/append-only/);
  });

  it('keeps one chain per organisation in order under concurrent writes', async () => {
    const writes = Array.from({ length: 12 }, (_, i) =>
      send('manager', 'POST', '/orgs/1/offerings', product(`Concurrent ${i}`)),
    );
    expect((await Promise.all(writes)).map((r) => r.statusCode)).toEqual(writes.map(() => 200));
    expect((await verifyTrail(crm.app.services.db)).broken).toEqual([]);
  });

  it("names the events removed at a chain's end, by the chain's head", async () => {
    await send('manager', 'POST', '/orgs/1/offerings', product('Last words'));
    await send('manager', 'POST', '/orgs/1/offerings', product('Very last words'));
    const [kept, ...removed] = await q<{ id: number }>(
      'select id from audit_events where org_id = 1 order by id desc limit 3',
    ).then((rows) => rows.reverse());
    // Removed from outside the product (the append-only trigger switched off by an owner of the
    // database): every link left is intact, but the chain no longer ends where its head says.
    await q(
      'create temporary table removed_events as select * from audit_events where id > $1 and org_id = 1',
      [kept?.id],
    );
    await q('alter table audit_events disable trigger audit_events_no_update');
    try {
      await q('delete from audit_events where id > $1 and org_id = 1', [kept?.id]);
    } finally {
      await q('alter table audit_events enable trigger audit_events_no_update');
    }
    const report = await verifyTrail(crm.app.services.db);
    expect(report.broken).toEqual([
      { chain: 1, eventId: removed.at(-1)?.id, reason: 'head', lastEventId: kept?.id },
    ]);
    // The sysadmins' check answers the same.
    expect((await crm.get('sysadmin', '/audit/verify')).json().data).toEqual(report);
    // Put back, the chain is whole again.
    await q('insert into audit_events select * from removed_events');
    await q('drop table removed_events');
    expect((await verifyTrail(crm.app.services.db)).broken).toEqual([]);
  });

  it('chains each organisation, and names the first broken link', async () => {
    const intact = await verifyTrail(crm.app.services.db);
    expect(intact.broken).toEqual([]);
    expect(intact.chains).toBeGreaterThanOrEqual(1);
    // Tampering from outside the product (the append-only trigger switched off by an owner of
    // the database): the chain shows it.
    const [victim] = await q<{ id: number; org_id: number }>(
      `select id, org_id from audit_events where org_id = 1 order by id limit 1 offset 1`,
    );
    await q('alter table audit_events disable trigger audit_events_no_update');
    try {
      await q(`update audit_events set actor_name = 'someone else' where id = $1`, [victim?.id]);
    } finally {
      await q('alter table audit_events enable trigger audit_events_no_update');
    }
    const report = await verifyTrail(crm.app.services.db);
    expect(report.broken).toEqual([{ chain: 1, eventId: victim?.id, reason: 'hash' }]);
    // Sysadmins ask the running stack; nobody else may.
    const answer = await crm.get('sysadmin', '/audit/verify');
    expect(answer.json().data).toEqual(report);
    expect((await crm.get('owner', '/audit/verify')).statusCode).toBe(403);
  });

  it('records only actions and record types the audit lists offer', async () => {
    await expectListedNames(crm.app.services.db);
  });

  it('keeps everything unless AUDIT_RETENTION_DAYS says otherwise, in whole days', () => {
    expect(loadConfig({}).auditRetentionDays).toBeNull();
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
    for (const bad of ['0', '-3', '1.5', 'a year']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(
        /AUDIT_RETENTION_DAYS must be a whole number of days, 1 or more/,
      );
    }
  });

  it('purges what retention allows, archived first, and the kept part still verifies', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'audit-archive-'));
    try {
      // Everything before now: every chain purged to its anchor.
      const [{ count } = { count: 0 }] = await q<{ count: number }>(
        'select count(*)::int as count from audit_events',
      );
      const report = await purgeTrail(crm.app.services.db, {
        before: afterEveryEvent(),
        archiveDir: dir,
      });
      expect(report.purged).toBe(count);
      const lines = (await readFile(report.archive ?? '', 'utf8')).trim().split('\n');
      expect(lines).toHaveLength(count);
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ hash: expect.any(String) });
      expect(await lastIdIn('audit_events')).toBe(0);
      // The chains go on from their anchors, and verify.
      await send('manager', 'POST', '/orgs/1/offerings', product('After the purge'));
      expect((await verifyTrail(crm.app.services.db)).broken).toEqual([]);
      // Deleting without the purge's say-so is still refused.
      await expect(q('delete from audit_events')).rejects.toThrow(/append-only/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
