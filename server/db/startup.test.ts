import { afterAll, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { emptyTestDbHandles, TEST_CONFIG } from '../test/harness';
import type { Db } from './types';

/**
 * Issue 19, several stack processes on one database: processes started at once on an empty
 * database migrate and seed it once between them (migrate.ts startingAlone). Here two apps on one
 * database start together; on PostgreSQL the same lock holds between processes (the cluster's
 * processes, server/resilience/cluster.ts).
 */
let dbs: Db[] = [];
let apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of new Set(dbs)) await db.close();
});

it('two stacks starting at once on an empty database migrate and seed it once', async () => {
  // Each with its own handle: on PostgreSQL its own pool, as a process of its own has.
  dbs = await emptyTestDbHandles(2);
  apps = await Promise.all(
    dbs.map((db) => buildApp({ db, keepDbOpen: true, config: TEST_CONFIG })),
  );
  const db = dbs[0] as Db;
  // Seeded once: one Acme Mining (organisation names are unique, so a second seed fails too).
  const [orgs] = await db.query<{ acme: number }>(
    `select count(*)::int as acme from orgs where name = 'Acme Mining'`,
  );
  expect(orgs?.acme).toBe(1);
  for (const app of apps) {
    const health = await app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
  }
});
