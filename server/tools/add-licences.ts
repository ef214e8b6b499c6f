/**
 * Adds the large scenario to the stack's database (docs/lists.md): customers, subscriptions and
 * licences of Acme Mining, set-based. The database is the stack's (DATABASE_URL, else DATA_DIR),
 * migrated and seeded first when it is new. Stop the stack first when it runs on PGlite.
 *   npx tsx server/tools/add-licences.ts 1000000
 */
import { loadConfig } from '../config';
import { openDb } from '../db/open';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../seed/seed';
import { addIssuedLicences } from '../seed/scale';

const licences = Number(process.argv[2] ?? '1000000');
if (!Number.isInteger(licences) || licences < 1) {
  console.error('usage: add-licences.ts <number of licences>');
  process.exit(2);
}
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  await seedIfEmpty(db, config.demoScale);
  const started = Date.now();
  const added = await addIssuedLicences(db, { licences });
  console.log(
    `added ${added.licences} licences, ${added.subscriptions} subscriptions and ${added.customers} customers in ${Date.now() - started} ms`,
  );
} finally {
  await db.close();
}
