import type { Queryable } from '../db/types';

/** Expired windows are swept once every this many counts (by each process). */
const SWEEP_EVERY = 1000;

interface Hits {
  current: number;
  ttl: number;
}

/**
 * The request rate limit's counters in the database (@fastify/rate-limit's custom store), so the
 * processes of a cluster count together (docs/deployment.md). A fixed window per key, as the
 * plugin's own in-memory store: one upsert per request starts the key's window or counts in it.
 */
export function databaseRateLimitStore(db: Queryable, now: () => number = Date.now) {
  let counted = 0;
  const sweep = async (windowMs: number) => {
    await db.query('delete from rate_limit_hits where window_start <= $1', [now() - windowMs]);
  };
  const incr = async (key: string, windowMs: number): Promise<Hits> => {
    const at = now();
    // Committed without waiting for the WAL flush (synchronous_commit off for this statement's
    // own transaction only, set_config's is_local): every API request counts here before its
    // handler runs, and waiting for the disk cost 1.5-1.9 ms per request on this machine's
    // PostgreSQL (pgbench, one client: 1.5 ms synchronous, 0.03 ms not), more than the
    // list page itself. A database crash may forget the last fraction of a second of counts
    // (a few forgiven requests, as migration 090 says of a lost row); nothing else commits so.
    const [row] = await db.query<{ hits: number; window_start: string | number }>(
      `with async_commit as (select set_config('synchronous_commit', 'off', true))
       insert into rate_limit_hits as r (key, window_start, hits)
       select $1::text, $2::bigint, 1 from async_commit
       on conflict (key) do update set
         hits = case when r.window_start + $3 <= $2 then 1 else r.hits + 1 end,
         window_start = case when r.window_start + $3 <= $2 then $2 else r.window_start end
       returning hits, window_start`,
      [key, at, windowMs],
    );
    if (++counted % SWEEP_EVERY === 0) void sweep(windowMs).catch(() => undefined);
    const start = Number(row?.window_start ?? at);
    return { current: Number(row?.hits ?? 1), ttl: Math.max(0, start + windowMs - at) };
  };
  /** The plugin constructs its store itself (`new Store(options)`): a class over this db. */
  return class DatabaseRateLimitStore {
    /** A route with limits of its own counts apart (as the plugin's stores do), see child. */
    prefix = '';
    incr(key: string, cb: (error: Error | null, result?: Hits) => void, timeWindow: number): void {
      incr(this.prefix + key, timeWindow).then(
        (hits) => cb(null, hits),
        (error: unknown) => cb(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(route: { method?: string | string[]; url?: string }) {
      const store = new DatabaseRateLimitStore();
      store.prefix = `${String(route.method)} ${route.url ?? ''}|`;
      return store;
    }
  };
}
