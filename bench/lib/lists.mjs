// The lists at any size (issue 16, docs/lists.md): the Issued Licences list endpoint under
// autocannon at 10k and 100k rows on the embedded database and 1M rows on PostgreSQL, beside
// PostgreSQL answering the page's own statement (pgbench), plus deep, sorted, filtered and
// searched variants. Each scenario runs a stack of its own on a free port.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, signInOverHttp } from './http.mjs';
import { SERVER_CORE, freePort, pinned, round } from './util.mjs';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const ORG_PORTAL = 'http://localhost:5173'; // the redirect URI the provider knows (not served)
const ACCOUNT = { email: 'owner@example.com', password: 'demo' };

/** The scenarios: DEMO_SCALE 3 and 30 give Acme ~10k and ~100k issued licences. */
export function listScenarios(smoke) {
  const only = process.env.BENCH_LISTS?.split(',');
  return allScenarios(smoke).filter((s) => !only || only.includes(s.name.replace('lists.', '')));
}
function allScenarios(smoke) {
  if (smoke)
    return [{ name: 'lists.smoke', label: 'smoke (PGlite, in memory)', scale: 0.1, memory: true }];
  return [
    { name: 'lists.embedded10k', label: '10k rows, PGlite', scale: 3 },
    { name: 'lists.embedded100k', label: '100k rows, PGlite', scale: 30 },
    { name: 'lists.postgres1m', label: '1M rows, PostgreSQL', scale: 1, licences: 1_000_000 },
  ];
}

/** How many of a list's first pages the paging requests pick from: 200, or all of them. */
const pagesOf = (total) => Math.max(1, Math.min(200, Math.floor(total / 50)));
/** The requests: [name, body of a request, or a function of the total giving one]. */
const page = (total, extra = {}) => {
  // A random one of the first pages: paging, not one cached answer.
  const pages = pagesOf(total);
  return () => ({ take: 50, skip: 50 * Math.floor(Math.random() * pages), ...extra });
};
const VARIANTS = [
  ['page50', (total) => page(total)],
  ['sortCustomer', (total) => page(total, { sortBy: 'customerOrg.name' })],
  ['sortExpiryDesc', (total) => page(total, { sortBy: 'expiry', sortDesc: true })],
  ['sortProduct', (total) => page(total, { sortBy: 'product.name' })],
  ['sortSubscriptionDesc', (total) => page(total, { sortBy: 'subscription.name', sortDesc: true })],
  [
    'filtered',
    () => () => ({ take: 50, filters: { 'state.name': 'Suspended', seats: { min: 5, max: 15 } } }),
  ],
  ['search', () => () => ({ take: 50, search: 'ridge' })],
  ['deep', (total) => () => ({ take: 50, skip: Math.max(0, total - 100) })],
];
/** The statements pgbench runs: the same page statements as the stack, on the same random pages. */
const PGBENCH = [
  ['page50', { take: 50 }],
  ['sortCustomer', { take: 50, sortBy: 'customerOrg.name' }],
];

