import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDef, auditLogDef } from '../audit/routes';
import { insertSyntheticEvents } from '../audit/synthetic-events';
import { issuedLicencesDef } from '../crm/licences';
import { customerSubsDef } from '../crm/subscription-lists';
import { adminUsersDef } from '../crm/user-lists';
import { ORGS } from '../test/harness';
import { useTestApp } from '../test/use-app';
import {
  listLookups,
  listPage,
  listReading,
  lookupKeys,
  pageQuery,
  type ListDef,
  type ListQueryInput,
  type Scope,
} from './list';

/**
 * A search finds the keys of its lookup columns (an organisation's name, a customer's) before
 * the list's statement and sends them as a parameter, or no arm when none matches
 * (docs/performance.md, "The audit lists at a million events"). The answer is the one the
 * statement gave when it asked for the keys itself: the same rows, in the same order, with the
 * same total; on PGlite and on PostgreSQL alike. 300 organisations share a name here, so a
 * search can match hundreds of them.
 */
const app = useTestApp();
const MANY = 300;
let actor = '';
// The demo's lists are short (listLookups): find the keys first all the same, as a long list does.
const { shortList } = listLookups;
afterAll(() => {
  listLookups.shortList = shortList;
});

beforeAll(async () => {
  listLookups.shortList = 0;
  const db = app().services.db;
  await db.query(
    `insert into orgs (name) select 'Zircon Holdings ' || n from generate_series(1, $1::int) n`,
    [MANY],
  );
  await insertSyntheticEvents(db, 5_000);
  await db.query('analyze');
  const [row] = await db.query<{ name: string }>(
    `select split_part(actor_name, ' ', 1) as name from audit_events
      where org_id = $1 and actor_name is not null order by id limit 1`,
    [ORGS.borealis],
  );
  actor = row?.name ?? '';
});

type Def = ListDef<never, never, unknown>;
const idOf = (row: unknown) => (row as { id: number }).id;

/** The page's keys a page's keys statement answers (it asks for one more). */
async function pageIds(sql: string, params: unknown[], take = 50) {
  const rows = await app().services.db.query<{ __key: number }>(sql, params);
  return rows.slice(0, take).map((r) => r.__key);
}

/** The first page and the total as the statement answered when it asked for the keys itself. */
async function asBefore(def: Def, scope: Scope, search: string | ListQueryInput) {
  const query = typeof search === 'string' ? { search } : search;
  const db = app().services.db;
  const paged = { take: 50, ...query };
  const { sql, params, from, where, whereParams } = pageQuery(def, scope, paged);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${from} ${where}`,
    whereParams,
  );
  return { ids: await pageIds(sql, params, paged.take), total: count?.n ?? -1 };
}

async function now(def: Def, scope: Scope, search: string | ListQueryInput) {
  const query = typeof search === 'string' ? { search } : search;
  const page = await listPage(app().services.db, def, scope, { take: 50, ...query });
  expect(page.totalIsEstimate).toBe(false);
  return { ids: page.results.map(idOf), total: page.totalAvailable };
}

const everyOrg: Scope = { where: [], params: [] };

describe("the Audit log's search with the organisations found first", () => {
  const searches = {
    "an organisation's name": () => 'Borealis',
    'an actor': () => actor,
    "a record's name": () => 'ridge',
    "hundreds of organisations' names and a rare record name": () => 'zircon',
    nothing: () => 'qqxq',
    'quotes, wildcards and a backslash (parameters only)': () => `o'Brien %_\\ ;--`,
  };
  for (const [what, search] of Object.entries(searches)) {
    it(`answers the same rows, order and total as before: ${what}`, async () => {
      const before = await asBefore(auditLogDef as unknown as Def, everyOrg, search());
      expect(await now(auditLogDef as unknown as Def, everyOrg, search())).toEqual(before);
    });
  }

  it("finds every matching organisation's events, hundreds of them, none capped", async () => {
    const keys = await lookupKeys(app().services.db, auditLogDef as unknown as Def, {
      search: 'holdings',
    });
    expect(keys?.search.orgName).toHaveLength(MANY);
    const [expected] = await app().services.db.query<{ n: number }>(
      `select count(*)::int as n from audit_events e join orgs o on o.id = e.org_id
        where o.name ilike '%holdings%' or e.actor_name ilike '%holdings%'
           or e.record_name ilike '%holdings%'`,
    );
    expect(expected?.n).toBeGreaterThan(50);
    const page = await now(auditLogDef as unknown as Def, everyOrg, 'holdings');
    expect(page.total).toBe(expected?.n);
    expect(page).toEqual(await asBefore(auditLogDef as unknown as Def, everyOrg, 'holdings'));
  });

  it('asks for the keys inside the statement when more names match than it sends', async () => {
    const db = app().services.db;
    const def = auditLogDef as unknown as Def;
    expect((await lookupKeys(db, def, { search: 'holdings' }, MANY))?.search.orgName).toHaveLength(
      MANY,
    );
    const keys = await lookupKeys(db, def, { search: 'holdings' }, MANY - 1);
    expect(keys?.search).not.toHaveProperty('orgName');
    const { sql, params } = pageQuery(def, everyOrg, { search: 'holdings', take: 50 }, keys);
    expect(sql).toMatch(/from orgs o where/);
    const before = await asBefore(def, everyOrg, 'holdings');
    expect(await pageIds(sql, params)).toEqual(before.ids);
  });

  it('sends no keys for an organisation when no name matches', async () => {
    const keys = await lookupKeys(app().services.db, auditLogDef as unknown as Def, {
      search: 'qqxq',
    });
    expect(keys?.search.orgName).toEqual([]);
    const { sql } = pageQuery(auditLogDef as unknown as Def, everyOrg, { search: 'qqxq' }, keys);
    expect(sql).not.toMatch(/from orgs o where/);
  });
});

