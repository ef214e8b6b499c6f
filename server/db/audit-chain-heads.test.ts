import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { afterEveryEvent, asRequest, recordDownload as download } from '../test/audit';
import { emptyTestDb } from '../test/harness';
import { purgeTrail, verifyTrail } from './audit';
import { migrate } from './migrate';
import type { Db } from './types';

/**
 * Migration 082 (issue 18, "Cost"): each chain's head in a row of its own instead of the newest
 * event found under an advisory lock. A trail written before it goes on after it with the same
 * hashes: its heads are backfilled from the events (or, for a chain the purge emptied, from its
 * anchor), and every chain still verifies. Runs on PGlite and on PostgreSQL (server-pg).
 */
const dirs: string[] = [];
const dbs: Db[] = [];
afterAll(async () => {
  await Promise.all(dbs.map((db) => db.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const newOrg = (db: Db, name: string) =>
  asRequest(db, null, 'insert into orgs (name) values ($1)', [name]);

const heads = (db: Db) =>
  db.query<{ chain: number; event_id: number; hash: string }>(
    'select chain, event_id::int as event_id, hash from audit_chain_heads order by chain',
  );
const lastEvents = (db: Db) =>
  db.query<{ chain: number; event_id: number; hash: string }>(
    `select distinct on (coalesce(org_id, 0)) coalesce(org_id, 0) as chain, id::int as event_id,
            hash
       from audit_events order by coalesce(org_id, 0), id desc`,
  );

describe('audit chain heads (migration 082)', () => {
  it('backfills each chain’s head, and the chains go on with the same hashes', async () => {
    const db = await emptyTestDb();
    dbs.push(db);
    await migrate(db, { until: '081_audit_cost.sql' });
    // Before 082: two organisations (their events are their own chains), one chain then
    // emptied by the purge (only its anchor is left), and events of no organisation.
    await newOrg(db, 'Acme');
    await newOrg(db, 'Borealis');
    await download(db, 2);
    const dir = await mkdtemp(path.join(tmpdir(), 'audit-heads-'));
    dirs.push(dir);
    await purgeTrail(db, { before: afterEveryEvent(), archiveDir: dir });
    await download(db, 1);
    await download(db, null);
    const anchors = await db.query<{ chain: number; hash: string }>(
      'select chain, hash from audit_anchors order by chain',
    );
    expect(anchors.map((a) => a.chain)).toEqual([1, 2]);
    const before = await lastEvents(db);
    expect(before.map((e) => e.chain)).toEqual([0, 1]);

    expect((await migrate(db)).slice(0, 1)).toEqual(['082_audit_chain_heads.sql']);
    const anchorOf2 = anchors.find((a) => a.chain === 2);
    expect(await heads(db)).toEqual([
      ...before,
      { chain: 2, event_id: expect.any(Number), hash: anchorOf2?.hash },
    ]);

    // After: every chain goes on (one purged to its anchor, one new), a trigger's event and an
    // explicit one, and the head follows each chain's last event.
    await newOrg(db, 'Cobalt');
    await download(db, 1);
    await download(db, 2);
    await download(db, 3);
    await download(db, null);
    await asRequest(db, 1, `update orgs set description = 'Both' where id in (1, 2)`);
    expect(await heads(db)).toEqual(await lastEvents(db));
    const report = await verifyTrail(db);
    expect(report.broken).toEqual([]);
    expect(report.chains).toBe(4);
  });

  it('keeps one writer per chain: concurrent writes chain in order', async () => {
    const db = await emptyTestDb();
    dbs.push(db);
    await migrate(db);
    // A chain's first events, written at once: its head is made once.
    await Promise.all(Array.from({ length: 8 }, () => download(db, 7)));
    await Promise.all(Array.from({ length: 8 }, (_, i) => download(db, i % 2 ? 7 : 8)));
    expect((await verifyTrail(db)).broken).toEqual([]);
    expect(await heads(db)).toEqual(await lastEvents(db));
  });
});
