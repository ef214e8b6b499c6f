import type { Db } from '../db/types';
import { bulkLoad } from './context';
import { ORG_A, ORG_B } from './names';

/**
 * The large scenario of the benchmark (docs/lists.md, docs/performance.md): more customers of
 * Acme Mining, subscriptions sold to them and licences issued under those, generated in SQL
 * (insert … select from generate_series), so that a million licences load in seconds, not row
 * by row. Deterministic: every value is a function of the row number (multiplicative hashing),
 * dates are relative to the day of loading, like the demo seed's.
 */
export interface ScaleOptions {
  licences: number;
  /** Default: one customer per 100 licences. */
  customers?: number;
  /** Default: one subscription per 10 licences. */
  subscriptions?: number;
  /** The vendor (default Acme Mining, 1): its offerings are sold. */
  vendorOrgId?: number;
}

/** A pseudo-random integer in [0, m) from a row number and a multiplier (Knuth's hashing). */
const hash = (i: string, multiplier: number, m: number | string) =>
  `(((${i})::bigint * ${multiplier}) % 2147483647 % (${m}))::int`;
const textArray = (items: readonly string[]) =>
  `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

export async function addIssuedLicences(db: Db, options: ScaleOptions) {
  const licences = Math.max(0, Math.floor(options.licences));
  const customers = Math.max(1, options.customers ?? Math.ceil(licences / 100));
  const subscriptions = Math.max(1, options.subscriptions ?? Math.ceil(licences / 10));
  const vendor = options.vendorOrgId ?? 1;
  await db.transaction(async (tx) => {
    // Index builds sort in memory (PostgreSQL; PGlite keeps its own small default).
    if (db.kind === 'pg') await tx.exec(`set local maintenance_work_mem = '256MB'`);
    const [base] = await tx.query<{ orgs: number; subs: number }>(
      `select (select coalesce(max(id), 0) from orgs)::int as orgs,
              (select coalesce(max(id), 0) from subscriptions)::int as subs`,
    );
    const orgBase = base?.orgs ?? 0;
    const subBase = base?.subs ?? 0;
    await tx.query(
      `insert into orgs (name, description, custom_data)
       select (${textArray(ORG_A)})[1 + ${hash('i', 7919, ORG_A.length)}] || ' ' ||
              (${textArray(ORG_B)})[1 + ${hash('i', 104729, ORG_B.length)}] || ' ' || ($1::int + i),
              'Customer organisation number ' || ($1::int + i), '{}'
         from generate_series(1, $2::int) i order by i`,
      [orgBase, customers],
    );
    await bulkLoad(tx, 'subscriptions', async () => {
      // With the offering's sort key (migration 099), as the licences below write theirs.
      await tx.query(
        `insert into subscriptions (vendor_org_id, subscriber_org_id, offering_id, name, start_date,
                                  end_date, seats_allowed, is_disabled, offering_sort)
       select $1::int, c.id, f.id, f.name || ' #' || ($3::int + i), g.start_date,
              g.start_date + (365 * (1 + ${hash('i', 69069, 3)})), 1 + ${hash('i', 40503, 50)},
              ${hash('i', 1103515245, 20)} = 0, lower(f.name)
         from generate_series(1, $2::int) i
         cross join lateral (select current_date - ${hash('i', 2654435761, 900)} as start_date) g
         join (select id, row_number() over (order by id) - 1 as k from orgs where id > $4::int) c
           on c.k = ${hash('i', 16807, customers)}
         join (select id, name, row_number() over (order by id) - 1 as k from offerings where org_id = $1::int) f
           on f.k = ${hash('i', 48271, `(select count(*) from offerings where org_id = ${vendor})`)}
        order by i`,
        [vendor, subscriptions, subBase, orgBase],
      );
    });
    await bulkLoad(tx, 'licences', async () => {
      // With their sort keys (migration 096), from names joined in the same pass: bulkLoad's
      // fill, a second pass over every row, then finds none to write.
      await tx.query(
        `insert into licences (vendor_org_id, customer_org_id, subscription_id, offering_id, state,
                             seats, expiry, issued_at, customer_sort, product_sort, subscription_sort)
       select $1::int, s.subscriber_org_id, s.id, s.offering_id,
              case when e.expiry < current_date then 'Expired'
                   when ${hash('i', 69621, 12)} = 0 then 'Suspended' else 'Active' end,
              1 + ${hash('i', 48271, 20)}, e.expiry,
              -- As the demo seed's (seed/licences.ts issuedBefore): its term before it expires,
              -- and on a day before today (a time of today might be later than now).
              least(e.expiry - (30 + ${hash('i', 16807, 700)}), current_date - 1 - ${hash('i', 16807, 700)} % 31)
                + interval '1 second' * ${hash('i', 40503, 86400)},
              lower(co.name), lower(f.name), lower(s.name)
         from generate_series(1, $2::int) i
         cross join lateral (select current_date + (${hash('i', 1103515245, 1300)} - 400) as expiry) e
         join (select id, subscriber_org_id, offering_id, name, row_number() over (order by id) - 1 as k
                 from subscriptions where id > $3::int) s
           on s.k = ${hash('i', 2654435761, subscriptions)}
         join orgs co on co.id = s.subscriber_org_id
         join offerings f on f.id = s.offering_id
        order by i`,
        [vendor, licences, subBase],
      );
    });
  });
  // Planner statistics and the visibility map (index-only counts) for what was just written.
  await db.exec('vacuum analyze orgs, subscriptions, licences');
  return { licences, customers, subscriptions };
}

/** The large vendor of the e2e suite (docs/local-stack.md): its name and its owner's address. */
export const LARGE_VENDOR = { name: 'Zenith Licensing', owner: 'vendor@example.com' } as const;

/**
 * LARGE_VENDOR_LICENCES=N (the e2e stack): a vendor whose issued licences do not fit in the
 * browser, so that its lists run in the table's server mode end to end. Zenith Licensing
 * (product-owner enabled, two offerings), owned by vendor@example.com (password demo, the demo
 * accounts' hash), with N licences added by addIssuedLicences. Once per database.
 */
export async function ensureLargeVendor(db: Db, licences: number): Promise<boolean> {
  if (licences < 1) return false;
  const [exists] = await db.query<{ id: number }>(
    'select id from orgs where lower(name) = lower($1)',
    [LARGE_VENDOR.name],
  );
  if (exists) return false;
  const vendorOrgId = await db.transaction(async (tx) => {
    const [org] = await tx.query<{ id: number }>(
      `insert into orgs (name, description, custom_data, is_product_owner_enabled)
       values ($1, 'A vendor with more licences than a browser holds (e2e)', '{}', true) returning id`,
      [LARGE_VENDOR.name],
    );
    if (!org) throw new Error('the large vendor was not created');
    const [user] = await tx.query<{ id: number }>(
      `insert into users (email, first_name, last_name, password_hash, email_verified_at)
       select $1, 'Vera', 'Vendor', password_hash, now() from users
        where email = 'owner@example.com' returning id`,
      [LARGE_VENDOR.owner],
    );
    if (!user) throw new Error('the demo accounts are not seeded');
    await tx.query(
      `insert into org_members (org_id, user_id, is_org_owner, is_org_admin) values ($1, $2, true, true)`,
      [org.id, user.id],
    );
    await tx.query(
      `insert into offerings (org_id, kind, name, description)
       values ($1, 'product', 'Zenith Survey', 'Survey software'),
              ($1, 'service', 'Zenith Support', 'Support plans')`,
      [org.id],
    );
    return org.id;
  });
  await addIssuedLicences(db, { licences, vendorOrgId });
  return true;
}
