import type { Db } from './types';

/**
 * PGlite runs no autovacuum, so nothing ever ANALYZEs its tables: without statistics the planner
 * guesses (a few rows per organisation) and joins every row of a list before sorting it.
 * Analyzes the tables never analyzed, or grown or shrunk by more than 10 % (in pages) since
 * (the catalog tells; PGlite does not flush the activity counters autovacuum would read).
 * PostgreSQL (DATABASE_URL) has autovacuum: nothing to do. Returns the tables analyzed.
 */
export async function refreshPlannerStats(db: Db): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const stale = await db.query<{ name: string }>(
    `select c.relname as name
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / current_setting('block_size')::int
             - c.relpages) > 1 + 0.1 * c.relpages)
      order by 1`,
  );
  if (stale.length === 0) return [];
  const names = stale.map((r) => r.name);
  await db.exec(`analyze ${names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ')}`);
  return names;
}
