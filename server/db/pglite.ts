import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { plannedPerCall, type Db, type Queryable, type SqlParam } from './types';

const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<T>(sql: string, params: readonly SqlParam[] | readonly unknown[] = []) {
    const res = await q.query<T>(sql, params as unknown[]);
    return res.rows;
  },
  async exec(sql: string) {
    await q.exec(sql);
  },
});

/** Named prepared statements kept per connection (the least recently used are closed). */
const MAX_PREPARED = 200;

interface Prepared {
  name: string;
  /** Parameter type oids, as the server inferred them (they pick the serializers). */
  paramTypes: number[];
}

/**
 * Queries outside transactions as named prepared statements (docs/performance.md, local stack).
 * PGlite's own query() parses and plans every statement anew; in WASM planning a six-table join
 * costs several milliseconds, more than running it. A statement is parsed once per text and
 * then only bound and executed, in one round trip into the WASM backend. Same locks as
 * PGlite.query(): it waits for an open transaction and runs one statement at a time.
 */
function preparedQueries(pglite: PGlite) {
  const { serialize } = protocol;
  const statements = new Map<string, Prepared>();
  let counter = 0;

  const concat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };

  /**
   * Parses a new named statement (closing the least recently used one when full), or the
   * unnamed one for a statement planned per call (plannedPerCall: a search, the keys a list
   * found first), which PostgreSQL plans for its own values each time and keeps no plan of.
   */
  async function prepare(sql: string): Promise<Prepared> {
    const parts: Uint8Array[] = [];
    if (plannedPerCall(sql)) {
      parts.push(
        serialize.parse({ name: '', text: sql }),
        serialize.describe({ type: 'S', name: '' }),
        serialize.sync(),
      );
      const { messages } = await pglite.execProtocol(concat(parts), { syncToFs: false });
      return { name: '', paramTypes: parse.parseDescribeStatementResults(messages) };
    }
    if (statements.size >= MAX_PREPARED) {
      const [oldSql, old] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldSql);
      parts.push(serialize.close({ type: 'S', name: old.name }));
    }
    const name = `s${++counter}`;
    parts.push(
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const { messages } = await pglite.execProtocol(concat(parts), { syncToFs: false });
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(sql, prepared);
    return prepared;
  }

  async function run<T>(sql: string, params: readonly unknown[], retry = true): Promise<T[]> {
    let st = statements.get(sql);
    if (st) {
      // Most recently used last.
      statements.delete(sql);
      statements.set(sql, st);
    } else {
      st = await prepare(sql);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[st.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const { messages } = await pglite.execProtocol(
        concat([
          serialize.bind({ statement: st.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
    } catch (error) {
      // A failed statement is parsed anew next time (e.g. after a schema change).
      statements.delete(sql);
      await pglite
        .execProtocol(concat([serialize.close({ type: 'S', name: st.name }), serialize.sync()]), {
          syncToFs: false,
        })
        .catch(() => undefined);
      // 0A000 "cached plan must not change result type": a table changed under the statement.
      if (retry && (error as { code?: string }).code === '0A000') return run(sql, params, false);
      throw error;
    }
  }

  return async function query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    await pglite._checkReady();
    const rows = await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() => run<T>(sql, params)),
    );
    await pglite.syncToFs(); // as PGlite.query() does after a statement outside a transaction
    return rows;
  };
}

export interface PgliteOptions {
  /** A folder to persist to; undefined keeps the database in memory. */
  dataDir?: string;
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    // The extensions the migrations create (040: trigram indexes of the lists' searches).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return pgliteDb(pglite, () => pglite.close());
}

/**
 * The Db over an open PGlite, with its own prepared statements. `release` runs at the first
 * close() (openPglite: closing the PGlite; the test harness keeps it for the next test file).
 * After close() every statement is refused, as a closed PGlite refuses it.
 */
export function pgliteDb(pglite: PGlite, release: () => Promise<void>): Db & { pglite: PGlite } {
  // PGlite runs one statement at a time; serialise transactions so they never interleave.
  let closed = false;
  const prepared = preparedQueries(pglite);
  const open = () => {
    if (closed) throw new Error('PGlite is closed');
  };
  return {
    kind: 'pglite',
    pglite,
    async query<T>(sql: string, params?: readonly unknown[]) {
      open();
      return prepared<T>(sql, params);
    },
    async exec(sql: string) {
      open();
      await pglite.exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { setup?: string }) {
      open();
      return pglite.transaction(async (tx) => {
        if (options?.setup) await tx.exec(options.setup);
        return fn(wrap(tx));
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await release();
    },
  };
}
