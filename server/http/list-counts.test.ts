import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXACT_COUNT_LIMIT } from '@/contract/lists';
import { openPglite } from '../db/pglite';
import type { Db, Queryable } from '../db/types';
import { isUnpriced, listPage, listReading, SAMPLE_ROWS, type ListDef, type Scope } from './list';

/**
 * The true total of a list of any size (issue 16, docs/lists.md "counting"): exact up to
 * EXACT_COUNT_LIMIT matching rows, beyond it the planner's estimate, never below the rows the
 * answer proves exist, remembered for 30 s by the query it counts. On a table of its own in an
 * in-memory PGlite: `items` holds EXACT_COUNT_LIMIT rows of group 'a' and 2,000 of group 'b'.
 */
let db: Db;
const A = EXACT_COUNT_LIMIT;
const B = 2_000;
beforeAll(async () => {
  db = await openPglite();
  await db.exec(`
    create table items (id int primary key, grp text not null, note text);
    insert into items select n, 'a', 'n' || n from generate_series(1, ${A}) n;
    insert into items select ${A} + n, 'b', 'n' || n from generate_series(1, ${B}) n;
  `);
});
afterAll(async () => {
  await db.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const columns = { id: { kind: 'number' }, note: { kind: 'text' } } as const;
const def: ListDef<typeof columns, { id: number }, number> = {
  columns,
  sql: { id: { sql: 'i.id' }, note: { sql: 'i.note' } },
  from: 'items i',
  key: 'i.id',
  select: 'i.id',
  map: (row) => row.id,
  defaultSort: { by: 'id' },
};
/** A scope the planner cannot estimate well (an expression it prices at a fixed share). */
const scope = (where: string): Scope => ({ where: [where], params: [] });

/** A Queryable that counts the statements run through it (a count is one, EXPLAIN another). */
function counting() {
  const statements: string[] = [];
  const counted: Queryable = {
    query: (sql, params) => {
      statements.push(sql);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  return { counted, statements, counts: () => statements.filter((s) => /count\(|explain/.test(s)) };
}

describe('the total of a list page', () => {
  it('counts exactly up to EXACT_COUNT_LIMIT matching rows', async () => {
    const page = await listPage(db, def, scope(`i.grp = 'a'`), { take: 50 });
    expect(page).toMatchObject({ totalAvailable: A, totalIsEstimate: false, hasMore: true });
  });

  it('estimates beyond it, with the planner, saying so; never fewer than it counted', async () => {
    await db.exec('analyze items');
    const page = await listPage(db, def, scope(`i.grp in ('a', 'b')`), { take: 50 });
    expect(page.totalIsEstimate).toBe(true);
    // The planner's figure for the table after analyze: the 12,000 rows it holds.
    expect(page.totalAvailable).toBeGreaterThan(A);
    expect(Math.abs(page.totalAvailable - (A + B))).toBeLessThan(500);
  });

  it("estimates a number filter's rows from the column's statistics", async () => {
    await db.exec('analyze items');
    // Compared as numeric, the column was cast and every range priced at a fixed share: the
    // estimate was the count's floor (A + 1) for the first, a third of the table for the second.
    for (const [value, matching] of [
      [{ min: 100, max: A + 1_000 }, A + 901],
      [{ min: 100 }, A + B - 99],
    ] as const) {
      const page = await listPage(db, def, scope('true'), { take: 50, filters: { id: value } });
      expect(page.totalIsEstimate, JSON.stringify(value)).toBe(true);
      expect(Math.abs(page.totalAvailable - matching), JSON.stringify(value)).toBeLessThan(300);
    }
    // Fractional bounds are numeric: the whole numbers between them.
    const fraction = await listPage(db, def, scope('true'), {
      take: 5,
      filters: { id: { min: 99.5, max: 103.5 } },
    });
    expect(fraction.results).toEqual([100, 101, 102, 103]);
  });

  it('never says fewer rows than a deep page proves, counted afresh or remembered', async () => {
    // The planner prices `length(note) > 0` at a third of the table: far fewer than match.
    const deep = { skip: A - 10, take: 50 };
    const fresh = await listPage(db, def, scope('length(i.note) > 0'), deep);
    expect(fresh).toMatchObject({ totalIsEstimate: true, hasMore: true });
    expect(fresh.totalAvailable).toBe(deep.skip + deep.take + 1);
    // The same query again: the remembered estimate, under the same floor.
    const again = await listPage(db, def, scope('length(i.note) > 0'), deep);
    expect(again.totalAvailable).toBe(deep.skip + deep.take + 1);
    const first = await listPage(db, def, scope('length(i.note) > 0'), { take: 50 });
    expect(first.totalIsEstimate).toBe(true);
    expect(first.totalAvailable).toBeGreaterThan(A);
  });

  it('remembers an estimate for 30 s, then counts again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const where = scope(`i.id > 0`);
    const { counted, counts } = counting();
    await listPage(counted, def, where, { take: 50 });
    expect(counts()).toHaveLength(2); // the count up to the limit, the planner's estimate
    vi.setSystemTime(Date.now() + 30_000);
    await listPage(counted, def, where, { skip: 50, take: 50 });
    expect(counts()).toHaveLength(2); // remembered
    vi.setSystemTime(Date.now() + 1);
    const later = await listPage(counted, def, where, { take: 50 });
    expect(counts()).toHaveLength(4); // counted again
    expect(later.totalIsEstimate).toBe(true);
  });

  it('counts nothing for a last page: its rows are the rest', async () => {
    const { counted, counts } = counting();
    const last = await listPage(counted, def, scope(`i.grp = 'b'`), { skip: B - 10, take: 50 });
    expect(last).toMatchObject({ totalAvailable: B, totalIsEstimate: false, hasMore: false });
    expect(counts()).toEqual([]);
    // A page past the end is counted, so the portal can go to the true last page.
    const past = await listPage(counted, def, scope(`i.grp = 'b'`), { skip: B + 10, take: 50 });
    expect(past.totalAvailable).toBe(B);
    expect(counts()).toHaveLength(1);
  });
});

describe('the estimate of a filter the planner cannot price (isUnpriced): counted on a sample', () => {
  // A table four times SAMPLE_ROWS: the sample is a quarter of it. `third` is computed by a
  // subquery, which the planner prices at a fixed third of the rows whatever the bound; `parity`
  // is a select column computed from `id` (`when`), priced at half a percent, marked unpriced.
  const ROWS = 4 * SAMPLE_ROWS;
  const wideColumns = {
    id: { kind: 'number' },
    third: { kind: 'number' },
    parity: { kind: 'select', values: ['Even', 'Odd'] },
  } as const;
  const wide: ListDef<typeof wideColumns, { id: number }, number> = {
    columns: wideColumns,
    sql: {
      id: { sql: 'w.id' },
      third: { sql: '(select w.id % 3)' },
      parity: {
        sql: `case when w.id % 2 = 0 then 'Even' else 'Odd' end`,
        when: { Even: 'w.id % 2 = 0', Odd: 'w.id % 2 = 1' },
        unpriced: true,
      },
    },
    from: 'wide w',
    key: 'w.id',
    select: 'w.id',
    map: (row) => row.id,
    defaultSort: { by: 'id' },
  };
  beforeAll(async () => {
    await db.exec(`
      create table wide (id int primary key);
      insert into wide select n from generate_series(1, ${ROWS}) n;
      analyze wide;
    `);
  });

  it('tells the columns apart: computed by a subquery or marked, or priced by the planner', () => {
    expect(isUnpriced(wide.sql.third)).toBe(true);
    expect(isUnpriced(wide.sql.parity)).toBe(true);
    expect(isUnpriced(wide.sql.id)).toBe(false);
    // A `when` column of one stored column each (a link's kind) is priced well: not marked.
    expect(isUnpriced({ sql: 'l.kind', when: { A: 'l.is_a', B: 'not l.is_a' } })).toBe(false);
    expect(isUnpriced({ sql: '(select 1)', unpriced: false })).toBe(false);
  });

  it('is within 5 % of the truth where the planner was off by half or by a factor of a hundred', async () => {
    for (const [filters, matching] of [
      // The planner: a third (66,667) of 133,334.
      [{ third: { min: 1 } }, ROWS - ROWS / 3 + 1],
      // The planner: half a percent (1,000) of 100,000.
      [{ parity: ['Even'] }, ROWS / 2],
    ] as const) {
      const { counted, statements } = counting();
      const page = await listPage(counted, wide, scope('true'), { take: 50, filters });
      expect(page.totalIsEstimate, JSON.stringify(filters)).toBe(true);
      expect(Math.abs(page.totalAvailable - matching) / matching).toBeLessThan(0.05);
      // Counted on a quarter of the table, not on all of it, nor asked of the planner.
      expect(statements.some((sql) => /tablesample bernoulli/.test(sql))).toBe(true);
      expect(statements.some((sql) => /^explain/.test(sql))).toBe(false);
    }
  });

  it("keeps the list's joins, and asks the planner when the first table is a derived one", async () => {
    // Joined: the sample is of the first table, the join and its filter kept.
    const joined = { ...wide, from: 'wide w join wide v on v.id = w.id' };
    const { counted, statements } = counting();
    const page = await listPage(counted, joined, scope('v.id > 1000'), {
      take: 50,
      filters: { third: { min: 1 } },
    });
    expect(Math.abs(page.totalAvailable - (ROWS - 1000) * (2 / 3)) / ROWS).toBeLessThan(0.05);
    expect(
      statements.some((sql) => /tablesample bernoulli .* join wide v on v\.id = w\.id/.test(sql)),
    ).toBe(true);
    // Derived: no table to sample; the planner's figure, still an estimate past the limit.
    const derived = { ...wide, from: '(select id from wide) w' };
    const again = counting();
    const guessed = await listPage(again.counted, derived, scope('true'), {
      take: 50,
      filters: { third: { min: 1 } },
    });
    expect(guessed.totalIsEstimate).toBe(true);
    expect(again.statements.some((sql) => /tablesample/.test(sql))).toBe(false);
    expect(again.statements.some((sql) => /^explain/.test(sql))).toBe(true);
  });

  it('asks the planner when no filter needs a sample (one without a bound filters nothing)', async () => {
    const { counted, statements } = counting();
    const page = await listPage(counted, wide, scope('true'), {
      take: 50,
      filters: { id: { min: 1 }, third: {} },
    });
    expect(page.totalIsEstimate).toBe(true);
    expect(statements.some((sql) => /tablesample/.test(sql))).toBe(false);
    expect(statements.some((sql) => /^explain/.test(sql))).toBe(true);
  });
});

describe('a deep page near the end of a large list (listReading)', () => {
  const reversed = (statements: string[]) =>
    statements.filter((s) => /order by i\.id desc/.test(s));
  const ids = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('is read from the end, with the exact total, so the last page is the true last', async () => {
    expect(listReading.fromEndAfter).toBe(A);
    await db.exec('analyze items');
    const { counted, statements, counts } = counting();
    // 12,000 rows, a page 11,900 deep: the rows after it are walked, not the 11,900 before.
    const near = await listPage(counted, def, scope(`i.grp in ('a', 'b', 'c')`), {
      skip: A + B - 100,
      take: 50,
    });
    expect(near.results).toEqual(ids(A + B - 99, A + B - 50));
    expect(near).toMatchObject({ totalAvailable: A + B, totalIsEstimate: false, hasMore: true });
    expect(reversed(statements)).toHaveLength(1);
    expect(counts()).toHaveLength(2); // the planner's estimate, then the exact count
    const last = await listPage(counted, def, scope(`i.grp in ('a', 'b', 'c')`), {
      skip: A + B - 30,
      take: 50,
    });
    expect(last.results).toEqual(ids(A + B - 29, A + B));
    expect(last).toMatchObject({ totalAvailable: A + B, totalIsEstimate: false, hasMore: false });
    expect(counts()).toHaveLength(3); // the estimate remembered: the count alone
    // Past the end: no rows, and the exact total to go back to.
    const past = await listPage(counted, def, scope(`i.grp in ('a', 'b', 'c')`), {
      skip: A + B + 500,
      take: 50,
    });
    expect(past).toMatchObject({ results: [], totalAvailable: A + B, totalIsEstimate: false });
    expect(reversed(statements)).toHaveLength(2); // none for the page past the end
  });

  it('is read from the start when it lies before the last part, or shallow', async () => {
    const { counted, statements, counts } = counting();
    const before = await listPage(counted, def, scope(`i.grp in ('a', 'b', 'd')`), {
      skip: A + 100, // deeper than fromEndAfter, short of 0.9 of the 12,000 rows
      take: 50,
    });
    expect(before.results).toEqual(ids(A + 101, A + 150));
    expect(counts()).toHaveLength(1); // the planner's estimate, nothing counted
    const shallow = await listPage(counted, def, scope(`i.grp = 'b' or i.grp = 'a'`), {
      skip: A - 10,
      take: 50,
    });
    expect(shallow.results).toEqual(ids(A - 9, A + 40));
    expect(shallow.totalIsEstimate).toBe(true);
    expect(reversed(statements)).toEqual([]);
  });

  it('begins deeper than fromEndAfter rows, and reads a list exactly as long as the cap from the end', async () => {
    const { counted, statements } = counting();
    // 10,500 rows: a page fromEndAfter (10,000) deep is in the last tenth, yet read from the start.
    const where = scope('i.id <= 10500');
    const at = await listPage(counted, def, where, { skip: A, take: 50 });
    expect(at.results).toEqual(ids(A + 1, A + 50));
    expect(reversed(statements)).toEqual([]);
    const past = await listPage(counted, def, where, { skip: A + 1, take: 50 });
    expect(past.results).toEqual(ids(A + 2, A + 51));
    expect(reversed(statements)).toHaveLength(1);
    // The planner prices `length(note) >= 2` at a third of the 12,000 rows: a page 10,755 deep
    // counts up to 10,755 / 0.9 + 50 = 12,000 rows, which is the whole list: exact.
    const whole = await listPage(counted, def, scope('length(i.note) >= 2'), {
      skip: 10_755,
      take: 50,
    });
    expect(Math.floor(10_755 / listReading.fromEndShare) + 50).toBe(A + B);
    expect(whole).toMatchObject({ totalAvailable: A + B, totalIsEstimate: false });
    expect(whole.results).toEqual(ids(10_756, 10_805));
    expect(reversed(statements)).toHaveLength(2);
  });

  it('counts a page past the end exactly when the planner guessed high', async () => {
    // The planner prices `id % 7 <> 0` at 99.5 % of the rows (11,940); 10,286 match. A page
    // 10,500 deep lies before the last tenth of that guess, is read from the start, finds no
    // rows, and is counted: the portal goes to the true last page (SPEC §2).
    const past = await listPage(db, def, scope('i.id % 7 <> 0'), { skip: 10_500, take: 50 });
    expect(past).toMatchObject({ results: [], totalAvailable: 10_286, totalIsEstimate: false });
  });

  it('counts no further than the last part would begin when the planner guessed low', async () => {
    // The planner's third of the table puts a page 10,100 deep in the last part; the count
    // stops at 10,100 / 0.9 + 50 rows, finds more, and the page is read from the start.
    const { counted, statements, counts } = counting();
    const page = await listPage(counted, def, scope('length(i.note) > 1'), {
      skip: A + 100,
      take: 50,
    });
    expect(page.results).toEqual(ids(A + 101, A + 150));
    expect(reversed(statements)).toEqual([]);
    const cap = Math.floor((A + 100) / listReading.fromEndShare) + 50;
    expect(counts().some((s) => s.includes(`limit ${cap + 1}`))).toBe(true);
    // What the count learnt is the total now: more than the planner said, still "about".
    expect(page).toMatchObject({ totalAvailable: cap + 1, totalIsEstimate: true, hasMore: true });
  });
});
