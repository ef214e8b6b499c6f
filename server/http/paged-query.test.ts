import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { pagedQuery, type ListInput, type PagedQuery } from './query';

/**
 * The plain paged query (server/http/query.ts: the error sink's events, a site's lists): the page
 * asked for, its exact total, the search taken literally (SPEC §5) and only known sort columns.
 * On its own small table in an in-memory PGlite.
 */
let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await db.exec(`
    create table items (id int primary key, name text, note text, kind text);
    insert into items values
      (1, 'Alpha', 'first', 'a'),
      (2, 'beta', null, 'b'),
      (3, '50% off', 'sale', 'a'),
      (4, 'snake_case', 'code', 'b'),
      (5, 'back\\slash', 'path', 'a'),
      (6, 'Gamma', 'alpha note', 'b'),
      (7, '50 percent', 'sale', 'a'),
      (8, 'snakeXcase', 'code', 'b'),
      (9, 'backslash', 'path', 'a'),
      (10, 'beta', 'again', 'a');
  `);
});
afterAll(async () => {
  await db.close();
});

const QUERY: PagedQuery = {
  columns: 'i.id, i.name',
  from: 'items i',
  where: [],
  params: [],
  sortable: { id: 'i.id', name: 'i.name' },
  defaultSort: 'i.id',
  searchable: ['i.name', 'i.note'],
};
const list = (input: ListInput, q: Partial<PagedQuery> = {}) =>
  pagedQuery<{ id: number; name: string }, number>(db, { ...QUERY, ...q }, input, (r) => r.id);

describe('a paged query', () => {
  it('answers the page asked for with the exact total, mapped', async () => {
    expect(await list({ skip: 0, take: 3 })).toStrictEqual({
      results: [1, 2, 3],
      fetchedCount: 3,
      skippedCount: 0,
      totalAvailable: 10,
    });
    expect(await list({ skip: 8, take: 5 })).toStrictEqual({
      results: [9, 10],
      fetchedCount: 2,
      skippedCount: 8,
      totalAvailable: 10,
    });
    // No page asked for: the first MAX_PAGE_SIZE rows.
    expect((await list({})).results).toHaveLength(10);
  });

  it('hands the mapper rows without the total it counted', async () => {
    const rows: unknown[] = [];
    await pagedQuery(db, QUERY, { take: 2 }, (row) => rows.push(row));
    expect(rows).toStrictEqual([
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'beta' },
    ]);
  });

  it('counts the total past the end with a second statement, and not for an empty first page', async () => {
    const spy = vi.spyOn(db, 'query');
    try {
      expect(await list({ skip: 20, take: 5 })).toStrictEqual({
        results: [],
        fetchedCount: 0,
        skippedCount: 20,
        totalAvailable: 10,
      });
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockClear();
      expect(await list({ skip: 0, take: 5 }, { where: ['false'] })).toStrictEqual({
        results: [],
        fetchedCount: 0,
        skippedCount: 0,
        totalAvailable: 0,
      });
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockClear();
      expect(await list({ skip: 3, take: 5 }, { where: ['false'] })).toMatchObject({
        totalAvailable: 0,
      });
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockClear();
      // A page with rows carries its total: one statement.
      await list({ skip: 5, take: 2 });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('filters by its conditions and their parameters, in the page and the total', async () => {
    const page = await list({ take: 2 }, { where: ['i.kind = $1', 'i.id > $2'], params: ['a', 1] });
    expect(page).toStrictEqual({
      results: [3, 5],
      fetchedCount: 2,
      skippedCount: 0,
      totalAvailable: 5,
    });
    const past = await list({ skip: 10 }, { where: ['i.kind = $1'], params: ['b'] });
    expect(past).toMatchObject({ results: [], totalAvailable: 4 });
  });

  it('searches every searchable column case-insensitively, a null column as empty', async () => {
    expect((await list({ search: 'ALPHA' })).results).toEqual([1, 6]);
    expect((await list({ search: 'sale' })).results).toEqual([3, 7]);
    expect(await list({ search: 'BETA', take: 1 })).toMatchObject({
      results: [2],
      totalAvailable: 2,
    });
    // Only the searchable columns.
    expect((await list({ search: 'first' }, { searchable: ['i.name'] })).results).toEqual([]);
    expect((await list({ search: 'alpha' }, { searchable: ['i.note'] })).results).toEqual([6]);
  });

  it('takes %, _ and \\ in a search literally', async () => {
    expect((await list({ search: '50%' })).results).toEqual([3]);
    expect((await list({ search: '%' })).results).toEqual([3]);
    expect((await list({ search: 'snake_case' })).results).toEqual([4]);
    expect((await list({ search: '_' })).results).toEqual([4]);
    expect((await list({ search: 'back\\slash' })).results).toEqual([5]);
    expect((await list({ search: '\\' })).results).toEqual([5]);
  });

  it('trims the search, and ignores an empty one or a list without searchable columns', async () => {
    expect((await list({ search: '  gamma ' })).results).toEqual([6]);
    expect((await list({ search: '   ' })).totalAvailable).toBe(10);
    expect((await list({ search: '' })).totalAvailable).toBe(10);
    expect((await list({ search: 'gamma' }, { searchable: [] })).totalAvailable).toBe(10);
  });

  it('searches beside its conditions, with the search’s parameter after theirs', async () => {
    const page = await list({ search: 'beta' }, { where: ['i.kind = $1'], params: ['a'] });
    expect(page).toMatchObject({ results: [10], totalAvailable: 1 });
  });

  it('sorts by a sortable column either way, ties by the first column', async () => {
    expect((await list({ sortBy: 'id', sortDesc: true, take: 3 })).results).toEqual([10, 9, 8]);
    expect((await list({ sortBy: 'id', sortDesc: false, take: 3 })).results).toEqual([1, 2, 3]);
    // The two 'beta' rows in id order, whichever way the names go.
    const byName = (await list({ sortBy: 'name' })).results;
    expect(byName.indexOf(10) - byName.indexOf(2)).toBe(1);
    const byNameDesc = (await list({ sortBy: 'name', sortDesc: true })).results;
    expect(byNameDesc.indexOf(10) - byNameDesc.indexOf(2)).toBe(1);
    expect(byName).not.toEqual([...byName].sort((a, b) => a - b));
    expect(byNameDesc).toEqual(
      [...byName].reverse().map((id) => (id === 2 ? 10 : id === 10 ? 2 : id)),
    );
  });

  it('sorts by the default for an unknown column, never one of the object’s prototype', async () => {
    for (const sortBy of ['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '']) {
      expect((await list({ sortBy, take: 3 })).results, sortBy).toEqual([1, 2, 3]);
      expect((await list({ sortBy, sortDesc: true, take: 3 })).results, sortBy).toEqual([10, 9, 8]);
    }
    // The database's order of names: '50 percent' before '50% off' before 'Alpha'.
    expect((await list({ take: 3 }, { defaultSort: 'i.name' })).results).toEqual([7, 3, 1]);
  });

  it('clamps the page asked for', async () => {
    expect(await list({ skip: -4, take: 0 })).toMatchObject({
      results: [1],
      skippedCount: 0,
      totalAvailable: 10,
    });
  });
});
