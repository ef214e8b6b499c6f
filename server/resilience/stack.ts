import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../db/open';
import { loadKeys } from '../auth/keys';
import { tokenFor, type DemoAccount } from '../test/harness';
import type { App } from '../app';

/**
 * Helpers of the resilience tests (docs/resilience.md): the real server process (main.ts via
 * tsx) on its own port and database, killed and restarted; tokens minted with the stack's own
 * signing key; a throw-away PostgreSQL cluster when the binaries exist.
 */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A free TCP port on loopback (asked from the kernel, so parallel runs do not collide). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface StackOptions {
  port: number;
  /** PGlite folder (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl?: string;
  reset?: boolean;
  demoScale?: number;
  /** pino level of the stack's own log (default warn: the tests read only what went wrong). */
  logLevel?: string;
  rateLimitMax?: number;
  /** The issuer's origin (default http://localhost:<port>); a cluster's is the proxy's. */
  publicUrl?: string;
  /** TRUST_PROXY: the reverse proxy's address (a cluster's processes trust their HAProxy). */
  trustProxy?: string;
  /** More environment, applied last. */
  env?: NodeJS.ProcessEnv;
  /** Called with each chunk the process prints (the cluster tool prefixes and shows them). */
  onOutput?: (chunk: string) => void;
}

export interface RunningStack {
  child: ChildProcess;
  url: string;
  /** Everything the process printed (stdout and stderr). */
  output: () => string;
  /** SIGKILL: no handler runs, nothing is flushed by the process. */
  kill: () => Promise<void>;
  /** SIGTERM: main.ts closes the app and the database cleanly. */
  stop: () => Promise<void>;
}

/** Resolves once nothing accepts connections on the port any more (no orphan left serving). */
async function portClosed(port: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(500) });
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`something still answers on port ${port} after the server was stopped`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `node node_modules/tsx/dist/cli.mjs server/main.ts` and waits for /health. */
export async function startStack(
  options: StackOptions,
  timeoutMs = 120_000,
): Promise<RunningStack> {
  await portClosed(options.port, 2000); // never mistake another process for this one
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: options.publicUrl ?? `http://localhost:${options.port}`,
    DATA_DIR: options.dataDir,
    DEMO_SCALE: String(options.demoScale ?? 0.1),
    RATE_LIMIT_MAX: String(options.rateLimitMax ?? 100_000),
    // Bursts of writes (durability) measure what survives a kill, not the per-organisation quota.
    QUOTA_CUSTOM_DATA_RECORDS: '1000000',
    // Unset: the stack's own default (warn), as `npm start` runs it.
    LOG_LEVEL: options.logLevel ?? '',
    RESET: options.reset ? '1' : '0',
    DATABASE_URL: options.databaseUrl ?? '',
    TRUST_PROXY: options.trustProxy ?? '',
    ...options.env,
  };
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx's cli runs the server in a child node process, and a SIGKILL
    // to the cli alone would leave that child serving (signals are forwarded, SIGKILL cannot be).
    detached: true,
  });
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  let out = '';
  const collect = (d: Buffer) => {
    out += d.toString();
    options.onOutput?.(d.toString());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      group('SIGKILL');
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    output: () => out,
    kill: async () => {
      const done = exited(child);
      group('SIGKILL');
      await done;
      await portClosed(options.port);
    },
    stop: async () => {
      const done = exited(child);
      child.kill('SIGTERM'); // tsx forwards it; main.ts closes the app and the database
      await done;
      await portClosed(options.port);
    },
  };
}

/**
 * Access tokens minted with the harness's method (tokenFor: the provider's own signing key,
 * exactly the provider's claims) against the keys this stack persisted in its database. For
 * PGlite the server must be stopped first (one process owns the folder).
 */
export async function mintTokens<A extends DemoAccount>(
  db: { dataDir: string; databaseUrl?: string },
  port: number,
  accounts: readonly A[],
): Promise<Record<A, string>> {
  const handle = await openDb({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
  try {
    const keys = await loadKeys(handle);
    const app = {
      keys,
      services: { db: handle, issuer: `http://localhost:${port}/identity` },
    } as unknown as App;
    const tokens = {} as Record<A, string>;
    for (const who of accounts) tokens[who] = await tokenFor(app, who, { expiresIn: 3600 });
    return tokens;
  } finally {
    await handle.close();
  }
}

/** PostgreSQL binaries of Debian's postgresql-15 package (the DATABASE_URL path). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const hasPostgres = () =>
  existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'));

export interface TempPostgres {
  databaseUrl: string;
  /** The cluster's folder (its data and socket), for stopTempPostgres from another process. */
  dir: string;
  /** pg_ctl stop -m immediate: the postmaster quits without a checkpoint (a crash). */
  crash: () => void;
  start: () => void;
  destroy: () => Promise<void>;
}

/** A throw-away cluster in a temp folder on a free port, run as the postgres user when root. */
export async function startTempPostgres(): Promise<TempPostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'resilience-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('running as root but there is no postgres user');
    await chown(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
    await chmod(dir, 0o700);
  }
  const run = (bin: string, args: string[]) => {
    const cmd = path.join(PG_BIN, bin);
    const res = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (res.status !== 0) {
      throw new Error(`${bin} ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
    }
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      // fsync stays on (the default): this is the production configuration under test.
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
  start();
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    crash: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy: async () => {
      try {
        // Immediate, as the folder goes next: a fast stop's shutdown checkpoint wrote the test
        // run's cluster (1.6 GB, a database per test file) to disk first, 16 s of every run.
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Stops a cluster of startTempPostgres by its folder (from another process) at once; removes it. */
export async function stopTempPostgres(dir: string): Promise<void> {
  const cmd = path.join(PG_BIN, 'pg_ctl');
  const args = ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];
  if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args]);
  else spawnSync(cmd, args);
  await rm(dir, { recursive: true, force: true });
}
