import type { Queryable, SqlParam } from '../db/types';
import type { Prng } from './prng';

/** What every seeder of a resource gets: the transaction, the PRNG and the scale. */
export interface SeedContext {
  tx: Queryable;
  /** One PRNG for the whole seed: the seeders run in a fixed order, so the data is the same. */
  r: Prng;
  /** A generated count at the seed's scale: base × scale, at least min. */
  n: (base: number, min?: number) => number;
  /** The hash of the demo password, shared by the demo accounts. */
  pw: string;
}

/**
 * Inserts rows in chunks, each chunk one statement with one parameter: the rows as a JSON array
 * that json_populate_recordset turns into the table's row type (its own column types convert
 * the values). Far faster than a parameter per value: PGlite parses one small statement per
 * chunk. Columns not listed keep their defaults. A json or jsonb column takes the value itself (an
 * array or object), not its JSON text.
 */
export async function insertMany(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: SqlParam[][],
) {
  const per = 5000;
  const list = columns.join(',');
  for (let i = 0; i < rows.length; i += per) {
    const json = JSON.stringify(
      rows.slice(i, i + per).map((row) => Object.fromEntries(columns.map((c, k) => [c, row[k]]))),
    );
    await tx.query(
      `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`,
      [json],
    );
  }
}

/**
 * The row triggers that keep a table's copies of other tables' values, and the statement that
 * fills the rows lacking them (the sort keys of migrations 096 and 099). A loader may write the
 * copies itself; the fill then finds nothing to do.
 */
const COPIES: Readonly<Record<string, { trigger: string; fill: string }>> = {
  licences: { trigger: 'licences_sort_keys', fill: 'select licence_sort_keys_fill()' },
  subscriptions: {
    trigger: 'subscriptions_sort_keys',
    fill: 'select subscription_sort_keys_fill()',
  },
};

/**
 * Runs a bulk load of a table the way PostgreSQL's manual advises ("Populating a Database"):
 * its secondary indexes and foreign keys are dropped, the rows written, then the indexes built
 * in one pass each and the foreign keys added back, which checks every row in one join instead
 * of a trigger call per row and key. A table's copies of other tables' values, kept by a row
 * trigger, are filled the same way: the trigger off, one statement after the load (COPIES). In
 * the caller's transaction: all or nothing.
 */
export async function bulkLoad(tx: Queryable, table: string, load: () => Promise<void>) {
  const keys = await tx.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = $1::regclass and contype = 'f' order by conname`,
    [table],
  );
  const indexes = await tx.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = $1
        and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)
      order by indexname`,
    [table],
  );
  for (const k of keys) await tx.exec(`alter table ${table} drop constraint "${k.name}"`);
  for (const i of indexes) await tx.exec(`drop index "${i.name}"`);
  const copies = COPIES[table];
  // A database migrated only part of the way (audit-cost.ts --until) may not keep them yet.
  const kept =
    copies !== undefined &&
    (
      await tx.query('select 1 from pg_trigger where tgrelid = $1::regclass and tgname = $2', [
        table,
        copies.trigger,
      ])
    ).length > 0;
  if (kept) await tx.exec(`alter table ${table} disable trigger ${copies.trigger}`);
  await load();
  if (kept) {
    await tx.exec(copies.fill);
    await tx.exec(`alter table ${table} enable trigger ${copies.trigger}`);
  }
  for (const i of indexes) await tx.exec(i.def);
  for (const k of keys) await tx.exec(`alter table ${table} add constraint "${k.name}" ${k.def}`);
}

export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
/**
 * Dates are relative to the day of seeding (UTC midnight) so licences and subscriptions are
 * current whenever the demo is started; everything else is identical on every run.
 */
export const BASE = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
/** The day `days` after the seed's day, YYYY-MM-DD. */
export const d = (days: number) => iso(addDays(BASE, days));
