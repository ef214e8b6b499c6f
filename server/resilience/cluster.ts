import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startStack, startTempPostgres, type RunningStack } from './stack';

/**
 * Several stack processes on one PostgreSQL behind HAProxy, round robin (issue 19;
 * docs/deployment.md). Used by `npm run start:cluster` (server/tools/cluster.ts) and the cluster
 * test (server/resilience/cluster.test.ts).
 */

/** Debian's haproxy package (HAPROXY_BIN overrides). */
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
export const hasHaproxy = () => existsSync(HAPROXY_BIN);

/** Whether the machine has the IPv6 loopback (::1): without it, HAProxy could not bind it. */
export const hasIpv6Loopback = () =>
  Object.values(networkInterfaces()).some((addresses) =>
    addresses?.some((a) => a.internal && a.family === 'IPv6' && a.address === '::1'),
  );

/** The proxy's configuration: round robin over the processes, health checks on /health. */
export function haproxyConfig(
  publicPort: number,
  backends: readonly number[],
  ipv6 = hasIpv6Loopback(),
): string {
  return [
    'global',
    '  maxconn 4096',
    // A soft stop (SIGUSR1, RunningCluster.stop) lets requests in flight finish, not forever.
    '  hard-stop-after 10s',
    // HAProxy binds with SO_REUSEPORT by default: a second proxy on a port in use would start
    // beside the first and take part of its connections (two clusters, one address, each
    // request to either). Without it, the second fails to start: "Address already in use".
    '  noreuseport',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // The processes trust the proxy's X-Forwarded-For (TRUST_PROXY): limits stay per client.
    '  option forwardfor',
    // A process that refuses the connection (killed, restarting): the request goes to another.
    // Only connection failures are retried, so a write is never sent twice.
    '  retries 3',
    '  option redispatch 1',
    'frontend public',
    // Both loopbacks: `localhost` is ::1 first on many machines (Node ≥ 17 keeps the
    // resolver's order; browsers try both), and a portal must not depend on the order. Still
    // loopback only, as before: the cluster is not offered to the network.
    `  bind 127.0.0.1:${publicPort}`,
    ...(ipv6 ? [`  bind [::1]:${publicPort}`] : []),
    '  default_backend stack',
    'backend stack',
    '  balance roundrobin',
    '  option httpchk GET /health',
    '  http-check expect status 200',
    ...backends.map(
      (port, i) => `  server stack${i + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 1`,
    ),
    '',
  ].join('\n');
}

export interface ClusterOptions {
  size: number;
  /** The proxy's port: the issuer is http://localhost:<publicPort> (4000 for the portals). */
  publicPort: number;
  /** One PostgreSQL for all; unset: a throw-away cluster, removed by stop(). */
  databaseUrl?: string;
  demoScale?: number;
  logLevel?: string;
  rateLimitMax?: number;
  env?: NodeJS.ProcessEnv;
  /** Each process's output, with its name (stack1, stack2, …, haproxy). */
  onOutput?: (name: string, chunk: string) => void;
  /** Each part once it answers: 'database' (its URL), 'stack1', 'stack2', … (their URLs). */
  onStarted?: (name: string, url: string) => void;
  /**
   * Aborted (Ctrl-C while starting): start nothing more, stop what started, then reject with
   * an AbortError.
   */
  signal?: AbortSignal;
}

export interface RunningCluster {
  /** The proxy's address (http://127.0.0.1:<publicPort>). */
  url: string;
  /** The proxy's configuration (haproxyConfig), as written. */
  proxyConfig: string;
  /** What the proxy has printed so far. */
  proxyOutput: () => string;
  publicUrl: string;
  databaseUrl: string;
  stacks: RunningStack[];
  proxy: ChildProcess;
  /** Stops the proxy, every process and the throw-away database; removes temp folders. */
  stop: () => Promise<void>;
}

async function waitFor(url: string, deadline: number, alive: () => boolean) {
  for (;;) {
    if (!alive()) throw new Error(`gave up waiting for ${url}: the process exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const cleanup: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
  };
  const stillWanted = () => options.signal?.throwIfAborted();
  try {
    stillWanted();
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const pg = await startTempPostgres();
      cleanup.push(() => pg.destroy());
      databaseUrl = pg.databaseUrl;
      options.onStarted?.('database', databaseUrl);
    }
    const publicUrl = `http://localhost:${options.publicPort}`;
    const stacks: RunningStack[] = [];
    cleanup.push(async () => {
      await Promise.all(stacks.map((s) => s.stop().catch(() => s.kill())));
    });
    const start = async (i: number) => {
      stillWanted();
      const port = await freePort();
      const stack = await startStack({
        port,
        dataDir: 'unused',
        databaseUrl,
        publicUrl,
        trustProxy: '127.0.0.1',
        demoScale: options.demoScale,
        logLevel: options.logLevel,
        rateLimitMax: options.rateLimitMax,
        env: options.env,
        onOutput: (chunk) => options.onOutput?.(`stack${i + 1}`, chunk),
      });
      stacks[i] = stack;
      options.onStarted?.(`stack${i + 1}`, stack.url);
    };
    // The first migrates and seeds an empty database alone; the others find it ready.
    await start(0);
    await Promise.all(Array.from({ length: options.size - 1 }, (_, i) => start(i + 1)));
    stillWanted();

    const dir = await mkdtemp(path.join(tmpdir(), 'stack-cluster-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const config = path.join(dir, 'haproxy.cfg');
    const ports = stacks.map((s) => Number(new URL(s.url).port));
    const proxyConfig = haproxyConfig(options.publicPort, ports);
    await writeFile(config, proxyConfig);
    // -db: in the foreground, not a daemon (it stops with us); -W: master-worker. Its own
    // process group, like the stack processes: a terminal's Ctrl-C (SIGINT to the foreground
    // group) reaches only the tool, which stops the proxy first, then the processes, then the
    // database; the proxy interrupted on its own would only report its worker killed.
    const proxy = spawn(HAPROXY_BIN, ['-db', '-W', '-f', config], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const exited = new Promise<void>((resolve) => proxy.once('exit', () => resolve()));
    cleanup.push(async () => {
      // SIGUSR1: a soft stop; it stops listening and lets requests in flight finish.
      if (proxy.exitCode === null && proxy.signalCode === null) proxy.kill('SIGUSR1');
      await exited;
    });
    let proxyOut = '';
    const show = (d: Buffer) => {
      proxyOut += d.toString();
      options.onOutput?.('haproxy', d.toString());
    };
    proxy.stdout.on('data', show);
    proxy.stderr.on('data', show);
    const url = `http://127.0.0.1:${options.publicPort}`;
    try {
      await waitFor(
        `${url}/health`,
        Date.now() + 30_000,
        () => proxy.exitCode === null && proxy.signalCode === null && !options.signal?.aborted,
      );
    } catch (error) {
      stillWanted();
      throw new Error(`${(error as Error).message}\n${proxyOut}`);
    }
    stillWanted();
    return {
      url,
      proxyConfig,
      proxyOutput: () => proxyOut,
      publicUrl,
      databaseUrl,
      stacks,
      proxy,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
