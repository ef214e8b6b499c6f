// Shared helpers of bench/run.mjs: statistics, child processes pinned to a core, waiting for a
// URL, the machine's description.
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';

export const round = (value, digits = 1) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.round(value * 10 ** digits) / 10 ** digits
    : null;

/** The p-th percentile (nearest rank) of the numbers in values; null when there are none. */
export function percentile(values, p) {
  const numbers = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const rank = Math.min(numbers.length - 1, Math.max(0, Math.ceil((p / 100) * numbers.length) - 1));
  return numbers[rank];
}

export function median(values) {
  const numbers = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const mid = Math.floor(numbers.length / 2);
  return numbers.length % 2 ? numbers[mid] : (numbers[mid - 1] + numbers[mid]) / 2;
}

/** Median, p95 and the runs of one series (times in ms). */
export const summarise = (values) => ({
  medianMs: round(median(values)),
  p95Ms: round(percentile(values, 95)),
  runsMs: values.map((v) => round(v)),
});

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const cores = os.cpus().length;
/** The core of the servers (0) and the core of the browser and load generator (the last one). */
export const SERVER_CORE = 0;
export const CLIENT_CORE = cores > 1 ? cores - 1 : 0;

/**
 * A command and its arguments run on `core` (taskset, when there is more than one core); as they
 * are without a core. A child inherits its parent's cores: this process runs on the browser's.
 */
export function pinned(command, args, core) {
  return hasTaskset && cores > 1 && core !== undefined
    ? ['taskset', ['-c', String(core), command, ...args]]
    : [command, args];
}

/**
 * Starts a long-running child in its own process group (so that stop() ends it and all of its
 * children), pinned to `core` with taskset when there is more than one core.
 */
export function startProcess(name, command, args, { env = {}, core, cwd, log } = {}) {
  const [file, argv] = pinned(command, args, core);
  const child = spawn(file, argv, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
    if (log) process.stdout.write(`[${name}] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  return {
    name,
    child,
    pid: child.pid,
    exit,
    get exited() {
      return exited;
    },
    output: () => output.join(''),
    async stop() {
      if (exited) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timeout = sleep(5000).then(() => 'timeout');
      if ((await Promise.race([exit, timeout])) === 'timeout') {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exit;
      }
      // The leader is gone; make sure no member of its group (a grandchild server) stays behind.
      for (let i = 0; i < 50; i++) {
        try {
          process.kill(-child.pid, 0);
        } catch {
          return;
        }
        await sleep(100);
      }
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    },
  };
}

/** Resolves when `url` answers (any status below 500); rejects after `timeoutMs`. */
export async function waitForUrl(url, { timeoutMs = 120_000, process: proc } = {}) {
  const start = performance.now();
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return performance.now() - start;
    } catch {
      // not yet
    }
    if (proc?.exited)
      throw new Error(`${proc.name} exited before ${url} answered:\n${proc.output()}`);
    if (performance.now() - start > timeoutMs)
      throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** True when nothing listens on the port (localhost). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A free TCP port chosen by the OS. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc). */
export function treeRssBytes(pid) {
  const children = new Map();
  for (const entry of existsSync('/proc') ? readdirProc() : []) {
    children.set(entry.pid, entry.ppid);
  }
  const tree = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of children) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const p of tree) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

function readdirProc() {
  const list = [];
  for (const name of execFileSync('ls', ['/proc']).toString().split('\n')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      list.push({ pid: Number(name), ppid });
    } catch {
      // gone
    }
  }
  return list;
}

export function machine() {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const match = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match) cpuModel = match[1].trim();
  } catch {
    // not Linux
  }
  return {
    cpuModel,
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    loadAverage: os.loadavg().map((v) => round(v, 2)),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    taskset: hasTaskset,
    serverCore: SERVER_CORE,
    clientCore: CLIENT_CORE,
  };
}

/**
 * The code a run measures: the commit, and the files that differed from it (the benchmark's own
 * results left out). Null outside a git work tree.
 */
export function codeVersion(repo) {
  const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD').trim();
    const changed = git('status', '--porcelain')
      .split('\n')
      .map((line) => line.slice(3))
      .filter((file) => file && !file.startsWith('bench/results/'));
    // What those files hold, so that a later edit of a file changed already is seen too.
    const diff = git('diff', 'HEAD', '--', '.', ':(exclude)bench/results');
    const digest = createHash('sha256').update(diff).digest('hex').slice(0, 12);
    return { commit, uncommitted: changed, ...(changed.length ? { diff: digest } : {}) };
  } catch {
    return null;
  }
}

export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'].find((p) =>
    existsSync(p),
  );

/** The flags of e2e/support/chromium.ts (headless, closed network, root). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
