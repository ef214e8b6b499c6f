import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './types';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies server/db/migrations/*.sql in name order, each once, each in its own transaction;
 * `until` (a migration's file name) stops after it: a database as an older release left it.
 */
export async function migrate(db: Db, options: { until?: string } = {}): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
  );
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (options.until !== undefined && file > options.until) break;
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** The advisory lock a starting process holds on PostgreSQL (any constant: ours alone). */
const STARTUP_LOCK = 7_190_019;
const starting = new WeakMap<Db, Promise<unknown>>();

/**
 * Runs fn (migrations, the demo seed) while no other process or app on the same database does
 * the same, so that several stack processes started at once (a cluster, docs/deployment.md) do
 * not migrate or seed twice. On PostgreSQL a transaction holds an advisory lock while fn works
 * on the pool's other connections; apps of one process on one database wait in turn (the
 * embedded database is never shared by processes).
 */
export function startingAlone<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const locked = () =>
    db.kind === 'pg'
      ? db.transaction(async (tx) => {
          await tx.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
          return fn();
        })
      : fn();
  const run = (starting.get(db) ?? Promise.resolve()).then(locked, locked);
  starting.set(db, run);
  return run;
}
