import type { PGlite } from '@electric-sql/pglite';

/**
 * Puts a seeded PGlite database back to the state of the seeded template in place, for the next
 * test file of the same worker (harness.ts): a reset of what a test file changed costs tens of
 * milliseconds, where loading the template into a new PGlite costs about 0.6 s, once for every
 * test file that boots an app (and, in a mutation run, for every mutant it covers).
 *
 * What a test file can change, and how each comes back:
 * - rows: a table with a row written since the database was handed out (a row whose xmin is
 *   that late) or with another row count (a row deleted) is emptied and copied back from the
 *   template's rows, with triggers and foreign-key checks off (as a restore does), then vacuumed
 *   and analysed, so that its planner statistics and visibility map are the template's again;
 * - sequences: every one is set back to the template's value;
 * - the session: DISCARD ALL (settings, prepared statements, temporary tables, advisory locks,
 *   listens) and a transaction left open is rolled back;
 * - the schema: a table, column, index, constraint, trigger, function or type added, changed or
 *   dropped cannot be put back this way. The reset then answers false and the database is not
 *   used again.
 */
export interface TemplateState {
  tables: Array<{ name: string; rows: number; copy?: Blob }>;
  /** One statement setting every sequence back to its value in the template. */
  sequences: string;
  catalogs: Record<string, number>;
}

/** The catalogs whose rows describe the schema (pg_statistic, which ANALYZE rewrites, is not). */
const CATALOGS = [
  'pg_namespace',
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_trigger',
  'pg_proc',
  'pg_type',
  'pg_rewrite',
  'pg_policy',
  'pg_extension',
];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows of each catalog or table, and whether one of them was written from transaction `since` on. */
async function counts(pglite: PGlite, relations: string[], since: number) {
  const { rows } = await pglite.query<{ i: number; n: number; written: boolean }>(
    `${relations
      .map(
        (name, i) =>
          `select ${i} as i, count(*)::int as n, coalesce(max(xmin::text::bigint), 0) >= ${since} as written from ${name}`,
      )
      .join(' union all ')} order by i`,
  );
  return rows;
}

/** The template's state, read from a database just loaded from it. */
export async function captureTemplate(pglite: PGlite): Promise<TemplateState> {
  const { rows: tables } = await pglite.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const names = tables.map((t) => ident(t.name));
  const rows = await counts(pglite, names, Number.MAX_SAFE_INTEGER);
  const copies: TemplateState['tables'] = [];
  for (const [i, { name }] of tables.entries()) {
    const count = rows[i]?.n ?? 0;
    // COPY of a table without rows answers no blob (and COPY FROM a missing blob never returns).
    const copy =
      count > 0
        ? (await pglite.query(`copy ${ident(name)} to '/dev/blob' with (format binary)`)).blob
        : undefined;
    copies.push({ name, rows: count, ...(copy ? { copy } : {}) });
  }
  const { rows: sequences } = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
      where schemaname = 'public' order by 1`,
  );
  const values = sequences.length
    ? (
        await pglite.query<{ name: string; last_value: string; is_called: boolean }>(
          sequences
            .map(
              ({ name }) =>
                `select '${name.replace(/'/g, "''")}' as name, last_value::text, is_called from ${name}`,
            )
            .join(' union all '),
        )
      ).rows
    : [];
  const catalogRows = await counts(pglite, CATALOGS, Number.MAX_SAFE_INTEGER);
  return {
    tables: copies,
    sequences: values.length
      ? `select ${values
          .map((v) => `setval('${v.name.replace(/'/g, "''")}', ${v.last_value}, ${v.is_called})`)
          .join(', ')}`
      : '',
    catalogs: Object.fromEntries(CATALOGS.map((c, i) => [c, catalogRows[i]?.n ?? 0])),
  };
}

/** The transaction from which a write counts as the test's own: taken when the database is handed out. */
export async function currentTransaction(pglite: PGlite): Promise<number> {
  const { rows } = await pglite.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
  return Number(rows[0]?.xid);
}

/**
 * Puts the database back to the template's state (above). `since`: currentTransaction() when it
 * was handed out. Answers false when its schema changed: it must not be used again.
 */
export async function resetToTemplate(
  pglite: PGlite,
  template: TemplateState,
  since: number,
): Promise<boolean> {
  if (pglite.isInTransaction()) await pglite.exec('rollback');
  await pglite.exec('discard all');
  const catalogs = await counts(pglite, CATALOGS, since);
  if (catalogs.some((c, i) => c.written || c.n !== template.catalogs[CATALOGS[i] as string]))
    return false;
  const tables = await counts(
    pglite,
    template.tables.map((t) => ident(t.name)),
    since,
  );
  const changed = template.tables.filter((t, i) => tables[i]?.written || tables[i]?.n !== t.rows);
  if (changed.length > 0) {
    await pglite.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      for (const table of changed) {
        await tx.exec(`delete from ${ident(table.name)}`);
        if (table.copy)
          await tx.query(`copy ${ident(table.name)} from '/dev/blob' with (format binary)`, [], {
            blob: table.copy,
          });
      }
    });
    await pglite.exec(`vacuum analyze ${changed.map((t) => ident(t.name)).join(', ')}`);
  }
  if (template.sequences) await pglite.exec(template.sequences);
  return true;
}
