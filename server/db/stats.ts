import type { Db } from './types';

/**
 * PGlite runs no autovacuum, so nothing ever ANALYZEs its tables: without statistics the planner
 * guesses (a few rows per organisation) and joins every row of a list before sorting it. Nor
 * does anything VACUUM them, so their visibility maps stay unset and an index cannot answer a
 * walk alone: a page 100,000 rows deep visited the table for every row (452 ms, 167,000
 * buffers) where the index alone takes 107 ms (506 buffers; docs/performance.md, session 48).
 * Vacuums and analyzes the tables never analyzed, or grown or shrunk by more than 10 % (in
 * pages) since (the catalog tells; PGlite does not flush the activity counters autovacuum would
 * read). PostgreSQL (DATABASE_URL) has autovacuum: nothing to do. Returns the tables done.
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
  await db.exec(`vacuum analyze ${names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ')}`);
  return names;
}
