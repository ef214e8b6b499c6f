import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { issuedLicencesDef } from '../crm/licences';
import { ORGS } from '../test/harness';
import { useTestApp } from '../test/use-app';
import {
  listLookups,
  listPage,
  pageQuery,
  selectedKeys,
  type ListQueryInput,
  type Scope,
} from './list';

/**
 * A lookup's keys asked inside the statement (keysInside, list-sql.ts), on a small list: a
 * subscription's few licences searched and filtered by a text that thousands of subscriptions'
 * names hold. Each row's key is looked up, where a statement that read every matching name
 * first (`fk in (select …)`, always hashed) cost 48 ms a page for an organisation's 74 licences
 * among 100,000 subscriptions. On PGlite and on PostgreSQL alike.
 */
const app = useTestApp();
const MANY = 5_000;
let scope: Scope;

beforeAll(async () => {
  const db = app().services.db;
  const [sub] = await db.query<{ id: number; vendor: number; customer: number; offering: number }>(
    `select s.id, s.vendor_org_id as vendor, s.subscriber_org_id as customer, s.offering_id as offering
       from subscriptions s join licences l on l.subscription_id = s.id
      where s.vendor_org_id = $1 group by s.id having count(*) between 2 and 5 order by s.id limit 1`,
    [ORGS.acme],
  );
  if (!sub) throw new Error('No subscription of Acme with a few licences');
  await db.query(
    `insert into subscriptions (vendor_org_id, subscriber_org_id, offering_id, name, start_date)
     select $1, $2, $3, 'Zz Many Subscription ' || g, current_date from generate_series(1, $4::int) g`,
    [sub.vendor, sub.customer, sub.offering, MANY],
  );
  await db.query('analyze subscriptions');
  scope = { where: ['l.subscription_id = $1'], params: [sub.id] };
});

async function planOf(sql: string, params: unknown[]) {
  const rows = await app().services.db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe("a small list's search and filter of a name thousands of rows of a lookup hold", () => {
  const cases: Array<[string, ListQueryInput]> = [
    ['the search', { search: 'a' }],
    ["the subscription's filter", { filters: { 'subscription.name': 'a' } }],
  ];
  for (const [what, query] of cases)
    it(`looks up each row's key, never reading every matching name: ${what}`, async () => {
      // Without the keys found first (lookupKeys), as when more names match than it sends.
      const { sql, params, from, where, whereParams } = pageQuery(issuedLicencesDef, scope, {
        ...query,
        take: 50,
      });
      for (const plan of [
        await planOf(sql, params),
        await planOf(`select count(*) from ${from} ${where}`, whereParams),
      ]) {
        expect(plan).toMatch(/Index Scan using subscriptions_pkey on subscriptions/);
        expect(plan).not.toMatch(
          /Seq Scan on subscriptions|hashed SubPlan \d+\n\s+-> {2}\S+ Scan on subscriptions/,
        );
      }
      const rows = await app().services.db.query<{ __key: number }>(sql, params);
      const page = await listPage(app().services.db, issuedLicencesDef, scope, {
        ...query,
        take: 50,
      });
      expect(rows.map((r) => r.__key)).toEqual(page.results.map((r) => r.id));
      expect(page.results.length).toBeGreaterThan(1);
    });
});

describe('the keys found first, for a long list only', () => {
  const { shortList } = listLookups;
  afterEach(() => {
    listLookups.shortList = shortList;
    vi.restoreAllMocks();
  });
  /** The statements a page and a selection of the query send (the keys found first or not). */
  async function statements(scoped: Scope, query: ListQueryInput) {
    const db = app().services.db;
    const spy = vi.spyOn(db, 'query');
    const page = await listPage(db, issuedLicencesDef, scoped, { ...query, take: 50 });
    const keys = await selectedKeys(db, issuedLicencesDef as never, scoped, {
      ...query,
      all: true,
    });
    const sent = spy.mock.calls.map(([sql]) => String(sql));
    spy.mockRestore();
    expect(keys).toEqual(page.results.map((r) => r.id));
    return { sent, ids: keys };
  }
  const keysFirst = (sent: string[]) =>
    sent.filter((sql) => /^select array\(select distinct/.test(sql));

  it("tests a short list's joined names as they stand, with the rows of the keys found first", async () => {
    const query = { search: 'a', sortBy: 'customerOrg.name' };
    const short = await statements(scope, query);
    expect(keysFirst(short.sent)).toHaveLength(0);
    // Each row's joined names tested as they stand: no lookup table read for its names.
    expect(short.sent.join('\n')).toMatch(/\(s\.name\) ilike \$\d/);
    expect(short.sent.join('\n')).not.toMatch(/exists \(select|= any\(/);
    expect(short.ids.length).toBeGreaterThan(1);
    // The same list held to be long (a scope of its own, counted anew): keys found first.
    listLookups.shortList = 1;
    const long = await statements({ ...scope, where: [...scope.where, 'true'] }, query);
    expect(keysFirst(long.sent)).toHaveLength(2);
    expect(long.ids).toEqual(short.ids);
  });

  it('holds a list of exactly `shortList` rows short, and one more long', async () => {
    const query = { search: 'a' };
    const [{ n } = { n: 0 }] = await app().services.db.query<{ n: number }>(
      `select count(*)::int as n from licences l where ${scope.where.join(' and ')}`,
      scope.params,
    );
    listLookups.shortList = n;
    const exactly = await statements({ ...scope, where: [...scope.where, '1 = 1'] }, query);
    expect(keysFirst(exactly.sent)).toHaveLength(0);
    listLookups.shortList = n - 1;
    const longer = await statements({ ...scope, where: [...scope.where, '2 = 2'] }, query);
    expect(keysFirst(longer.sent)).toHaveLength(2);
  });

  it('counts a scope once in a while, not for each page', async () => {
    const scoped = { ...scope, where: [...scope.where, 'l.id > 0'] };
    const first = await statements(scoped, { search: 'b' });
    const again = await statements(scoped, { search: 'c' });
    const limit = `limit ${listLookups.shortList + 1}`;
    const counts = (sent: string[]) => sent.filter((sql) => sql.includes(limit)).length;
    expect(counts(first.sent)).toBe(1);
    expect(counts(again.sent)).toBe(0);
  });

  it('asks nothing more of a query that names no lookup column', async () => {
    const scoped = { ...scope, where: [...scope.where, 'l.id > 1'] };
    const { sent } = await statements(scoped, { filters: { seats: { min: 1 } } });
    expect(sent.filter((sql) => sql.includes(`limit ${listLookups.shortList + 1}`))).toHaveLength(
      0,
    );
    expect(keysFirst(sent)).toHaveLength(0);
  });
});
