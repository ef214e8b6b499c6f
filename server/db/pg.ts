import { createHash } from 'node:crypto';
import pg from 'pg';
import { plannedPerCall, type Db, type Queryable, type SqlParam } from './types';

/**
 * Statements run as named prepared statements, one name per SQL text (docs/performance.md,
 * lists at any size): each connection parses and plans a text once, then binds and executes it.
 * Planning the lists' joins costs more than running them (a page of a million rows: ~2.5 ms to
 * plan, ~0.5 ms to run); pgbench measured 4.2× the throughput prepared. At most MAX_NAMED texts
 * get a name (the code's statements are a bounded set; any text beyond runs unnamed).
 */
const MAX_NAMED = 2000;
const names = new Map<string, string>();
/** A search or a statement marked planned-per-call runs unnamed (plannedPerCall, types.ts). */
function statement(text: string, values: unknown[]): pg.QueryConfig {
  // A text already named (never a planned-per-call one) skips the tests: it runs on every call.
  let name = names.get(text);
  if (name) return { name, text, values };
  if (plannedPerCall(text)) return { text, values };
  if (names.size < MAX_NAMED) {
    name = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name ? { name, text, values } : { text, values };
}

// Answer int8/numeric as JS numbers (counts and ids here stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly SqlParam[] | readonly unknown[] = []) {
      const res = await c.query(statement(sql, params as unknown[]));
      return res.rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'pg',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { setup?: string }) {
      const client = await pool.connect();
      try {
        await client.query(options?.setup ? `begin; ${options.setup}` : 'begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
