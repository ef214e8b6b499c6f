import { expect, it } from 'vitest';
import { useTestApp } from '../test/use-app';

/**
 * The seed leaves its tables as a maintained database would be: analyzed (the planner knows their
 * sizes) and vacuumed (every page all-visible, so a deep page is walked in an index alone:
 * server/db/stats.ts). PGlite has no autovacuum to do either later.
 */
const app = useTestApp();

it('leaves the tables it wrote analyzed and vacuumed', async () => {
  const tables = await app().services.db.query<{
    relname: string;
    reltuples: number;
    relpages: number;
    relallvisible: number;
  }>(
    `select relname, reltuples::int as reltuples, relpages, relallvisible from pg_class
      where relname in ('licences', 'subscriptions', 'orgs', 'users', 'blasts') order by relname`,
  );
  expect(tables.map((t) => t.relname)).toEqual([
    'blasts',
    'licences',
    'orgs',
    'subscriptions',
    'users',
  ]);
  for (const t of tables) {
    expect(t.reltuples, t.relname).toBeGreaterThan(0);
    expect(t.relallvisible, t.relname).toBe(t.relpages);
  }
});
