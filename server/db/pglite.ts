import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, SqlParam } from './types';

const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<T>(sql: string, params: readonly SqlParam[] | readonly unknown[] = []) {
    const res = await q.query<T>(sql, params as unknown[]);
    return res.rows;
  },
  async exec(sql: string) {
    await q.exec(sql);
  },
});

export interface PgliteOptions {
  /** A folder to persist to; undefined keeps the database in memory. */
  dataDir?: string;
  /** A tarball made by dumpDataDir to start from (tests: a seeded template). */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite runs one statement at a time; serialise transactions so they never interleave.
  let closed = false;
  return {
    kind: 'pglite',
    pglite,
    ...wrap(pglite),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pglite.transaction(async (tx) => fn(wrap(tx)));
    },
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}
