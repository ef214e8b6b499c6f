/**
 * Load against the cluster (issue 19; docs/performance.md § Several processes): the bounded
 * autocannon load of server/resilience/load.test.ts, a list page and a write, against one process
 * and against HAProxy with 2 and with CLUSTER_SIZE (3) processes, all on one throw-away
 * PostgreSQL. Writes bench/results/cluster.json; throughput and p99 as ratios to one process.
 *
 *   npm exec -- tsx server/tools/cluster-load.ts   (LOAD_SECONDS 5, LOAD_CONNECTIONS 20)
 */
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { startCluster } from '../resilience/cluster';
import { freePort, mintTokens, startTempPostgres } from '../resilience/stack';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);
const N = Number(process.env.CLUSTER_SIZE ?? 3);

interface Figure {
  target: string;
  processes: number;
  endpoint: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const pg = await startTempPostgres();
const figures: Figure[] = [];
let write = 0;
try {
  for (const size of [1, 2, N]) {
    const publicPort = await freePort();
    const cluster = await startCluster({
      size,
      publicPort,
      databaseUrl: pg.databaseUrl,
      demoScale: 1,
      rateLimitMax: 100_000_000,
    });
    try {
      const { owner } = await mintTokens(
        { dataDir: 'unused', databaseUrl: pg.databaseUrl },
        publicPort,
        ['owner'] as const,
      );
      // One process: addressed directly (no proxy); more: through the proxy.
      const base = size === 1 ? (cluster.stacks[0]?.url ?? '') : cluster.url;
      const target = size === 1 ? 'one process' : `HAProxy, ${size} processes`;
      const headers = { authorization: `Bearer ${owner}`, 'content-type': 'application/json' };
      const runs = [
        {
          endpoint: 'list page (offerings, take 50)',
          opts: {
            url: `${base}/crm/v1/orgs/1/offerings/list`,
            method: 'POST' as const,
            body: JSON.stringify({ skip: 0, take: 50 }),
          },
        },
        {
          endpoint: 'write (custom data record)',
          opts: {
            url: `${base}/crm/v1/orgs/1/custom-data`,
            method: 'POST' as const,
            requests: [
              {
                setupRequest: (req: Record<string, unknown>) => ({
                  ...req,
                  body: JSON.stringify({
                    name: `load-${size}-${++write}`,
                    executionPriority: 0,
                    data: '{}',
                  }),
                }),
              },
            ],
          },
        },
      ];
      for (const run of runs) {
        const result = await autocannon({
          ...run.opts,
          headers,
          connections: CONNECTIONS,
          duration: SECONDS,
          timeout: 20,
        });
        figures.push({
          target,
          processes: size,
          endpoint: run.endpoint,
          rps: Math.round(result.requests.average),
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
        console.log(JSON.stringify(figures[figures.length - 1]));
      }
    } finally {
      await cluster.stop();
    }
  }
} finally {
  await pg.destroy();
}

const one = (endpoint: string) => figures.find((f) => f.processes === 1 && f.endpoint === endpoint);
const rows = figures.map((f) => ({
  ...f,
  rpsRatio: Number((f.rps / (one(f.endpoint)?.rps ?? f.rps)).toFixed(2)),
  p99Ratio: Number((f.p99 / (one(f.endpoint)?.p99 ?? f.p99)).toFixed(2)),
}));
await writeFile(
  'bench/results/cluster.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      seconds: SECONDS,
      connections: CONNECTIONS,
      database: 'PostgreSQL 15 (throw-away cluster, same machine)',
      figures: rows,
    },
    null,
    2,
  )}\n`,
);
console.log(
  '| target | endpoint | req/s | ratio | p99 ms | ratio | non-2xx |\n|---|---|---|---|---|---|---|\n' +
    rows
      .map(
        (r) =>
          `| ${r.target} | ${r.endpoint} | ${r.rps} | ${r.rpsRatio} | ${r.p99} | ${r.p99Ratio} | ${r.non2xx} |`,
      )
      .join('\n'),
);
process.exit(0);