describe("an organisation's Activity searched for another organisation's name", () => {
  it('still answers only its own events', async () => {
    const scope: Scope = { where: ['coalesce(e.org_id, 0) = $1'], params: [ORGS.acme] };
    const page = await listPage(app().services.db, activityDef as unknown as Def, scope, {
      search: 'Borealis',
      take: 50,
    });
    for (const row of page.results) expect((row as { orgId: number }).orgId).toBe(ORGS.acme);
    expect({ ids: page.results.map(idOf), total: page.totalAvailable }).toEqual(
      await asBefore(activityDef as unknown as Def, scope, 'Borealis'),
    );
  });
});

describe("the Issued Licences search with its lookups' keys found first", () => {
  const scope: Scope = { where: ['l.vendor_org_id = $1'], params: [ORGS.acme] };
  for (const search of ['Borealis', 'ridge', 'qqxq']) {
    it(`answers the same rows, order and total as before: '${search}'`, async () => {
      const before = await asBefore(issuedLicencesDef as unknown as Def, scope, search);
      expect(await now(issuedLicencesDef as unknown as Def, scope, search)).toEqual(before);
    });
  }

  it('tests each licence against the customers found, and leaves out lookups that found none', async () => {
    const db = app().services.db;
    const keys = await lookupKeys(db, issuedLicencesDef as unknown as Def, { search: 'Borealis' });
    expect(keys?.search['customerOrg.name']).toContain(ORGS.borealis);
    expect(keys?.search['product.name']).toEqual([]);
    const { sql, where } = pageQuery(
      issuedLicencesDef,
      scope,
      { search: 'Borealis', take: 50 },
      keys,
    );
    expect(sql).toMatch(/l\.customer_org_id = any\(\$\d+::int\[\] \/\* planned per call \*\/\)/);
    // No lookup asked inside the statement, and none for the products (no name matched).
    expect(sql).not.toMatch(/from (orgs co|offerings f|subscriptions s|users u) where/);
    expect(where).not.toMatch(/l\.offering_id/);
  });

  // A page sorted by customer whose only test is hundreds of customers' keys: PostgreSQL 15 ran
  // the earlier `in (select unnest($keys))` as a semi-join comparing each licence with every key
  // (1.2 s a page at a million licences). The array is tested as one expression (hashed by
  // PostgreSQL 14 and later), never joined to the rows.
  const zircon: Array<[string, ListQueryInput]> = [
    ['the search', { search: 'Zircon' }],
    ["the customer's filter", { filters: { 'customerOrg.name': 'Zircon' } }],
  ];
  for (const [what, query] of zircon) {
    it(`tests the licences against the keys' array, never joining them, in ${what}`, async () => {
      const db = app().services.db;
      const sorted: ListQueryInput = { ...query, sortBy: 'customerOrg.name' };
      const keys = await lookupKeys(db, issuedLicencesDef as unknown as Def, sorted);
      expect(
        Object.values(keys ?? {}).find((k) => 'customerOrg.name' in k)?.['customerOrg.name'],
      ).toHaveLength(MANY);
      const { sql, params } = pageQuery(issuedLicencesDef, scope, { ...sorted, take: 20 }, keys);
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/customer_org_id = ANY \('\{/);
      expect(plan).not.toMatch(/unnest|Semi Join|SubPlan/);
    });
  }
});

describe('a joined name matching more keys than a parameter holds', () => {
  // The keys are then asked inside the statement, `exists (select … where key = fk)`: the planner prices it
  // from the subscriptions' statistics, where an array of them (`= any(array(select …))`) was
  // priced as ten keys whatever matched (at a million licences, "about 10001" for 583,543).
  it("estimates the rows from the lookup table's statistics", async () => {
    const db = app().services.db;
    const scope: Scope = { where: ['l.vendor_org_id = $1'], params: [ORGS.acme] };
    const query = { filters: { 'subscription.name': 'a' } } as ListQueryInput;
    const { from, where, whereParams } = pageQuery(issuedLicencesDef, scope, query);
    expect(where).toMatch(
      /exists \(select s\.id from subscriptions s where .* and s\.id = l\.subscription_id\)/,
    );
    const [count] = await db.query<{ n: number }>(
      `select count(*)::int as n from ${from} ${where}`,
      whereParams,
    );
    const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) select 1 from ${from} ${where}`,
      whereParams,
    );
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
      { Plan: { 'Plan Rows': number } },
    ];
    const total = count?.n ?? 0;
    expect(total).toBeGreaterThan(100);
    expect(parsed[0].Plan['Plan Rows']).toBeGreaterThan(total / 3);
    expect(parsed[0].Plan['Plan Rows']).toBeLessThan(total * 3);
  });
});

describe("a lookup column's text filter with its keys found first", () => {
  const acme: Scope = { where: ['coalesce(e.org_id, 0) = $1'], params: [ORGS.acme] };
  const filters = {
    "an actor's first name": () => actor,
    'part of a name, in another case': () => actor.slice(1, 4).toUpperCase(),
    'no actor': () => 'qqxq',
    'quotes, wildcards and a backslash (parameters only)': () => `o'Brien %_\\ ;--`,
  };
  for (const [what, text] of Object.entries(filters)) {
    it(`answers an Activity's actor filter as the substring test did: ${what}`, async () => {
      const query = { filters: { actorName: text() } };
      const before = await asBefore(activityDef as unknown as Def, acme, query);
      expect(await now(activityDef as unknown as Def, acme, query)).toEqual(before);
    });

    it(`answers the Audit log's actor filter as the substring test did: ${what}`, async () => {
      // Every chain: the events tested by the chains of the names found, as well as the names.
      const query = { filters: { actorName: text() } };
      const before = await asBefore(auditLogDef as unknown as Def, everyOrg, query);
      expect(await now(auditLogDef as unknown as Def, everyOrg, query)).toEqual(before);
    });
  }

  it("tests the events by the actors' names found, not each event's name as a substring", async () => {
    const db = app().services.db;
    const query = { filters: { actorName: actor } };
    const keys = await lookupKeys(db, activityDef as unknown as Def, query);
    expect(keys?.filters.actorName?.length).toBeGreaterThan(0);
    for (const name of keys?.filters.actorName ?? []) expect(String(name)).toContain(actor);
    // Each name once, though the names are kept once per chain they acted in (migration 094).
    expect(new Set(keys?.filters.actorName).size).toBe(keys?.filters.actorName?.length);
    const { sql } = pageQuery(activityDef as unknown as Def, acme, query, keys);
    expect(sql).toMatch(/e\.actor_name = any\(\$\d+::text\[\] \/\* planned per call \*\/\)/);
    expect(sql).not.toMatch(/ilike/);
    const none = await lookupKeys(db, activityDef as unknown as Def, {
      filters: { actorName: 'qqxq' },
    });
    expect(
      pageQuery(activityDef as unknown as Def, acme, { filters: { actorName: 'qqxq' } }, none).sql,
    ).toMatch(/\bfalse\b/);
  });

  it("answers the Issued Licences' customer filter as the statement did", async () => {
    const scope: Scope = { where: ['l.vendor_org_id = $1'], params: [ORGS.acme] };
    for (const text of ['Borealis', 'qqxq']) {
      const query = { filters: { 'customerOrg.name': text } };
      const before = await asBefore(issuedLicencesDef as unknown as Def, scope, query);
      expect(await now(issuedLicencesDef as unknown as Def, scope, query)).toEqual(before);
    }
  });
});

describe('a page sorted by the lookup column whose keys it tests', () => {
  // The walk of the sort's index starts at the first matching name (sortStart, list-sql.ts):
  // the same rows, in the same order, as the statement that asked for the keys itself.
  const scope: Scope = { where: ['l.vendor_org_id = $1'], params: [ORGS.acme] };
  const def = issuedLicencesDef as unknown as Def;
  const cases: Array<[string, ListQueryInput]> = [
    ['searched customers, by customer', { search: 'mining', sortBy: 'customerOrg.name' }],
    [
      'searched customers, by customer descending',
      { search: 'mining', sortBy: 'customerOrg.name', sortDesc: true },
    ],
    [
      "the customer's filter, by customer descending",
      { filters: { 'customerOrg.name': 'o' }, sortBy: 'customerOrg.name', sortDesc: true },
    ],
    [
      "the subscription's filter, by subscription (nulls last)",
      { filters: { 'subscription.name': 'a' }, sortBy: 'subscription.name' },
    ],
    [
      "the product's filter, by product descending",
      { filters: { 'product.name': 'e' }, sortBy: 'product.name', sortDesc: true },
    ],
    ["the user's filter, by user", { filters: { assignedUser: 'a' }, sortBy: 'assignedUser' }],
  ];
  for (const [what, query] of cases) {
    it(`starts at the first matching name and answers the same rows: ${what}`, async () => {
      const keys = await lookupKeys(app().services.db, def, query);
      const { sql } = pageQuery(def, scope, { ...query, take: 50 }, keys);
      const first = query.sortDesc ? '<= \\(select max' : '>= \\(select min';
      expect(sql).toMatch(new RegExp(`l\\.\\w+_sort ${first}\\(lower\\(`));
      const before = await asBefore(def, scope, query);
      expect(before.ids.length).toBeGreaterThan(1);
      expect(await now(def, scope, query)).toEqual(before);
    });
  }

  /** Five rows `skip` deep read from the end are those read from the start. */
  async function expectSameFromEnd(query: ListQueryInput, skip: number) {
    const db = app().services.db;
    const forward = await listPage(db, def, scope, { ...query, skip, take: 5 });
    const { fromEndAfter, fromEndShare } = listReading;
    Object.assign(listReading, { fromEndAfter: 0, fromEndShare: 0 });
    try {
      const fromEnd = await listPage(db, def, scope, { ...query, skip, take: 5 });
      expect(fromEnd.results.map(idOf)).toEqual(forward.results.map(idOf));
      expect(fromEnd.results).toHaveLength(5);
    } finally {
      Object.assign(listReading, { fromEndAfter, fromEndShare });
    }
  }

  it('starts at the last matching name when the page is read from the end', async () => {
    const db = app().services.db;
    const query: ListQueryInput = {
      filters: { 'customerOrg.name': 'o' },
      sortBy: 'customerOrg.name',
    };
    // Read backwards, the walk starts at the last matching name (any bound of the matching
    // names answers the same rows; the last one is where the backward walk finds them).
    const keys = await lookupKeys(db, def, query);
    expect(pageQuery(def, scope, { ...query, take: 5 }, keys, true).sql).toMatch(
      /l\.customer_sort <= \(select max\(lower\(/,
    );
    await expectSameFromEnd(query, 3);
  });

  // 'co' matches products, subscriptions, users and customers, and each arm's rows may sort
  // before another arm's first name: the sorted column's own arm is read from its first name in
  // a branch of its own, the other arms in another, and the page is taken from the two.
  for (const sortBy of ['product.name', 'subscription.name', 'assignedUser', 'customerOrg.name'])
    for (const sortDesc of [false, true])
      it(`reads the sorted column's arm from its first name, the other arms apart: by ${sortBy}${sortDesc ? ', descending' : ''}`, async () => {
        const query: ListQueryInput = { search: 'co', sortBy, sortDesc };
        const keys = await lookupKeys(app().services.db, def, query);
        const arms = Object.values(keys?.search ?? {}).filter((k) => k.length > 0);
        expect(arms.length).toBeGreaterThan(1);
        const { sql } = pageQuery(def, scope, { ...query, take: 50 }, keys);
        const start = sortDesc ? '<= \\(select max' : '>= \\(select min';
        expect(sql).toMatch(new RegExp(`_sort ${start}\\(lower\\(.* union \\(select `, 's'));
        // The sorted column's keys are tested in its own branch only.
        const fk = (issuedLicencesDef.sql[sortBy as 'product.name'].lookup?.fk ?? '').replace(
          '.',
          '\\.',
        );
        expect(sql.match(new RegExp(`${fk} = any\\(`, 'g'))).toHaveLength(1);
        expect(await now(def, scope, query)).toEqual(await asBefore(def, scope, query));
        const deeper = { ...query, skip: 35, take: 20 };
        expect(await now(def, scope, deeper)).toEqual(await asBefore(def, scope, deeper));
      });

  it("reads the sorted column's arm from its last name when the page is read from the end", async () => {
    const db = app().services.db;
    const query: ListQueryInput = { search: 'co', sortBy: 'customerOrg.name' };
    const keys = await lookupKeys(db, def, query);
    expect(pageQuery(def, scope, { ...query, take: 5 }, keys, true).sql).toMatch(
      /l\.customer_sort <= \(select max\(lower\(.* union \(select /,
    );
    await expectSameFromEnd(query, 7);
  });
});

describe('a page sorted by a lookup column without a sort key of its own', () => {
  // The walk starts at the first matching name of the joined name itself (lower(name)), alone or
  // in its own branch beside the search's other arms: the same rows as before, both ways.
  const lists: Array<[string, Def, Scope, string, string]> = [
    [
      'Customer Subs by subscriber',
      customerSubsDef as unknown as Def,
      { where: ['s.vendor_org_id = $1'], params: [ORGS.acme] },
      'subscriberOrg.name',
      'o',
    ],
    [
      'All Users by organisation',
      adminUsersDef as unknown as Def,
      { where: [], params: [] },
      'orgName',
      'a',
    ],
    [
      'the Audit log by actor',
      auditLogDef as unknown as Def,
      { where: [], params: [] },
      'actorName',
      'a',
    ],
  ];
  for (const [what, def, scope, sortBy, text] of lists)
    for (const sortDesc of [false, true])
      for (const query of [
        { filters: { [sortBy]: text }, sortBy, sortDesc },
        { search: text, sortBy, sortDesc },
      ])
        it(`answers the same rows: ${what}${sortDesc ? ', descending' : ''}, ${query.search ? 'searched' : 'filtered'}`, async () => {
          const keys = await lookupKeys(app().services.db, def, query);
          const { sql } = pageQuery(def, scope, { ...query, take: 50 }, keys);
          expect(sql).toMatch(
            new RegExp(`lower\\(.*\\) collate "C" ${sortDesc ? '<=' : '>='} \\(select`, 's'),
          );
          const before = await asBefore(def, scope, query);
          expect(before.ids.length).toBeGreaterThan(1);
          expect(await now(def, scope, query)).toEqual(before);
          const deeper = { ...query, skip: 3, take: 5 };
          expect(await now(def, scope, deeper)).toEqual(await asBefore(def, scope, deeper));
        });
});
