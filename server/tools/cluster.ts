/**
 * `npm run start:cluster`: CLUSTER_SIZE stack processes (default 3) on one PostgreSQL behind
 * HAProxy, round robin, on the public port 4000 (docs/deployment.md). DATABASE_URL: that
 * database; unset: a throw-away PostgreSQL cluster, removed on exit. Ctrl-C stops everything.
 */
import { startCluster, hasHaproxy, HAPROXY_BIN, type RunningCluster } from '../resilience/cluster';
import { hasPostgres, PG_BIN } from '../resilience/stack';

const size = Number(process.env.CLUSTER_SIZE ?? 3);
if (!Number.isInteger(size) || size < 1) throw new Error('CLUSTER_SIZE must be a whole number ≥ 1');
const publicPort = Number(process.env.PORT ?? 4000);
if (!hasHaproxy()) {
  console.error(`HAProxy is needed at ${HAPROXY_BIN} (Debian: apt-get install -y haproxy).`);
  process.exit(1);
}
if (!process.env.DATABASE_URL && !hasPostgres()) {
  console.error(
    `Set DATABASE_URL, or install PostgreSQL's binaries in ${PG_BIN} (Debian: apt-get install -y postgresql).`,
  );
  process.exit(1);
}

/** Each line of a process's output, prefixed with its name. */
const partial = new Map<string, string>();
const show = (name: string, chunk: string) => {
  const lines = ((partial.get(name) ?? '') + chunk).split('\n');
  partial.set(name, lines.pop() ?? '');
  for (const line of lines) if (line.trim()) console.log(`[${name.padEnd(7)}] ${line}`);
};

// Ctrl-C is SIGINT to the terminal's whole foreground group (npm, sh, this process); the stack
// processes and HAProxy run in groups of their own, so only this process stops them, in order.
// Listening from the start: a Ctrl-C while starting stops what has started, too.
const starting = new AbortController();
let cluster: RunningCluster | undefined;
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the proxy, the processes and the throw-away database…`);
  starting.abort();
  if (!cluster) return; // startCluster stops what it started, then rejects (below)
  await cluster.stop();
  console.log('stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

console.log(
  `starting ${size} stack processes on ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'a throw-away PostgreSQL'}…`,
);
try {
  cluster = await startCluster({
    size,
    publicPort,
    databaseUrl: process.env.DATABASE_URL || undefined,
    demoScale: Number(process.env.DEMO_SCALE ?? 1),
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    rateLimitMax: Number(process.env.RATE_LIMIT_MAX ?? 6000),
    env: { QUOTA_CUSTOM_DATA_RECORDS: process.env.QUOTA_CUSTOM_DATA_RECORDS ?? '100' },
    onOutput: show,
    onStarted: (name, url) =>
      console.log(
        name === 'database' ? `database: ${url} (throw-away, removed on exit)` : `${name}: ${url}`,
      ),
    signal: starting.signal,
  });
} catch (error) {
  if (!starting.signal.aborted) throw error;
  console.log('stopped.');
  process.exit(0);
}
console.log(
  `cluster ready: ${cluster.publicUrl} (HAProxy, round robin over ${size}); the portals: npm run dev:org, npm run dev:site. Ctrl-C stops it.`,
);
