import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAPROXY_BIN, hasHaproxy } from './cluster';
import { freePort, hasPostgres, PG_BIN, repoRoot, stopTempPostgres } from './stack';

/**
 * `npm run start:cluster` stopped by Ctrl-C (issue 19; docs/deployment.md). A terminal's Ctrl-C
 * is SIGINT to the whole foreground process group: npm, the shell and the tool get it at once,
 * and anything else the tool left in its group would too. Started here in a process group of its
 * own (as a terminal does) and sent SIGINT as a group; afterwards no process it started may be
 * left, no port it used may answer, no temp folder may remain, and the exit is clean.
 *
 * Needs PostgreSQL's binaries and HAProxy (.ci/run installs both), like cluster.test.ts.
 */

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  cmd: string[];
}

/** Every process of the machine (namespace), from /proc. */
function processes(): Proc[] {
  const all: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses.
      const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      all.push({ pid: Number(entry), ppid: Number(ppid), state, cmd });
    } catch {
      // exited while listed
    }
  }
  return all;
}

/** The process and everything it started (a daemonised postmaster is found by its own pid). */
function tree(root: number, all = processes()): Proc[] {
  const found = all.filter((p) => p.pid === root);
  for (let i = 0; i < found.length; i++) {
    found.push(...all.filter((p) => p.ppid === (found[i] as Proc).pid));
  }
  return found;
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

const answers = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const argAfter = (p: Proc | undefined, flag: string) => p?.cmd[p.cmd.indexOf(flag) + 1];

const tools: ChildProcess[] = [];
const started: Proc[] = [];
const dirs: string[] = [];
afterAll(async () => {
  // Only when a test failed: leave nothing behind for the next run.
  for (const tool of tools) {
    if (tool.pid && tool.exitCode === null && tool.signalCode === null) {
      process.kill(-tool.pid, 'SIGKILL');
    }
  }
  for (const p of started) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
  for (const dir of dirs) if (existsSync(dir)) await stopTempPostgres(dir);
}, 60_000);

/**
 * `npm run start:cluster` with two processes in a process group of its own, as a terminal runs
 * the command in the foreground; `until` says when to press Ctrl-C. Returns what it printed,
 * what it started and how it ended.
 */
async function ctrlC(until: RegExp, { stallMs = 0 } = {}) {
  const missing = [
    hasPostgres() ? '' : `PostgreSQL's binaries in ${PG_BIN} (apt-get install -y postgresql)`,
    hasHaproxy() ? '' : `HAProxy at ${HAPROXY_BIN} (apt-get install -y haproxy)`,
  ].filter(Boolean);
  if (missing.length) throw new Error(`This test needs ${missing.join(' and ')}.`);

  const publicPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(publicPort),
    CLUSTER_SIZE: '2',
    DEMO_SCALE: '0.1',
  };
  delete env.DATABASE_URL; // the throw-away PostgreSQL, which it must remove
  const child = spawn('npm', ['run', 'start:cluster'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  tools.push(child);
  let out = '';
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const collect = (d: Buffer) => {
      out += d.toString();
      if (until.test(out)) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then(() => reject(new Error(`start:cluster exited before ${until}:\n${out}`)));
  });

  // Everything it started: its process tree (npm, sh, tsx, the tool, the stack processes in
  // their own groups, HAProxy's master and worker) and the postmaster, which pg_ctl detached.
  const all = processes();
  const dbPort = Number(/database: postgres:\/\/[^@]+@127\.0\.0\.1:(\d+)\//.exec(out)?.[1]);
  const postmaster = all.find(
    (p) => p.cmd[0]?.endsWith('/postgres') && argAfter(p, '-p') === String(dbPort),
  );
  const mine = [
    ...tree(child.pid as number, all),
    ...(postmaster ? tree(postmaster.pid, all) : []),
  ];
  started.push(...mine);
  const haproxy = mine.find((p) => p.cmd[0] === HAPROXY_BIN);
  const folders = [argAfter(postmaster, '-D'), argAfter(haproxy, '-f')]
    .filter((f) => f !== undefined)
    .map((f) => path.dirname(f));
  dirs.push(...folders);
  const stackPorts = [...out.matchAll(/stack\d+: http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) =>
    Number(m[1]),
  );
  expect(postmaster, `no postmaster on port ${dbPort}:\n${out}`).toBeDefined();

  // Ctrl-C: SIGINT to every process of the foreground group at once. stallMs: a busy machine
  // (ours have 2 cores for several runs) does not schedule the tool for that long just then.
  const before = out.length;
  const toolPid = mine.filter((p) => p.cmd.includes('server/tools/cluster.ts')).at(-1)?.pid;
  if (stallMs && toolPid) process.kill(toolPid, 'SIGSTOP');
  process.kill(-(child.pid as number), 'SIGINT');
  if (stallMs && toolPid) {
    await new Promise((r) => setTimeout(r, stallMs));
    try {
      process.kill(toolPid, 'SIGCONT');
    } catch {
      // killed meanwhile (what tsx's cli does to a child slow to take the signal): see `left`
    }
  }
  const exit = await Promise.race([
    exited,
    new Promise<'still running'>((r) => setTimeout(() => r('still running'), 60_000)),
  ]);
  // What is left the moment the command returns (the terminal's prompt is back).
  const left = mine.filter((p) => alive(p.pid)).map((p) => `${p.pid} ${p.cmd.join(' ')}`);
  const ports = [publicPort, ...stackPorts, dbPort];
  const answering: string[] = [];
  for (const port of ports) if (await answers(port)) answering.push(`127.0.0.1:${port}`);
  if (await answers(publicPort, '::1')) answering.push(`[::1]:${publicPort}`);
  return {
    out: out.slice(0, before),
    after: out.slice(before),
    exit,
    mine,
    haproxy,
    folders,
    stackPorts,
    left,
    answering,
  };
}

/** A clean end of Ctrl-C: everything stopped, said once, nothing that looks like a failure. */
function expectCleanStop(run: Awaited<ReturnType<typeof ctrlC>>) {
  // 0, or npm passing on the interrupt (what a shell shows as 130), as for any script.
  expect(
    [
      { code: 0, signal: null },
      { code: null, signal: 'SIGINT' },
    ],
    run.after,
  ).toContainEqual(run.exit);
  expect(run.left, run.after).toEqual([]);
  expect(run.answering, 'ports still answering').toEqual([]);
  expect(run.folders.filter((d) => existsSync(d))).toEqual([]);
  expect(run.after.match(/SIGINT: stopping the proxy/g)).toHaveLength(1);
  expect(run.after).toMatch(/stopped\.\n$/);
  expect(run.after).not.toMatch(/error|alert|exited with code [1-9]|\n\s+at |ELIFECYCLE/i);
}

describe('npm run start:cluster', () => {
  it(
    'stops every process it started, frees its ports and removes its folders on Ctrl-C',
    {
      timeout: 150_000,
    },
    async () => {
      const run = await ctrlC(/cluster ready:/, { stallMs: 300 });
      // What the run had started, so that the checks check something.
      expect(run.haproxy, run.out).toBeDefined();
      expect(run.stackPorts).toHaveLength(2);
      expect(run.mine.filter((p) => p.cmd.includes('server/main.ts')).length).toBeGreaterThan(1);
      expect(run.folders).toHaveLength(2);
      expectCleanStop(run);
    },
  );

  it(
    'stops what has started when Ctrl-C comes while it is still starting',
    {
      timeout: 150_000,
    },
    async () => {
      // The database and the first process answer; the second is starting.
      const run = await ctrlC(/stack1: http/);
      expect(run.out).not.toContain('cluster ready');
      expectCleanStop(run);
    },
  );
});
