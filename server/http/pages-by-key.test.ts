import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issuedLicenceColumns } from '@/contract/crm/licences';
import { isSortable } from '@/contract/lists';
import { issuedLicencesDef } from '../crm/licences';
import { ORGS } from '../test/harness';
import { useTestApp } from '../test/use-app';
import {
  listLookups,
  listPage,
  lookupKeys,
  pageQuery,
  pagesByKey,
  type ListQueryInput,
} from './list';

/**
 * A page of a search for a few customers, sorted by another column, read customer by customer
 * (pageQuery's `byKey`, ListDef's pagesByKey; docs/performance.md, session 59): the same rows in
 * the same order as the walk in the sort's order, at every sort, both ways, at every depth, with
 * the same totals; asked for only while the planner expects few matches. On PGlite and on
 * PostgreSQL alike (the server-pg project runs this file too).
 */
const app = useTestApp();
const db = () => app().services.db;
const scope = { where: ['l.vendor_org_id = $1'], params: [ORGS.acme] };
// The demo's lists are short (listLookups): find the keys first all the same, as a long list does.
const { shortList } = listLookups;
const { maxRows } = pagesByKey;
let search = '';

beforeAll(async () => {
  listLookups.shortList = 0;
  // A word of customers' names that names nothing else searched (products, subscriptions,
  // users: the search then has the customers' arm only) and several pages of Acme's licences.
  const words = await db().query<{ word: string }>(
    `select split_part(co.name, ' ', 1) as word from licences l join orgs co on co.id = l.customer_org_id
      where l.vendor_org_id = $1 and co.id <> $1
      group by 1 having count(*) between 15 and 200 order by 1`,
    [ORGS.acme],
  );
  for (const { word } of words) {
    if ((await statements({ search: word, sortBy: 'expiry', skip: 0, take: 5 })).byKey) {
      search = word;
      break;
    }
  }
});
afterAll(() => {
  listLookups.shortList = shortList;
  pagesByKey.maxRows = maxRows;
});

const sorts = Object.keys(issuedLicenceColumns).filter((id) =>
  isSortable(issuedLicenceColumns[id as keyof typeof issuedLicenceColumns]),
);

/** The keys a statement answers (the page and the one row more it asks for). */
async function keysOf(statement: { sql: string; params: unknown[] }) {
  const rows = await db().query<{ __key: number }>(statement.sql, statement.params);
  return rows.map((r) => Number(r.__key));
}

async function statements(query: ListQueryInput & { skip: number; take: number }) {
  return pageQuery(
    issuedLicencesDef,
    scope,
    query,
    await lookupKeys(db(), issuedLicencesDef, query),
  );
}

describe('a page read customer by customer', () => {
  it('has the rows of the walk in its order, at every sort, both ways and at every depth', async () => {
    expect(search).not.toBe('');
    const [matches] = await db().query<{ n: number }>(
      `select count(*)::int as n from licences l join orgs co on co.id = l.customer_org_id
        where l.vendor_org_id = $1 and co.name ilike $2`,
      [ORGS.acme, `%${search}%`],
    );
    // Several pages of matches, and far fewer than Acme's licences.
    expect(matches?.n).toBeGreaterThan(12);
    let compared = 0;
    for (const sortBy of sorts) {
      for (const sortDesc of [false, true]) {
        for (const skip of [0, 5, 10, (matches?.n ?? 0) - 2, (matches?.n ?? 0) + 5]) {
          const query = { search, sortBy, sortDesc, skip, take: 5 };
          const { byKey, ...walk } = await statements(query);
          // Sorted by the customer, the walk starts at the first matching name (sortStart); by
          // state, a branch per state (perValueOrder); in key order, the walk of a plain page:
          // none is read by key.
          if (['customerOrg.name', 'state.name', 'id'].includes(sortBy)) {
            expect(byKey, `${sortBy}`).toBeUndefined();
            continue;
          }
          expect(byKey, `${sortBy}`).toBeDefined();
          if (!byKey) continue;
          expect(byKey.sql).toContain('cross join lateral');
          expect(await keysOf(byKey), JSON.stringify(query)).toEqual(await keysOf(walk));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
    // The list's default order is its key's.
    expect((await statements({ search, skip: 0, take: 5 })).byKey).toBeUndefined();
  });

  it('keeps a filter beside the customers, and serves a filter of their names as a search', async () => {
    const cases: (ListQueryInput & { skip: number; take: number })[] = [
      { search, filters: { seats: { min: 2 } }, sortBy: 'expiry', skip: 0, take: 5 },
      { filters: { 'customerOrg.name': search }, sortBy: 'product.name', skip: 3, take: 5 },
      {
        filters: { 'customerOrg.name': search },
        sortBy: 'seats',
        sortDesc: true,
        skip: 0,
        take: 5,
      },
    ];
    for (const query of cases) {
      const { byKey, ...walk } = await statements(query);
      expect(byKey, JSON.stringify(query)).toBeDefined();
      if (byKey) expect(await keysOf(byKey), JSON.stringify(query)).toEqual(await keysOf(walk));
    }
  });

  it('is what a page reads while the planner expects few matches, with the same answer', async () => {
    const query = { search, sortBy: 'subscription.name', skip: 5, take: 5 };
    const spy = vi.spyOn(db(), 'query');
    try {
      pagesByKey.maxRows = maxRows;
      const byKey = await listPage(db(), issuedLicencesDef, scope, query);
      const read = spy.mock.calls.map(([sql]) => String(sql));
      expect(read.some((sql) => sql.includes('cross join lateral'))).toBe(true);
      spy.mockClear();
      // Expected to match more than the bound: the walk, as before.
      pagesByKey.maxRows = 0;
      const walked = await listPage(db(), issuedLicencesDef, scope, query);
      expect(spy.mock.calls.some(([sql]) => String(sql).includes('cross join lateral'))).toBe(
        false,
      );
      expect(byKey).toEqual(walked);
      expect(byKey.results).toHaveLength(5);
    } finally {
      spy.mockRestore();
      pagesByKey.maxRows = maxRows;
    }
  });

  it('is not offered without a search or filter of the customers, nor for a page read from the end', async () => {
    expect((await statements({ sortBy: 'expiry', skip: 0, take: 5 })).byKey).toBeUndefined();
    expect(
      (await statements({ search: 'zzzz-no-such-name', sortBy: 'expiry', skip: 0, take: 5 })).byKey,
    ).toBeUndefined();
    const query = { search, sortBy: 'expiry', skip: 0, take: 5 };
    const lookups = await lookupKeys(db(), issuedLicencesDef, query);
    expect(pageQuery(issuedLicencesDef, scope, query, lookups, true).byKey).toBeUndefined();
  });
});
