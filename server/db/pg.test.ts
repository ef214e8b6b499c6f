import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDb } from '../test/harness';
import { PLANNED_PER_CALL, type Db } from './types';

/**
 * PostgreSQL keeps a named statement's generic plan after five executions when it looks no
 * dearer than the custom ones; a generic plan prices every search pattern alike (a rare word
 * and a common one), which made an Activity search 300 times slower at a million events
 * (docs/performance.md). So searches run unnamed, planned for their own pattern each time, and
 * every other statement stays prepared once per connection. The server-pg project runs this
 * file; pglite.test.ts holds the same of the embedded database's statements.
 */
let db: Db;
beforeAll(async () => {
  db = await emptyTestDb();
  await db.exec(
    "create table words (id int primary key, name text); insert into words select g, 'word ' || g from generate_series(1, 100) g",
  );
});
afterAll(() => db.close());

/** Runs `sql` seven times on one connection, then answers what that connection keeps prepared. */
async function preparedAfterRuns(sql: string, values: (value: number) => unknown[]) {
  return db.transaction(async (tx) => {
    for (let i = 1; i <= 7; i++) await tx.query(sql, values(i));
    const kept = await tx.query<{ statement: string; generic_plans: number }>(
      'select statement, generic_plans from pg_prepared_statements where statement = $1',
      [sql],
    );
    return kept;
  });
}

describe('statements on PostgreSQL', () => {
  it('runs on PostgreSQL', () => {
    expect(db.kind).toBe('pg');
  });

  it('prepares a statement once per connection and reuses it', async () => {
    const kept = await preparedAfterRuns('select name from words where id = $1', (i) => [i]);
    expect(kept).toHaveLength(1);
  });

  it('plans a search for its own pattern every time: it is never kept prepared', async () => {
    const sql = 'select count(*)::int as n from words where name ilike $1';
    expect(await preparedAfterRuns(sql, (i) => [`%${i}%`])).toEqual([]);
    const [row] = await db.query<{ n: number }>(sql, ['%10%']);
    expect(row?.n).toBe(2); // word 10, word 100
  });

  it('plans a statement marked planned-per-call for its own values every time', async () => {
    const sql = `select count(*)::int as n from words where name = any($1::text[]) ${PLANNED_PER_CALL}`;
    expect(await preparedAfterRuns(sql, (i) => [[`word ${i}`]])).toEqual([]);
  });
});
