import { rm } from 'node:fs/promises';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/open';
import { wipe } from './seed/seed';

/**
 * npm run server:reset: deletes the data folder (or, with DATABASE_URL, drops and recreates the
 * public schema) and seeds the demo data again (DEMO_SCALE), through the same start-up path as
 * the server.
 */
const config = loadConfig();
const started = Date.now();
if (config.databaseUrl) {
  const db = await openDb({ databaseUrl: config.databaseUrl });
  await wipe(db);
  await db.close();
} else {
  await rm(config.dataDir, { recursive: true, force: true });
}
const app = await buildApp();
await app.close();
console.log(
  `reset ${config.databaseUrl ? 'the database' : config.dataDir} and seeded in ${Date.now() - started} ms`,
);
