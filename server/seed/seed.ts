import { seedOperatorSites } from './operator-sites';
import type { Db } from '../db/types';
import { hashPassword } from '../auth/passwords';
import { seedBlasts } from './blasts';
import type { SeedContext } from './context';
import { seedOrgCustomData } from './custom-data';
import { seedEmailPreferences } from './email-preferences';
import { seedLicences } from './licences';
import { seedNodeLibraries } from './node-libraries';
import { seedOfferings } from './offerings';
import { seedOrgs } from './orgs';
import { prng } from './prng';
import { seedSites } from './sites';
import { seedSubscriptions } from './subscriptions';
import { seedUsers } from './users';

export { insertMany } from './context';

const SERIAL_TABLES = [
  'users',
  'orgs',
  'org_custom_data',
  'offerings',
  'offering_features',
  'offering_custom_data',
  'subscriptions',
  'subscription_attachments',
  'licences',
  'support_requests',
  'subscription_registrations',
  'sites',
  'blasts',
  'shared_blasts',
  'node_libraries',
  'error_events',
];

export async function wipe(db: Db) {
  await db.exec('drop schema public cascade; create schema public;');
}

export async function seedIfEmpty(db: Db, scale: number): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from users');
  if ((row?.n ?? 0) > 0) return false;
  await seed(db, scale);
  return true;
}

/**
 * Seeds the demo data of ARCHITECTURE.md with fixed ids, then generated data (seeded PRNG), one
 * seeder per resource in a fixed order (they share the PRNG, so the order is part of the data).
 */
export async function seed(db: Db, scale: number) {
  const pw = await hashPassword('demo'); // one salted hash shared by all demo accounts (same password)
  await db.transaction(async (tx) => {
    const ctx: SeedContext = {
      tx,
      r: prng(20250601),
      n: (base, min = 1) => Math.max(min, Math.round(base * scale)),
      pw,
    };
    const orgs = await seedOrgs(ctx);
    const { memberships } = await seedUsers(ctx, orgs);
    await seedOrgCustomData(ctx);
    const offerings = await seedOfferings(ctx);
    const subs = await seedSubscriptions(ctx, orgs, offerings);
    await seedLicences(ctx, subs);
    const sites = await seedSites(ctx, orgs, memberships);
    await seedBlasts(ctx, sites);
    await seedNodeLibraries(ctx);
    await seedEmailPreferences(ctx);
    await seedOperatorSites(tx, scale);
    for (const t of SERIAL_TABLES) {
      await tx.query(
        `select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`,
      );
    }
    // Invitations draw their ids from the users' sequence too.
    await tx.query(
      `select setval('users_id_seq', greatest((select max(id) from users), (select max(id) from invitations), 0) + 1, false)`,
    );
  });
  // Planner statistics of what was written (the index builds of the bulk loads set the row
  // counts, so the start-up check would take the tables for analyzed: server/db/stats.ts), and
  // the visibility maps, so that deep pages are walked in the indexes alone (PGlite has no
  // autovacuum to set them; on PostgreSQL it would, later).
  await db.exec('vacuum analyze');
}
