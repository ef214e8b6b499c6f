import { describe, expect, it } from 'vitest';
import { pageQuery, userDisplaySql } from '../http/list';
import { addIssuedLicences } from '../seed/scale';
import { asRequest, auditProbe } from '../test/audit';
import { useTestApp } from '../test/use-app';
import { emptyTestDb, TEST_SCALE } from '../test/harness';
import { migrate } from '../db/migrate';
import type { Queryable } from '../db/types';
import { seed } from '../seed/seed';
import { issuedLicencesDef } from './licences';
import { customerSubsDef } from './subscription-lists';

/**
 * The Issued Licences sorted by a joined name read each licence's copy of it (migration 096):
 * the copies must always equal the names the table shows, whatever changed them, and each sort
 * must be one index's order; Customer Subs by seats used counts them by index (migration 097),
 * its own columns each have an index (098), and it keeps its offering's name as a licence does
 * (099).
 * lists.test.ts holds every sort against the cells on the demo data.
 */
const app = useTestApp();
const db = () => app().services.db;
const audit = auditProbe(db);
const ACME = 1;

/** The rows whose copies differ from the names they copy: none while they are kept. */
const stale = (on: Queryable = db()) =>
  on.query<{ row: string }>(
    `select 'licence ' || l.id as row from licences l
       join orgs co on co.id = l.customer_org_id
       join offerings f on f.id = l.offering_id
       left join subscriptions s on s.id = l.subscription_id
       left join users u on u.id = l.assigned_user_id
      where l.customer_sort is distinct from lower(co.name) collate "C"
         or l.product_sort is distinct from lower(f.name) collate "C"
         or l.subscription_sort is distinct from lower(s.name) collate "C"
         or l.user_sort is distinct from lower(${userDisplaySql('u')}) collate "C"
     union all
     select 'subscription ' || s.id from subscriptions s join offerings f on f.id = s.offering_id
      where s.offering_sort is distinct from lower(f.name) collate "C"`,
  );

type Query = Parameters<typeof pageQuery>[2];
const scoped = (alias: string) => ({ where: [`${alias}.vendor_org_id = $1`], params: [ACME] });
/** A page's statement of Acme's Issued Licences or Customer Subs, scoped as their routes are. */
const issuedLicences = (query: Query) => pageQuery(issuedLicencesDef, scoped('l'), query);
const customerSubs = (query: Query) => pageQuery(customerSubsDef, scoped('s'), query);
type List = typeof issuedLicences;

/** A list sorted by a column: the ids of the first `take`. */
async function sortedIds(list: List, sortBy: string, sortDesc: boolean, take = 5) {
  const { sql, params } = list({ take, sortBy, sortDesc });
  const rows = await db().query<{ __key: number }>(sql, params);
  return rows.map((r) => Number(r.__key)).slice(0, take);
}

/**
 * A statement's plan with sorts and scans of whole tables priced out: the demo data is small
 * enough to sort in memory, so the plan shows whether an index can serve the statement at all.
 */
