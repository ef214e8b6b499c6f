/**
 * A statement whose text holds this comment is planned for its own values on every call, like a
 * search (`ilike`), never kept prepared (server/db/pg.ts): the list engine marks the keys it found
 * first (one actor's name or three hundred organisations'), whose plans differ as the patterns'.
 */
export const PLANNED_PER_CALL = '/* planned per call */';

/**
 * A search (an `ilike` pattern) or a statement marked PLANNED_PER_CALL: run unnamed, so that each
 * call is planned for its own values. After five executions PostgreSQL may keep a named
 * statement's generic plan, which prices every pattern alike: at a million audit events that
 * turned a 2.5 ms search into 733 ms (docs/performance.md, the audit lists at a million events);
 * on the embedded database All Users' search went from 70 to 285 ms at its sixth call.
 */
export const plannedPerCall = (text: string): boolean =>
  /\bilike\b/i.test(text) || text.includes(PLANNED_PER_CALL);

/** The one small query interface over PGlite and node-postgres. */
export type SqlParam =
  string | number | boolean | null | Date | Uint8Array | readonly unknown[] | object;

export interface Queryable {
  /** Runs one parameterised statement ($1, $2, ...) and answers its rows. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlParam[] | readonly unknown[],
  ): Promise<T[]>;
  /** Runs one or more statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs fn in one transaction: every write of fn commits together or not at all. `setup`:
   * statements without parameters run first in it, sent with the BEGIN (on PostgreSQL one round
   * trip, not two: the audit trail's context, audit-context.ts).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { setup?: string }): Promise<T>;
  close(): Promise<void>;
}
