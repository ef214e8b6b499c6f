import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite';
import { PLANNED_PER_CALL, type Db } from './types';

// The prepared-statement path of db.query (docs/performance.md, local stack) must answer exactly
// what PGlite's own query() answers, keep its locking, and survive errors and schema changes.
let db: Db & { pglite: PGlite };
beforeAll(async () => {
  db = await openPglite();
  await db.exec(`create table items (id serial primary key, name text not null unique, tags text[],
    born date, at timestamptz, doc jsonb, ok boolean, n bigint)`);
  await db.query(
    'insert into items (name, tags, born, at, doc, ok, n) values ($1, $2, $3, $4, $5, $6, $7), ($8, null, null, null, null, null, null)',
    ['a', ['x', 'y'], '2026-01-02', new Date('2026-03-04T05:06:07Z'), { k: [1] }, true, 7, 'b'],
  );
});
afterAll(async () => {
  await db.close();
});

describe('db.query on PGlite (named prepared statements)', () => {
  it('answers the same rows and types as PGlite.query, run after run', async () => {
    const sql = 'select * from items where name = any($1) order by id';
    const expected = (await db.pglite.query(sql, [['a', 'b']])).rows;
    expect(expected).toHaveLength(2);
    for (let i = 0; i < 7; i++) expect(await db.query(sql, [['a', 'b']])).toEqual(expected);
    expect((await db.query<{ at: Date }>(sql, [['a']]))[0]?.at).toBeInstanceOf(Date);
    expect(await db.query('select $1::int as n, $2::text as t', [null, undefined])).toEqual([
      { n: null, t: null },
    ]);
  });

  it('plans a search and a planned-per-call statement for their own values every time', async () => {
    // PostgreSQL may keep a named statement's generic plan from its sixth execution, which
    // prices every pattern alike (All Users' search: 70 → 285 ms on the embedded database). These
    // run unnamed, as on PostgreSQL (server/db/pg.ts); any other statement stays prepared.
    const kept = (sql: string) =>
      db.query('select statement from pg_prepared_statements where statement = $1', [sql]);
    const search = 'select name from items where name ilike $1 order by id';
    const keyed = `select name from items where name = any($1::text[]) ${PLANNED_PER_CALL}`;
    const plain = 'select name from items where name = any($1::text[]) order by id';
    for (let i = 0; i < 7; i++) {
      expect(await db.query(search, ['%a%'])).toEqual([{ name: 'a' }]);
      expect(await db.query(keyed, [['b']])).toEqual([{ name: 'b' }]);
      expect(await db.query(plain, [['a', 'b']])).toEqual([{ name: 'a' }, { name: 'b' }]);
    }
    expect(await kept(search)).toEqual([]);
    expect(await kept(keyed)).toEqual([]);
    expect(await kept(plain)).toEqual([{ statement: plain }]);
    await expect(
      db.query('select name from itemz where name ilike $1', ['%']),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(await db.query(search, ['%b%'])).toEqual([{ name: 'b' }]);
  });

  it('binds new values to a statement it has prepared before', async () => {
    const sql = 'select name from items where id = $1';
    expect(await db.query(sql, [1])).toEqual([{ name: 'a' }]);
    expect(await db.query(sql, [2])).toEqual([{ name: 'b' }]);
    expect(await db.query(sql, [3])).toEqual([]);
  });

  it('reports errors with their SQLSTATE and keeps working', async () => {
    await expect(db.query('select * from nowhere')).rejects.toMatchObject({ code: '42P01' });
    const insert = 'insert into items (name) values ($1) returning id';
    await expect(db.query(insert, ['a'])).rejects.toMatchObject({ code: '23505' });
    expect(await db.query(insert, ['c'])).toEqual([{ id: expect.any(Number) }]);
    expect(await db.query('select count(*)::int as n from items')).toEqual([{ n: 3 }]);
  });

  it('re-prepares a statement whose table changed shape', async () => {
    await db.exec('create table shape (a int)');
    await db.query('insert into shape values (1)');
    expect(await db.query('select * from shape')).toEqual([{ a: 1 }]);
    await db.exec('alter table shape add column b int default 2');
    expect(await db.query('select * from shape')).toEqual([{ a: 1, b: 2 }]);
  });

  it('keeps working past the statement cache size (older statements are closed)', async () => {
    for (let i = 0; i < 260; i++) {
      expect(await db.query(`select ${i}::int as n, $1::text as t`, ['x'])).toEqual([
        { n: i, t: 'x' },
      ]);
    }
    expect(await db.query('select 0::int as n, $1::text as t', ['y'])).toEqual([{ n: 0, t: 'y' }]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const count = 'select count(*)::int as n from items';
    const [before] = await db.query<{ n: number }>(count);
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.query("insert into items (name) values ('in-tx')");
      inside();
      await held;
      throw new Error('roll back');
    });
    await entered;
    const outside = db.query<{ n: number }>(count);
    release();
    await expect(tx).rejects.toThrow('roll back');
    // Had the query run inside the transaction, it would have seen the uncommitted row.
    expect(await outside).toEqual([{ n: before?.n }]);
  });
});
