import pg from 'pg';
import type { Db, Queryable, SqlParam } from './types';

// Answer int8/numeric as JS numbers (counts and ids here stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly SqlParam[] | readonly unknown[] = []) {
      const res = await c.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'pg',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
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