function tool(repo, tsx, args, env = {}, core = undefined) {
  const [file, argv] = pinned(process.execPath, [tsx, ...args], core);
  const result = spawnSync(file, argv, {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout.trim();
}

/**
 * pgbench with a page's statements (its keys, then their rows), prepared (as the stack's
 * statements are: server/db/pg.ts), 10 clients; answers transactions (pages) per second.
 */
function pgbench(databaseUrl, sql, { durationS, connections }) {
  const dir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  const file = join(dir, 'page.sql');
  writeFileSync(file, `${sql}\n`);
  try {
    const url = new URL(databaseUrl);
    const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2'];
    args.push('-T', String(durationS), '-f', file);
    args.push('-h', url.hostname, '-p', url.port, '-U', url.username, url.pathname.slice(1));
    const result = spawnSync(join(PG_BIN, 'pgbench'), args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pgbench failed:\n${result.stderr}`);
    const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(result.stdout)?.[1];
    return { tps: round(Number(tps)), latencyAverageMs: round(Number(latency), 2) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The data of a scenario: a stack data folder of its own seeded at its scale, or, for the
 * million-row scenario, a throw-away PostgreSQL cluster with the licences loaded (set-based, timed
 * as `{name}.loadMs`). Answers the stack options and `stop()` (removes the cluster).
 */
export function scenarioData({ repo, tsx, dataDir, fig }, scenario) {
  if (!scenario.licences) {
    return {
      stackOptions: {
        dataDir: scenario.memory ? 'memory' : join(dataDir, `lists-${scenario.scale}`),
        scale: scenario.scale,
        env: {},
      },
      databaseUrl: null,
      stop: () => undefined,
    };
  }
  // The cluster runs on the servers' core (it inherits the core of what starts it).
  const cluster = JSON.parse(
    tool(repo, tsx, ['server/tools/bench-postgres.ts', 'start'], {}, SERVER_CORE),
  );
  try {
    const started = performance.now();
    const loaded = tool(repo, tsx, ['server/tools/add-licences.ts', String(scenario.licences)], {
      DATABASE_URL: cluster.databaseUrl,
      DEMO_SCALE: String(scenario.scale),
    });
    fig(`${scenario.name}.loadMs`, round(performance.now() - started));
    console.log(`   ${loaded}`);
  } catch (error) {
    tool(repo, tsx, ['server/tools/bench-postgres.ts', 'stop', cluster.dir]);
    throw error;
  }
  return {
    stackOptions: {
      dataDir: join(dataDir, `lists-${scenario.scale}`),
      scale: scenario.scale,
      env: { DATABASE_URL: cluster.databaseUrl },
    },
    databaseUrl: cluster.databaseUrl,
    stop: () => tool(repo, tsx, ['server/tools/bench-postgres.ts', 'stop', cluster.dir]),
  };
}

/**
 * Runs every scenario. `startStack({ port, dataDir, scale, env })` starts the stack (its
 * process registered for stopAll), `fig` records a figure, `details` the runs.
 */
export async function listsPhase({ repo, tsx, smoke, dataDir, opts, startStack, fig, details }) {
  for (const scenario of listScenarios(smoke)) {
    console.log(`   ${scenario.label} …`);
    const data = scenarioData({ repo, tsx, dataDir, fig }, scenario);
    try {
      const port = await freePort();
      const started = performance.now();
      const stack = await startStack({ port, ...data.stackOptions });
      fig(`${scenario.name}.startMs`, round(performance.now() - started));
      const url = `http://localhost:${port}`;
      const token = await signInOverHttp(url, { ...ACCOUNT, portal: ORG_PORTAL });
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const list = `${url}/crm/v1/orgs/1/issued-licences/list`;
      const first = await fetch(list, { method: 'POST', headers, body: '{"take":1}' });
      const { data: answer } = await first.json();
      fig(`${scenario.name}.rows`, answer.totalAvailable);
      console.log(
        `   ${answer.totalAvailable} issued licences${answer.totalIsEstimate ? ' (estimated)' : ''}`,
      );
      for (const [variant, bodyOf] of VARIANTS) {
        const body = bodyOf(answer.totalAvailable);
        const options = {
          url: list,
          method: 'POST',
          headers,
          requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
        };
        if (!smoke) await load(variant, options, { durationS: 1, connections: opts.connections });
        const r = await load(variant, options, opts);
        details[`${scenario.name}.${variant}`] = { ...r, request: body() };
        fig(`${scenario.name}.${variant}.rps`, r.rps);
        fig(`${scenario.name}.${variant}.p50Ms`, r.p50Ms);
        fig(`${scenario.name}.${variant}.p99Ms`, r.p99Ms);
        if (r.errors) fig(`${scenario.name}.${variant}.errors`, r.errors);
        console.log(
          `   ${variant}: ${r.rps} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors ? `, ${r.errors} errors` : ''}`,
        );
      }
      if (data.databaseUrl) {
        for (const [variant, body] of PGBENCH) {
          const sql = tool(repo, tsx, [
            'server/tools/bench-postgres.ts',
            'sql',
            JSON.stringify(body),
            String(pagesOf(answer.totalAvailable)),
          ]);
          const r = pgbench(data.databaseUrl, sql, opts);
          details[`${scenario.name}.pgbench.${variant}`] = { ...r, sql };
          fig(`${scenario.name}.pgbench.${variant}.tps`, r.tps);
          console.log(`   pgbench ${variant}: ${r.tps} tps, latency ${r.latencyAverageMs} ms`);
        }
      }
      await stack.stop();
    } finally {
      data.stop();
    }
  }
}