const planOf = (sql: string, params: unknown[]) =>
  db().transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    await tx.query('set local enable_sort = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });

/** The plan of a page 100 rows into a list sorted by a column. */
async function sortPlan(list: List, sortBy: string, sortDesc: boolean) {
  const { sql, params } = list({ take: 50, skip: 100, sortBy, sortDesc });
  return planOf(sql, params);
}

const [customerSort, productSort, subscriptionSort, userSort] = [
  'customerOrg.name',
  'product.name',
  'subscription.name',
  'assignedUser',
];

describe("the licences' copies of the names they sort by", () => {
  it('are written for the demo data, through the bulk load and for the large loader', async () => {
    expect(await stale()).toEqual([]);
    const [held] = await db().query<{ users: number; subs: number }>(
      `select count(user_sort)::int as users, count(*) filter (where subscription_sort is null)::int as subs
         from licences`,
    );
    // Both kinds of copy that may be missing are present and missing somewhere.
    expect(held?.users).toBeGreaterThan(0);
    expect(held?.subs).toBeGreaterThan(0);
    await addIssuedLicences(db(), { licences: 30, customers: 3, subscriptions: 5 });
    expect(await stale()).toEqual([]);
  });

  it('are written for the rows of a database migrated before them, as 096 and 099 run', async () => {
    const older = await emptyTestDb();
    try {
      await migrate(older, { until: '095_audit_long_texts.sql' });
      // The seed's bulk load on a database without the copies (the tools' --until) loads too.
      await seed(older, TEST_SCALE);
      await migrate(older);
      expect(await stale(older)).toEqual([]);
      const [copies] = await older.query<{ licences: number; subs: number }>(
        `select (select count(customer_sort)::int from licences) as licences,
                (select count(offering_sort)::int from subscriptions) as subs`,
      );
      expect(copies?.licences).toBeGreaterThan(0);
      expect(copies?.subs).toBeGreaterThan(0);
    } finally {
      await older.close();
    }
  });

  it('follow a rename of a customer, product, subscription or user, which alone is recorded', async () => {
    const [licence] = await db().query<{
      id: number;
      customer: number;
      offering: number;
      subscription: number;
      user: number;
    }>(
      `select id, customer_org_id as customer, offering_id as offering,
              subscription_id as subscription, assigned_user_id as "user"
         from licences where vendor_org_id = $1 and assigned_user_id is not null
          and subscription_id is not null order by id limit 1`,
      [ACME],
    );
    if (!licence) throw new Error('The demo data has an assigned licence under a subscription');
    const renames: [string, string, number, string][] = [
      [
        customerSort,
        'orgs',
        licence.customer,
        `update orgs set name = '~~ Last customer' where id = $1`,
      ],
      [
        productSort,
        'offerings',
        licence.offering,
        `update offerings set name = '~~ Last product' where id = $1`,
      ],
      [
        subscriptionSort,
        'subscriptions',
        licence.subscription,
        `update subscriptions set name = '~~ Last subscription' where id = $1`,
      ],
      [userSort, 'users', licence.user, `update users set first_name = '~~ Last' where id = $1`],
    ];
    for (const [sortBy, table, id, sql] of renames) {
      const before = await audit.lastId();
      await asRequest(db(), ACME, sql, [id]);
      expect(await stale(), table).toEqual([]);
      // '~' sorts after every letter: the renamed record's licences come first, descending.
      const [first] = await sortedIds(issuedLicences, sortBy, true);
      const [owner] = await db().query<{ id: number }>(
        `select ${{ orgs: 'customer_org_id', offerings: 'offering_id', subscriptions: 'subscription_id', users: 'assigned_user_id' }[table]} as id
           from licences where id = $1`,
        [first],
      );
      expect(owner?.id, table).toBe(id);
      if (table === 'offerings') {
        // The subscriptions' copies too (migration 099): Customer Subs by offering.
        const [sub] = await sortedIds(customerSubs, 'offering.name', true, 1);
        const [of] = await db().query<{ id: number }>(
          'select offering_id as id from subscriptions where id = $1',
          [sub],
        );
        expect(of?.id, 'subscriptions').toBe(id);
      }
      // The copies are no change of their rows: the trail holds the rename alone.
      const events = await audit.eventsAfter(before);
      expect(
        events.map((e) => e.record_type),
        table,
      ).toEqual([
        {
          orgs: 'organization',
          offerings: 'offering',
          subscriptions: 'subscription',
          users: 'user',
        }[table],
      ]);
    }
  });

  it("leave the request's later writes recorded", async () => {
    // The rename's trigger sets the licences' copies outside the trail, then puts the request's
    // audit context back: a licence renewed after the rename, in the same request, is recorded.
    const before = await audit.lastId();
    await db().transaction(async (tx) => {
      await tx.query(`select set_config('audit.context', $1, true)`, [
        JSON.stringify({ actorId: null, actorName: 'Test', orgId: ACME, siteId: null }),
      ]);
      await tx.query(`update orgs set name = name || ' Renamed' where id = 2`);
      await tx.query(
        `update licences set seats = seats + 1
          where id = (select min(id) from licences where customer_org_id = 2)`,
      );
    });
    const events = await audit.eventsAfter(before);
    expect(events.map((e) => e.record_type)).toEqual(['organization', 'licence']);
    expect(Object.keys(events[1]?.changes ?? {})).toEqual(['seats']);
  });

  it("follow a licence's new customer, product, subscription and user, and a user deleted", async () => {
    const before = await audit.lastId();
    await asRequest(
      db(),
      ACME,
      `insert into licences (vendor_org_id, customer_org_id, subscription_id, offering_id, state, seats)
       select vendor_org_id, customer_org_id, subscription_id, offering_id, 'Active', 1
         from licences where vendor_org_id = $1 and subscription_id is not null order by id limit 1`,
      [ACME],
    );
    const [created] = await audit.eventsAfter(before);
    // The creation's event shows what the licence is, not the copies.
    expect(Object.keys(created?.changes ?? {})).toContain('customer_org_id');
    expect(Object.keys(created?.changes ?? {}).filter((k) => k.endsWith('_sort'))).toEqual([]);
    const id = Number(created?.record_id);
    const [user] = await db().query<{ id: number }>(
      `insert into users (email, first_name, last_name) values ('sortkey@example.com', 'Aaron', 'Sort')
       returning id`,
    );
    await asRequest(
      db(),
      ACME,
      `update licences set assigned_user_id = $2, subscription_id = null,
              customer_org_id = (select min(id) from orgs where id <> customer_org_id),
              offering_id = (select max(id) from offerings where org_id = vendor_org_id)
        where id = $1`,
      [id, user?.id],
    );
    expect(await stale()).toEqual([]);
    const [copies] = await db().query<{ user_sort: string | null }>(
      'select user_sort from licences where id = $1',
      [id],
    );
    expect(copies?.user_sort).toBe('aaron sort <sortkey@example.com>');
    await db().query('delete from users where id = $1', [user?.id]);
    expect(await stale()).toEqual([]);
    const [after] = await db().query<{ user_sort: string | null }>(
      'select user_sort from licences where id = $1',
      [id],
    );
    expect(after?.user_sort).toBeNull();
  });
});

describe('the Issued Licences sorted by a joined name', () => {
  it('read one index in its order, both ways, with no sort of the rows', async () => {
    for (const [sortBy, index] of [
      [customerSort, 'licences_vendor_customer_sort'],
      [productSort, 'licences_vendor_product_sort'],
      [subscriptionSort, 'licences_vendor_subscription_sort'],
      [userSort, 'licences_vendor_user_sort'],
    ] as const) {
      for (const sortDesc of [false, true]) {
        const plan = await sortPlan(issuedLicences, sortBy, sortDesc);
        const where = `${sortBy} ${sortDesc ? 'desc' : 'asc'}`;
        expect(plan, where).toMatch(
          new RegExp(`Index Only Scan (Backward )?using ${index}(_desc)?\\b`),
        );
        expect(plan, where).not.toMatch(/Sort/);
      }
    }
  });
});

describe('the Issued Licences and Customer Subs sorted by their state, computed from today', () => {
  it("read each state's rows in key order, up to the page's end, and sort no computed value", async () => {
    for (const [list, sortBy, table] of [
      [issuedLicences, 'state.name', 'licences'],
      [customerSubs, 'status', 'subscriptions'],
    ] as const) {
      for (const sortDesc of [false, true]) {
        const plan = await sortPlan(list, sortBy, sortDesc);
        const where = `${sortBy} ${sortDesc ? 'desc' : 'asc'}`;
        // Sorting by the computed value read and sorted every row of the vendor: 100-400 ms a
        // page at a million licences.
        expect(plan, where).not.toMatch(/Sort Key: .*CASE/);
        // One walk per state (three each) of an index in key order: the vendor's, or the key's.
        const walks = plan.match(
          new RegExp(`Index Scan (Backward )?using ${table}_(pkey|vendor_id)\\b`, 'g'),
        );
        expect(walks, where).toHaveLength(3);
      }
    }
  });
});

describe('Customer Subs sorted by a column of the subscription or its offering', () => {
  it('read one index in its order, both ways, with no sort of the rows (migrations 098, 099)', async () => {
    for (const sortBy of [
      'name',
      'startDate',
      'endDate',
      'createdAt',
      'seatsAllowed',
      'offering.name',
    ])
      for (const sortDesc of [false, true]) {
        const plan = await sortPlan(customerSubs, sortBy, sortDesc);
        const where = `${sortBy} ${sortDesc ? 'desc' : 'asc'}`;
        expect(plan, where).toMatch(
          /Index (Only )?Scan (Backward )?using subscriptions_vendor_\w+/,
        );
        expect(plan, where).not.toMatch(/Sort/);
      }
  });
});

describe('Customer Subs sorted by seats used', () => {
  it("counts each subscription's assigned licences from their own index", async () => {
    const { sql, params } = customerSubs({ take: 50, sortBy: 'seats', sortDesc: true });
    // Reading each subscription's licences to test their user cost 1.4 s a page at 100,000
    // subscriptions (migration 097).
    expect(await planOf(sql, params)).toMatch(
      /Index Only Scan using licences_subscription_assigned\b/,
    );
  });
});
