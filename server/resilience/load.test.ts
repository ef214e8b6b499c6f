import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, mintTokens, startStack, type RunningStack } from './stack';

/**
 * Load (issue 11, "Faults and load"; figures in docs/resilience.md): bounded autocannon runs on
 * loopback against the real server process (own port, own DATA_DIR, DEMO_SCALE 1, the API rate
 * limit raised) on list (take 50 and take 1000), detail and metadata endpoints with real tokens:
 * zero errors, zero timeouts, zero non-2xx answers.
 *
 * RESILIENCE_LOAD_SECONDS (default 2 per endpoint, so `npm test` stays short) and
 * RESILIENCE_LOAD_CONNECTIONS (default 10); `npm run test:resilience` runs 30 s × 50 connections.
 * A machine too busy to finish one request per connection in that time gets a second run of one
 * request per connection, however long it takes: every endpoint is measured, never skipped.
 */
const SECONDS = Number(process.env.RESILIENCE_LOAD_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.RESILIENCE_LOAD_CONNECTIONS ?? 10);

let stack: RunningStack | undefined;
const base = () => {
  if (!stack) throw new Error('the stack is not running');
  return stack.url;
};
let dir = '';
let tokens: Record<'owner' | 'sysadmin', string>;
afterAll(async () => {
  await stack?.stop().catch(() => stack?.kill());
  if (dir) await rm(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'resilience-load-'));
  const dataDir = path.join(dir, 'db');
  const port = await freePort();
  const opts = { port, dataDir, demoScale: 1, rateLimitMax: 10_000_000 };
  // Seed, stop cleanly, mint tokens with the stack's persisted signing key, start for the run.
  const first = await startStack({ ...opts, reset: true });
  await first.stop();
  tokens = await mintTokens({ dataDir }, port, ['owner', 'sysadmin'] as const);
  stack = await startStack(opts);
}, 180_000);

async function firstId(url: string, token: string): Promise<number> {
  const res = await fetch(`${base()}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ skip: 0, take: 1 }),
  });
  expect(res.status).toBe(200);
  const id = ((await res.json()) as { data: { results: Array<{ id: number }> } }).data.results[0]
    ?.id;
  if (typeof id !== 'number') throw new Error(`no record in ${url}`);
  return id;
}

interface Figures {
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
const figures: Figures[] = [];

async function hammer(
  endpoint: string,
  request: { path: string; token: string; body?: unknown },
): Promise<Figures> {
  const run = (bound: { duration: number } | { amount: number }) =>
    autocannon({
      url: `${base()}${request.path}`,
      method: request.body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${request.token}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      connections: CONNECTIONS,
      ...bound,
      timeout: 20,
    });
  const first = await run({ duration: SECONDS });
  const runs =
    first.requests.total < CONNECTIONS ? [first, await run({ amount: CONNECTIONS })] : [first];
  const result = runs[runs.length - 1] ?? first;
  const sum = (of: (r: typeof first) => number) => runs.reduce((n, r) => n + of(r), 0);
  const f: Figures = {
    endpoint,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Errors of every run count.
    requests: sum((r) => r.requests.total),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
  };
  figures.push(f);
  return f;
}

describe(`load: ${CONNECTIONS} connections × ${SECONDS} s per endpoint, loopback`, () => {
  afterAll(() => {
    console.log(
      `[load] ${CONNECTIONS} connections, ${SECONDS} s each\n` +
        '| endpoint | req/s | p50 ms | p99 ms | requests | errors | timeouts | non-2xx |\n' +
        '|---|---|---|---|---|---|---|---|\n' +
        figures
          .map(
            (f) =>
              `| ${f.endpoint} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.requests} | ${f.errors} | ${f.timeouts} | ${f.non2xx} |`,
          )
          .join('\n'),
    );
  });

  const cases: Array<[string, () => Promise<{ path: string; token: string; body?: unknown }>]> = [
    [
      'POST /crm/v1/admin/users/list take 50',
      async () => ({
        path: '/crm/v1/admin/users/list',
        token: tokens.sysadmin,
        body: { skip: 0, take: 50 },
      }),
    ],
    [
      'POST /crm/v1/admin/users/list take 1000',
      async () => ({
        path: '/crm/v1/admin/users/list',
        token: tokens.sysadmin,
        body: { skip: 0, take: 1000 },
      }),
    ],
    [
      'POST /crm/v1/orgs/1/offerings/list take 50',
      async () => ({
        path: '/crm/v1/orgs/1/offerings/list',
        token: tokens.owner,
        body: { skip: 0, take: 50 },
      }),
    ],
    [
      'GET /crm/v1/orgs/1/offerings/{id}',
      async () => ({
        path: `/crm/v1/orgs/1/offerings/${await firstId('/crm/v1/orgs/1/offerings/list', tokens.owner)}`,
        token: tokens.owner,
      }),
    ],
    [
      'GET /crm/v1/orgs/1/issued-licences/{id}',
      async () => ({
        path: `/crm/v1/orgs/1/issued-licences/${await firstId('/crm/v1/orgs/1/issued-licences/list', tokens.owner)}`,
        token: tokens.owner,
      }),
    ],
    [
      'GET /crm/v1/Orgs/GetUserMetadata',
      async () => ({ path: '/crm/v1/Orgs/GetUserMetadata', token: tokens.owner }),
    ],
  ];

  for (const [endpoint, request] of cases) {
    it(
      `${endpoint}: zero errors, zero timeouts, zero non-2xx`,
      async () => {
        const f = await hammer(endpoint, await request());
        expect(f.requests).toBeGreaterThanOrEqual(CONNECTIONS);
        expect({ errors: f.errors, timeouts: f.timeouts, non2xx: f.non2xx }).toEqual({
          errors: 0,
          timeouts: 0,
          non2xx: 0,
        });
      },
      SECONDS * 1000 + 60_000,
    );
  }
});
