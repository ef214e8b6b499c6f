import { afterAll, describe, expect, it } from 'vitest';
import { asRequest, recordDownload as download } from '../test/audit';
import { emptyTestDb } from '../test/harness';
import { migrate } from './migrate';
import type { Db } from './types';

/**
 * The actors' names with the chains they acted in (migrations 093 and 094), which the audit
 * lists' actor filter reads first (server/audit/routes.ts): a trail written before 094 keeps its
 * names, and both ways of recording an event (a row written, an event of its own) add theirs.
 * Runs on PGlite and on PostgreSQL (server-pg).
 */
const dbs: Db[] = [];
afterAll(async () => {
  await Promise.all(dbs.map((db) => db.close()));
});

const names = (db: Db) =>
  db.query<{ name: string; chain: number }>(
    'select name, chain from audit_actor_names order by name, chain',
  );

describe("the actors' names with their chains", () => {
  it('keeps the names of a trail written before 094, and adds those recorded after', async () => {
    const db = await emptyTestDb();
    dbs.push(db);
    await migrate(db, { until: '093_audit_actor_names.sql' });
    await asRequest(db, null, `insert into orgs (name) values ('Acme'), ('Borealis')`, [], 'Ada');
    await download(db, 2, 'Ada');
    await download(db, null, 'Bob');
    await migrate(db);
    // An organisation's creation is of its own chain; an event of no organisation of chain 0.
    expect(await names(db)).toEqual([
      { name: 'Ada', chain: 1 },
      { name: 'Ada', chain: 2 },
      { name: 'Bob', chain: 0 },
    ]);

    // After: a row written (the rows' trigger) and an event of its own (audit_record), in a
    // chain new to the name, and again where it is known (no second row).
    await asRequest(db, 1, `update orgs set description = 'x' where id = 1`, [], 'Bob');
    await download(db, 2, 'Bob');
    await download(db, 2, 'Ada');
    await asRequest(db, 2, `update orgs set description = 'y' where id in (1, 2)`, [], 'Cy');
    expect(await names(db)).toEqual([
      { name: 'Ada', chain: 1 },
      { name: 'Ada', chain: 2 },
      { name: 'Bob', chain: 0 },
      { name: 'Bob', chain: 1 },
      { name: 'Bob', chain: 2 },
      { name: 'Cy', chain: 1 },
      { name: 'Cy', chain: 2 },
    ]);
  });
});
