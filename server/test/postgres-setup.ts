/**
 * vitest globalSetup of the `server-pg` project (npm run test:server:pg): a throw-away
 * PostgreSQL cluster for the run (the Debian package's binaries, as server/resilience does), with
 * a database migrated and seeded like the PGlite test template. Each test file then gets its own
 * copy of it (CREATE DATABASE … TEMPLATE, server/test/harness.ts). The cluster is removed at the
 * end of the run.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPg } from '../db/pg';
import { migrate } from '../db/migrate';
import { seed } from '../seed/seed';
import { loadKeys } from '../auth/keys';
import { PG_BIN, hasPostgres, startTempPostgres } from '../resilience/stack';
import { PG_TEMPLATE_DB, TEST_SCALE } from './harness';

export default async function setup(project: TestProject) {
  if (!hasPostgres()) {
    throw new Error(
      `The server-pg tests need PostgreSQL's binaries in ${PG_BIN} (Debian: apt-get install -y postgresql; or set PG_BIN)`,
    );
  }
  const cluster = await startTempPostgres();
  const admin = new pg.Client({ connectionString: cluster.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${PG_TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = cluster.databaseUrl.replace(/\/[^/]*$/, `/${PG_TEMPLATE_DB}`);
  const db = await openPg(templateUrl);
  await migrate(db);
  await seed(db, TEST_SCALE);
  await loadKeys(db);
  await db.exec('vacuum analyze');
  await db.close();
  // To this project's files alone (harness.ts postgresClusterUrl), not through the environment,
  // which the server project's workers, started by the same run, would inherit.
  project.provide('testPostgresUrl', cluster.databaseUrl);
  return async () => {
    await cluster.destroy();
  };
}
