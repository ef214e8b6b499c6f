/**
 * `npm run bench` (issue 10): measures both portals and the local stack beside a peer (a small
 * react-admin app over the same stack, bench/peers/react-admin), in one run on one machine, and
 * writes bench/results/latest.json, latest.md and a timestamped copy. docs/performance.md
 * explains the method and the results. A benchmark, not a test: targets are reported as met or
 * not, never asserted.
 *
 *   npm run bench                      # everything (takes the e2e lock: ports 4000/5173/5174)
 *   npm run bench:smoke                # 1 run, small sizes, no peer, free ports only (< 1 min)
 *
 * Environment: BENCH_RUNS (5), BENCH_WARMUPS (2), BENCH_DEMO_SCALE (1: rows of the real
 * issued-licences screen), BENCH_SIZES (1000,10000,50000,100000: rows of the synthetic table
 * page), BENCH_PEER=0 (skip the peer), BENCH_DURATION_S (10: each autocannon run),
 * BENCH_CONNECTIONS (10), BENCH_STARTUP_RUNS (3), BENCH_PHASES (comma list: sizes,table,stack,
 * pageload,form,http,screens,lists,audit,startup), BENCH_LISTS (embedded10k,embedded100k,postgres1m:
 * the scenarios of the screens and lists phases), BENCH_VERBOSE=1 (server output), CHROMIUM_PATH,
 * BENCH_MERGE=1 (a partial run updates the figures of the last full run).
 *
 *   BENCH_PHASES=http BENCH_MERGE=1 npm run bench   # the local stack's figures alone (no build,
 *                                                    # no browser pages: signs in over HTTP)
 *   BENCH_PHASES=sizes,sizes:peer,screens BENCH_MERGE=1 npm run bench
 *                                  # the real Issued Licences screen at 10k, 100k and 1M rows
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { firstLoad, entries } from '../scripts/first-load.mjs';
import {
  CLIENT_CORE,
  SERVER_CORE,
  chromiumPath,
  freePort,
  hasTaskset,
  codeVersion,
  machine,
  portIsFree,
  round,
  startProcess,
  treeRssBytes,
  waitForUrl,
} from './lib/util.mjs';
import {
  instrumentContext,
  launchBrowser,
  measureForm,
  measuredContext,
  measureTable,
  pageLoad,
  peerSession,
  peerTable,
  productTable,
  signIn,
} from './lib/browser.mjs';
import { load, signInOverHttp, withPeakRss } from './lib/http.mjs';
import { listsPhase } from './lib/lists.mjs';
import { screensPhase } from './lib/screens.mjs';
import { composition } from './lib/composition.mjs';
import { ensureLighthouse, lighthouse } from './lib/lighthouse.mjs';
import { writeReport } from './lib/report.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const SMOKE = process.argv.includes('--smoke');
const LOCK = '/tmp/e2e.lock';

// 1. Take the e2e lock (the fixed ports are shared with everybody's e2e runs) and pin this
//    process, hence the browser and the load generator, to the client core; servers go to the
//    server core. Done by running this script again under flock and taskset.
if (!process.env.BENCH_CHILD) {
  let command = [process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  if (hasTaskset && CLIENT_CORE !== SERVER_CORE) {
    command = ['taskset', '-c', String(CLIENT_CORE), ...command];
  }
  const flock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!SMOKE && flock && !process.env.BENCH_NO_LOCK) {
    console.log(`Waiting for ${LOCK} (other e2e runs use the same ports) …`);
    command = ['flock', LOCK, ...command];
  }
  const child = spawnSync(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, BENCH_CHILD: '1' },
  });
  process.exit(child.status ?? 1);
}

const env = process.env;
const num = (name, fallback) => (env[name] !== undefined ? Number(env[name]) : fallback);
const config = {
  smoke: SMOKE,
  runs: num('BENCH_RUNS', SMOKE ? 1 : 5),
  warmups: num('BENCH_WARMUPS', SMOKE ? 0 : 2),
  pageLoadRuns: num('BENCH_RUNS', SMOKE ? 1 : 5),
  pageLoadWarmups: SMOKE ? 0 : 1,
  lighthouseRuns: num('BENCH_LIGHTHOUSE_RUNS', 5),
  lighthouseWarmups: num('BENCH_LIGHTHOUSE_WARMUPS', 1),
  sizes: (env.BENCH_SIZES ?? (SMOKE ? '1000' : '1000,10000,50000,100000')).split(',').map(Number),
  demoScale: num('BENCH_DEMO_SCALE', SMOKE ? 0.1 : 1),
  peer: !SMOKE && env.BENCH_PEER !== '0',
  durationS: num('BENCH_DURATION_S', SMOKE ? 1 : 10),
  connections: num('BENCH_CONNECTIONS', 10),
  startupRuns: num('BENCH_STARTUP_RUNS', SMOKE ? 0 : 3),
  phases: new Set(
    (
      env.BENCH_PHASES ??
      'sizes,table,stack,lighthouse,pageload,form,http,screens,lists,audit,startup'
    ).split(','),
  ),
};
const verbose = env.BENCH_VERBOSE === '1';

const paths = {
  tmp: join(repo, 'bench/results/tmp'),
  dist: join(repo, 'bench/results/tmp/build/dist'),
  tableDist: join(repo, 'bench/results/tmp/table-dist'),
  data: join(repo, 'bench/.data'),
  peer: join(repo, 'bench/peers/react-admin'),
  peerDist: join(repo, 'bench/peers/react-admin/dist'),
  results: join(repo, 'bench/results'),
};

const STACK = 'http://localhost:4000';
const ORG = 'http://localhost:5173';
const SITE = 'http://localhost:5174';
const PEER_PORT = 5175;
const PEER = `http://localhost:${PEER_PORT}`;
const ACCOUNT = { email: 'owner@example.com', password: 'demo' }; // org owner + admin of Acme (org 1)

const results = { figures: {}, details: {}, errors: {} };
const fig = (name, value) => {
  results.figures[name] = value;
};
const processes = [];
const vite = join(repo, 'node_modules/vite/bin/vite.js');
const tsx = join(repo, 'node_modules/tsx/dist/cli.mjs');

async function stopAll() {
  while (processes.length) await processes.pop().stop();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers …`);
    stopAll().finally(() => process.exit(130));
  });
}

/** Runs one phase; a phase that fails is recorded and the run goes on. */
async function phase(name, work) {
  if (!config.phases.has(name.split(':')[0])) return;
  const started = performance.now();
  console.log(`\n== ${name}`);
  try {
    await work();
    console.log(`   (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(`!! ${name} failed: ${error.stack ?? error}`);
    results.errors[name] = String(error.message ?? error);
  }
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: repo,
    stdio: verbose ? 'inherit' : 'pipe',
    encoding: 'utf8',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Figure 1: first-load JS/CSS (gzip, brotli) and the largest route chunk, from the Vite manifest.

function recordSizes(prefix, size) {
  fig(`${prefix}.firstLoadJsGzipBytes`, size.js.gzip);
  fig(`${prefix}.firstLoadJsBrotliBytes`, size.js.brotli);
  fig(`${prefix}.firstLoadJsRawBytes`, size.js.raw);
  fig(`${prefix}.firstLoadCssGzipBytes`, size.css.gzip);
  fig(`${prefix}.firstLoadCssBrotliBytes`, size.css.brotli);
  fig(`${prefix}.largestRouteChunkGzipBytes`, size.largestRoute?.gzip ?? 0);
  results.details[`${prefix}.firstLoad`] = {
    jsFiles: size.jsFiles,
    cssFiles: size.cssFiles,
    largestRouteChunk: size.largestRoute?.file ?? null,
  };
}

async function buildProduct() {
  run(process.execPath, [
    vite,
    'build',
    '--mode',
    'development',
    '--outDir',
    paths.dist,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
  for (const portal of ['org', 'site']) {
    recordSizes(portal, firstLoad(paths.dist, portal));
    // What the first load is made of (by package / source folder), for docs/performance.md.
    results.details[`${portal}.firstLoadComposition`] = composition(paths.dist, portal).slice(
      0,
      20,
    );
  }
}

async function buildPeer() {
  if (!existsSync(join(paths.peer, 'node_modules/react-admin'))) {
    console.log('   installing the peer (npm ci in bench/peers/react-admin) …');
    const lock = existsSync(join(paths.peer, 'package-lock.json'));
    try {
      run('npm', [lock ? 'ci' : 'install', '--no-audit', '--no-fund'], { cwd: paths.peer });
    } catch (error) {
      // Without the peer every phase after this one fails on its port: say why, and what to do.
      throw new Error(
        `The react-admin peer is not installed, and installing it failed (is the npm registry ` +
          `reachable from here?). Run \`npm ci\` in bench/peers/react-admin where it is, or ` +
          `BENCH_PEER=0 for a run without the peer.\n${String(error)}`,
      );
    }
  }
  const peerVite = join(paths.peer, 'node_modules/vite/bin/vite.js');
  run(process.execPath, [peerVite, 'build', '--logLevel', 'warn'], { cwd: paths.peer });
  // scripts/first-load.mjs reads entries[portal]: the peer's html entry is index.html.
  entries.peer = 'index.html';
  recordSizes('peer', firstLoad(paths.peerDist, 'peer'));
  const pkg = JSON.parse(
    readFileSync(join(paths.peer, 'node_modules/react-admin/package.json'), 'utf8'),
  );
  results.details.peerVersion = `react-admin ${pkg.version}`;
}

// ---------------------------------------------------------------------------------------------
// Figure 3 at 1k-100k rows: bench/table's page (the real DataTable over generated rows).

async function buildTablePage() {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const root = join(repo, 'bench/table');
  await keepingNodeEnv(() =>
    build({
      root,
      configFile: false,
      envDir: repo,
      mode: 'test',
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias: { '@': join(repo, 'src') } },
      build: {
        outDir: paths.tableDist,
        emptyOutDir: true,
        sourcemap: false,
        chunkSizeWarningLimit: 4096,
      },
    }),
  );
}

/**
 * Vite's build and preview set process.env.NODE_ENV for this whole process (production, when it
 * is unset), and every child started afterwards inherits it: in a full run the million-row
 * loader (server/config.ts then requires SMTP_URL) failed. Runs fn and puts it back.
 */
async function keepingNodeEnv(fn) {
  const nodeEnv = process.env.NODE_ENV;
  try {
    return await fn();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function servePreview(outDir) {
  const { preview } = await import('vite');
  const port = await freePort();
  const server = await keepingNodeEnv(() =>
    preview({
      root: join(repo, 'bench/table'),
      configFile: false,
      logLevel: 'warn',
      build: { outDir },
      preview: { port, host: '127.0.0.1', strictPort: true },
    }),
  );
  return {
    url: server.resolvedUrls.local[0],
    close: () => new Promise((r) => server.httpServer.close(r)),
  };
}

const sizeName = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));

function recordTable(prefix, sizeLabel, t) {
  fig(`${prefix}.search${sizeLabel}.medianMs`, t.keystroke.toNextPaint.medianMs);
  fig(`${prefix}.search${sizeLabel}.p95Ms`, t.keystroke.toNextPaint.p95Ms);
  fig(`${prefix}.searchResults${sizeLabel}.medianMs`, t.keystroke.toResultsPainted.medianMs);
  fig(`${prefix}.searchResults${sizeLabel}.p95Ms`, t.keystroke.toResultsPainted.p95Ms);
  fig(`${prefix}.sort${sizeLabel}.medianMs`, t.sortClick.toNextPaint.medianMs);
  fig(`${prefix}.sort${sizeLabel}.p95Ms`, t.sortClick.toNextPaint.p95Ms);
  fig(`${prefix}.sortResults${sizeLabel}.medianMs`, t.sortClick.toResultsPainted.medianMs);
  fig(`${prefix}.sortResults${sizeLabel}.p95Ms`, t.sortClick.toResultsPainted.p95Ms);
  fig(`${prefix}.page${sizeLabel}.medianMs`, t.pageChange.toNextPaint.medianMs);
  fig(`${prefix}.page${sizeLabel}.p95Ms`, t.pageChange.toNextPaint.p95Ms);
  fig(`${prefix}.pageResults${sizeLabel}.p95Ms`, t.pageChange.toResultsPainted.p95Ms);
  fig(`${prefix}.longestTask${sizeLabel}Ms`, t.longestTaskMs);
  fig(`${prefix}.coldSearchResults${sizeLabel}Ms`, t.cold.searchResultsMs ?? null);
  fig(`${prefix}.coldSortResults${sizeLabel}Ms`, t.cold.sortResultsMs ?? null);
}

async function syntheticTable(browser) {
  await buildTablePage();
  const server = await servePreview(paths.tableDist);
  try {
    if (SMOKE) {
      // The smoke exercises the page-load code on this page (no portal: free ports only).
      const r = await pageLoad(browser, `${server.url}?rows=1000`, {
        profile: 'desktop',
        runs: 1,
        warmups: 0,
        ready: (page) => productTable.settled(page, 1000),
      });
      fig('tablePage.desktop.lcpMs', r.lcpMs);
      fig('tablePage.desktop.tbtMs', r.tbtMs);
      fig('tablePage.desktop.cls', r.cls);
      console.log(`   page load (desktop): LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}`);
    }
    for (const size of config.sizes) {
      console.log(`   ${size} rows …`);
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await instrumentContext(context);
      const page = await context.newPage();
      await page.goto(`${server.url}?rows=${size}`);
      const t = await measureTable(page, productTable, {
        runs: config.runs,
        warmups: config.warmups,
        term: 'x',
        rows: size,
      });
      await context.close();
      results.details[`table.org.synthetic.${size}`] = t;
      recordTable('table.org', sizeName(size), t);
      console.log(
        `   keystroke p95 ${t.keystroke.toNextPaint.p95Ms} ms, sort p95 ${t.sortClick.toNextPaint.p95Ms} ms, page p95 ${t.pageChange.toNextPaint.p95Ms} ms, longest task ${t.longestTaskMs} ms`,
      );
    }
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The servers: the stack (fresh data), the two portals' previews, the peer's preview.

async function startStack({ port = 4000, dataDir, scale, env = {} }) {
  const stack = startProcess('stack', process.execPath, [tsx, 'server/main.ts'], {
    cwd: repo,
    core: SERVER_CORE,
    log: verbose,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      RESET: '1',
      DEMO_SCALE: String(scale),
      ACCESS_TOKEN_TTL: '7200',
      // The load test would otherwise hit the per-IP rate limit (429) within a second.
      RATE_LIMIT_MAX: '1000000000',
      CORS_ORIGINS: `${ORG},${SITE},${PEER}`,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      // The development outbox (production requires SMTP_URL): the benchmark sends no mail.
      NODE_ENV: 'development',
      ...env,
    },
  });
  processes.push(stack);
  const ms = await waitForUrl(`http://localhost:${port}/health`, {
    process: stack,
    timeoutMs: 600_000,
  });
  results.details.stackStartMs = round(ms);
  return stack;
}

async function startPreview(name, portal, port, outDir, cwd = repo, viteBin = vite) {
  const args = [viteBin, 'preview', '--port', String(port), '--strictPort', '--outDir', outDir];
  if (portal) args.splice(2, 0, '--mode', 'development');
  const proc = startProcess(name, process.execPath, args, {
    cwd,
    core: SERVER_CORE,
    log: verbose,
    env: portal ? { PORTAL: portal } : {},
  });
  processes.push(proc);
  await waitForUrl(`http://localhost:${port}/`, { process: proc, timeoutMs: 60_000 });
  return proc;
}

/** The peer's built app on 5175 (after its build, the 'sizes:peer' phase). */
async function startPeerPreview() {
  if (!existsSync(paths.peerDist)) return;
  const peerVite = join(paths.peer, 'node_modules/vite/bin/vite.js');
  await startPreview('peer', null, PEER_PORT, paths.peerDist, paths.peer, peerVite);
}

/** After a stop: the servers' grandchildren (tsx runs the stack in a child) close a little later. */
async function waitForPortsFree(ports, timeoutMs = 30_000) {
  const start = Date.now();
  for (const port of ports) {
    while (!(await portIsFree(port))) {
      if (Date.now() - start > timeoutMs)
        throw new Error(`port ${port} still taken after stopping`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function ensurePortsFree(ports) {
  for (const port of ports) {
    if (!(await portIsFree(port))) {
      throw new Error(
        `port ${port} is taken although ${LOCK} is held: something runs outside the lock; stop it and run again`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Figure 2: page load; figure 3 on the real screen; figure 4: the form.

async function pageLoads(browser, auth) {
  const opts = { runs: config.pageLoadRuns, warmups: config.pageLoadWarmups };
  const landingReady = (page) => page.waitForSelector('main, form', { timeout: 60_000 });
  const targets = [
    ['org.landing', `${ORG}/`, null, landingReady],
    ['site.landing', `${SITE}/`, null, landingReady],
    ['org.table', `${ORG}/issued-licences`, auth.session, (page) => productTable.settled(page)],
  ];
  if (config.peer) {
    // The peer opens on its list: its landing page is its table route.
    targets.push([
      'peer.table',
      `${PEER}/#/issued-licences`,
      peerSession(PEER, auth.token),
      (page) => peerTable.settled(page),
    ]);
  }
  for (const [name, url, session, ready] of targets) {
    for (const profile of ['desktop', 'mobile']) {
      const r = await pageLoad(browser, url, { ...opts, profile, session, ready });
      results.details[`pageLoad.${name}.${profile}`] = r;
      for (const key of ['lcpMs', 'tbtMs', 'cls', 'fcpMs'])
        fig(`${name}.${profile}.${key}`, r[key]);
      console.log(
        `   ${name} ${profile}: LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls} (${r.finalUrl})`,
      );
    }
  }
}

async function lighthouseRuns(auth) {
  const version = ensureLighthouse();
  results.details.lighthouseVersion = version;
  const chromePath = existsSync('/usr/lib/chromium/chromium')
    ? '/usr/lib/chromium/chromium'
    : chromiumPath;
  const targets = [
    ['org.landing', `${ORG}/`],
    ['site.landing', `${SITE}/`],
  ];
  // The peer opens on its list; the token reaches it through its bench-only ?bench_token hook.
  if (config.peer)
    targets.push(['peer.table', `${PEER}/?bench_token=${auth.token}#/issued-licences`]);
  for (const [name, url] of targets) {
    for (const preset of ['desktop', 'mobile']) {
      const r = lighthouse(url, preset, {
        runs: config.lighthouseRuns,
        warmups: config.lighthouseWarmups,
        chromePath,
        tmpDir: paths.tmp,
      });
      results.details[`lighthouse.${name}.${preset}`] = {
        ...r,
        url: url.replace(/bench_token=[^#&]+/, 'bench_token=…'),
      };
      fig(`${name}.${preset}.lighthouseScore`, r.score);
      fig(`${name}.${preset}.lighthouseLcpMs`, r.lcpMs);
      fig(`${name}.${preset}.lighthouseTbtMs`, r.tbtMs);
      fig(`${name}.${preset}.lighthouseCls`, r.cls);
      console.log(
        `   ${name} ${preset}: Lighthouse ${r.score}, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}`,
      );
    }
  }
}

/**
 * The search typed on the real screens: selective (Borealis Quarries' licences, not nearly all of
 * them as 'e' would be), so that the first page's rows change and "rows painted" is observed.
 */
const REAL_TABLE_TERM = 'q';

async function realTable(browser, auth) {
  const product = await measuredContext(browser, auth.session);
  const page = await product.newPage();
  await page.goto(`${ORG}/issued-licences`);
  await productTable.settled(page);
  const rows = await productTable.rowCount(page);
  fig('tableReal.rows', rows);
  console.log(`   product, ${rows} rows from the stack …`);
  const t = await measureTable(page, productTable, {
    runs: config.runs,
    warmups: config.warmups,
    term: REAL_TABLE_TERM,
    rows,
  });
  results.details['tableReal.org'] = t;
  recordTable('tableReal.org', '', t);
  await product.close();
  if (!config.peer) return;
  const peer = await measuredContext(browser, peerSession(PEER, auth.token));
  const peerPage = await peer.newPage();
  await peerPage.goto(`${PEER}/#/issued-licences`);
  await peerTable.settled(peerPage);
  const peerRows = await peerTable.rowCount(peerPage);
  fig('tableReal.peerRows', peerRows);
  console.log(`   peer, ${peerRows} rows (server-side paging) …`);
  const p = await measureTable(peerPage, peerTable, {
    runs: config.runs,
    warmups: config.warmups,
    term: REAL_TABLE_TERM,
  });
  results.details['tableReal.peer'] = p;
  recordTable('tableReal.peer', '', p);
  await peer.close();
}

async function forms(browser, auth) {
  const opts = { runs: config.runs, warmups: config.warmups };
  const product = await measuredContext(browser, auth.session);
  const page = await product.newPage();
  await page.goto(`${ORG}/issued-licences`);
  await productTable.settled(page);
  // Cancel on a form the last run typed into asks before it drops the changes (issue 17): agreed.
  page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
  const f = await measureForm(
    page,
    async (p) => {
      if (await p.getByRole('dialog').isVisible()) {
        await p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await p.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await p.getByRole('button', { name: 'Issue licence' }).click();
      const dialog = p.getByRole('dialog');
      const field = dialog.getByLabel('Seats');
      await field.waitFor();
      return {
        field,
        submit: dialog.getByRole('button', { name: 'Issue', exact: true }),
        watch: '[role="dialog"]',
      };
    },
    opts,
  );
  await product.close();
  results.details['form.org'] = f;
  fig('form.org.keystroke.p95Ms', f.keystroke.toNextPaint.p95Ms);
  fig('form.org.keystroke.medianMs', f.keystroke.toNextPaint.medianMs);
  fig('form.org.submitValidation.p95Ms', f.submitValidation.toErrorsPainted.p95Ms);
  fig('form.org.submitValidation.medianMs', f.submitValidation.toErrorsPainted.medianMs);
  if (!config.peer) return;
  const peer = await measuredContext(browser, peerSession(PEER, auth.token));
  const peerPage = await peer.newPage();
  const g = await measureForm(
    peerPage,
    async (p) => {
      // A fresh document each time (the same hash would keep the form and its errors).
      await p.goto('about:blank');
      await p.goto(`${PEER}/#/issued-licences/create`);
      const field = p.getByLabel('Seats');
      await field.waitFor();
      return { field, submit: p.getByRole('button', { name: 'Save' }), watch: 'form' };
    },
    opts,
  );
  await peer.close();
  results.details['form.peer'] = g;
  fig('form.peer.keystroke.p95Ms', g.keystroke.toNextPaint.p95Ms);
  fig('form.peer.keystroke.medianMs', g.keystroke.toNextPaint.medianMs);
  fig('form.peer.submitValidation.p95Ms', g.submitValidation.toErrorsPainted.p95Ms);
  fig('form.peer.submitValidation.medianMs', g.submitValidation.toErrorsPainted.medianMs);
}

// ---------------------------------------------------------------------------------------------
// Figure 5: the stack under autocannon, beside a bare Fastify route (the ceiling).

async function httpLoad(stack, stackUrl, token) {
  const barePort = await freePort();
  const bare = startProcess(
    'bare-fastify',
    process.execPath,
    [join(repo, 'bench/lib/bare-fastify.mjs'), String(barePort)],
    {
      core: SERVER_CORE,
      log: verbose,
    },
  );
  processes.push(bare);
  await waitForUrl(`http://127.0.0.1:${barePort}/`, { process: bare });
  const opts = { durationS: config.durationS, connections: config.connections };
  const headers = token
    ? { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    : {};
  const list = `${stackUrl}/crm/v1/orgs/1/issued-licences/list`;
  const targets = [['stack.bareFastify', { url: `http://127.0.0.1:${barePort}/` }]];
  if (token) {
    targets.push(
      [
        'stack.list50',
        { url: list, method: 'POST', headers, body: JSON.stringify({ skip: 0, take: 50 }) },
      ],
      [
        'stack.list1000',
        { url: list, method: 'POST', headers, body: JSON.stringify({ skip: 0, take: 1000 }) },
      ],
      ['stack.userMetadata', { url: `${stackUrl}/crm/v1/Orgs/GetUserMetadata`, headers }],
    );
  } else {
    targets.push(['stack.health', { url: `${stackUrl}/health` }]);
  }
  fig('stack.rssIdleBytes', treeRssBytes(stack.pid));
  let peak = 0;
  for (const [name, options] of targets) {
    // A short warm-up (JIT, connection pools), then the measured run.
    if (!SMOKE) await load(name, options, { durationS: 1, connections: config.connections });
    const isStack = name !== 'stack.bareFastify';
    const [r, p] = await withPeakRss(isStack ? stack.pid : bare.pid, () =>
      load(name, options, opts),
    );
    if (isStack) peak = Math.max(peak, p);
    results.details[name] = r;
    fig(`${name}.rps`, r.rps);
    fig(`${name}.p50Ms`, r.p50Ms);
    fig(`${name}.p99Ms`, r.p99Ms);
    if (r.errors) fig(`${name}.errors`, r.errors);
    console.log(
      `   ${name}: ${r.rps} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors ? `, ${r.errors} errors` : ''}`,
    );
  }
  fig('stack.rssPeakBytes', Math.max(peak, results.figures['stack.rssIdleBytes']));
  await bare.stop();
  processes.splice(processes.indexOf(bare), 1);
}

// ---------------------------------------------------------------------------------------------
// Issue 16: the list endpoint at 10k, 100k (PGlite) and 1M rows (PostgreSQL), bench/lib/lists.mjs.

async function listsOfAnySize() {
  await listsPhase({
    repo,
    tsx,
    smoke: SMOKE,
    dataDir: paths.data,
    opts: { durationS: config.durationS, connections: config.connections },
    fig,
    details: results.details,
    startStack: async (options) => {
      const stack = await startStack(options);
      return {
        stop: async () => {
          await stack.stop();
          processes.splice(processes.indexOf(stack), 1);
        },
      };
    },
  });
}

// Issue 18: what the audit trail adds to a write, on the embedded database and PostgreSQL
// (server/tools/audit-cost.ts: a throw-away database each, trail on and off interleaved). Not in
// the smoke: migrating a database of its own takes longer than the whole smoke run.

async function auditCost() {
  const result = run(process.execPath, [tsx, 'server/tools/audit-cost.ts', '--postgres'], {
    stdio: 'pipe',
  });
  const measured = JSON.parse(result.stdout.trim().split('\n').at(-1));
  for (const [db, figures] of Object.entries(measured)) {
    results.details[`audit.${db}`] = figures;
    for (const write of ['licenceUpdate', 'blastCreate']) {
      const m = figures[write];
      if (!m) continue;
      const key = `audit.${db}.${write}`;
      fig(`${key}.on.medianMs`, m.on.medianMs);
      fig(`${key}.off.medianMs`, m.off.medianMs);
      fig(`${key}.on.p95Ms`, m.on.p95Ms);
      fig(`${key}.off.p95Ms`, m.off.p95Ms);
      fig(`${key}.addedMedianMs`, m.addedMedianMs);
      fig(`${key}.addedP95Ms`, m.addedP95Ms);
      console.log(
        `   ${db} ${write}: median ${m.on.medianMs} ms with the trail, ${m.off.medianMs} ms without (+${m.addedMedianMs} ms); p95 ${m.on.p95Ms} / ${m.off.p95Ms} ms`,
      );
    }
  }
}

// Issue 16: the real Issued Licences screen at 10k, 100k and 1M rows, beside the peer
// (bench/lib/screens.mjs). The portal is built for the stack on 4000: each scenario has it there.

async function screensAtScale(browser) {
  await screensPhase({
    browser,
    repo,
    tsx,
    dataDir: paths.data,
    config,
    urls: { org: ORG, peer: PEER },
    fig,
    details: results.details,
    startServers: async (stackOptions) => {
      await ensurePortsFree([4000, 5173, PEER_PORT]);
      await startStack({ port: 4000, ...stackOptions });
      await startPreview('org', 'org', 5173, paths.dist);
      if (config.peer) await startPeerPreview();
      const auth = await signIn(browser, {
        portal: ORG,
        stack: STACK,
        path: '/issued-licences',
        ...ACCOUNT,
      });
      return {
        auth,
        stop: async () => {
          await stopAll();
          await waitForPortsFree([4000, 5173, PEER_PORT]);
        },
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Figure 6: `npm start` (the stack and both dev servers) until all three answer.

async function startup() {
  const times = [];
  const dataDir = join(paths.data, 'start');
  for (let i = 0; i < config.startupRuns; i++) {
    await ensurePortsFree([4000, 5173, 5174]);
    const started = performance.now();
    const proc = startProcess('npm-start', 'npm', ['start'], {
      cwd: repo,
      core: SERVER_CORE,
      log: verbose,
      // A data folder of the benchmark's own (the first start seeds it from the cache or anew).
      env: { DATA_DIR: dataDir, DEMO_SCALE: '1' },
    });
    processes.push(proc);
    try {
      await Promise.all([
        waitForUrl(`${STACK}/health`, { process: proc, timeoutMs: 600_000 }),
        waitForUrl(`${ORG}/`, { process: proc, timeoutMs: 600_000 }),
        waitForUrl(`${SITE}/`, { process: proc, timeoutMs: 600_000 }),
      ]);
      const ms = performance.now() - started;
      times.push(ms);
      console.log(
        `   run ${i + 1}: ${round(ms)} ms${i === 0 ? ' (first start: seeds the data folder)' : ''}`,
      );
    } finally {
      await proc.stop();
      processes.splice(processes.indexOf(proc), 1);
      await waitForPortsFree([4000, 5173, 5174]);
    }
  }
  results.details.startupRunsMs = times.map((t) => round(t));
  if (times.length) {
    const warm = times.length > 1 ? times.slice(1) : times;
    warm.sort((a, b) => a - b);
    fig('startup.npmStartToPortalsAnsweringMs', round(warm[Math.floor(warm.length / 2)]));
    fig('startup.firstStartMs', round(times[0]));
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = new Date();
  // The code measured, as it stood at the start (and whether it changed before the end).
  const code = codeVersion(repo);
  mkdirSync(paths.tmp, { recursive: true });
  results.machine = { ...machine(), loadAverageAtStart: machine().loadAverage };
  console.log(
    `Benchmark ${SMOKE ? '(smoke) ' : ''}on ${results.machine.cpuModel}, ${results.machine.cores} cores, load ${results.machine.loadAverage.join(' ')}`,
  );

  // Smoke: the stack starts (on a free port, in memory) while the portals build.
  let smokeStack;
  if (SMOKE && config.phases.has('http')) {
    const port = await freePort();
    smokeStack = {
      port,
      ready: startStack({ port, dataDir: 'memory', scale: config.demoScale }).catch(
        (error) => error,
      ),
    };
  }
  await phase('sizes', buildProduct);
  if (config.peer) await phase('sizes:peer', buildPeer);

  const browser = await launchBrowser();
  results.machine.chromium = browser.version();
  try {
    await phase('table', () => syntheticTable(browser));

    if (SMOKE) {
      // Free ports only: no portals (their OIDC clients are bound to 5173/5174), no token.
      await phase('http', async () => {
        const stack = await smokeStack.ready;
        if (stack instanceof Error) throw stack;
        await httpLoad(stack, `http://localhost:${smokeStack.port}`, null);
      });
      await phase('lists', listsOfAnySize);
    } else {
      let stack;
      let auth;
      await phase('stack', async () => {
        await ensurePortsFree([4000, 5173, 5174, PEER_PORT]);
        console.log(
          `   stack (DEMO_SCALE ${config.demoScale}), previews on 5173/5174${config.peer ? ', peer on 5175' : ''} …`,
        );
        stack = await startStack({
          port: 4000,
          dataDir: join(paths.data, 'stack'),
          scale: config.demoScale,
        });
        await startPreview('org', 'org', 5173, paths.dist);
        await startPreview('site', 'site', 5174, paths.dist);
        if (config.peer) await startPeerPreview();
        auth = await signIn(browser, {
          portal: ORG,
          stack: STACK,
          path: '/issued-licences',
          ...ACCOUNT,
        });
        console.log('   signed in as', ACCOUNT.email);
      });
      if (auth) {
        await phase('lighthouse', () => lighthouseRuns(auth));
        await phase('pageload', () => pageLoads(browser, auth));
        await phase('table:real', () => realTable(browser, auth));
        await phase('form', () => forms(browser, auth));
      }
      if (stack) await phase('http', () => httpLoad(stack, STACK, auth?.token));
      else if (!config.phases.has('stack')) {
        // BENCH_PHASES=http: the stack alone (no build, no portals), signed in over HTTP.
        await phase('http', async () => {
          await ensurePortsFree([4000]);
          console.log(`   stack alone (DEMO_SCALE ${config.demoScale}) …`);
          stack = await startStack({
            port: 4000,
            dataDir: join(paths.data, 'stack'),
            scale: config.demoScale,
          });
          const token = await signInOverHttp(STACK, { ...ACCOUNT, portal: ORG });
          console.log('   signed in over HTTP as', ACCOUNT.email);
          await httpLoad(stack, STACK, token);
        });
      }
      await stopAll();
      await phase('screens', async () => {
        await waitForPortsFree([4000, 5173, 5174, PEER_PORT]);
        await screensAtScale(browser);
      });
      await phase('lists', listsOfAnySize);
      await phase('audit', auditCost);
      await phase('startup', async () => {
        await waitForPortsFree([4000, 5173, 5174, PEER_PORT]);
        await startup();
      });
    }
  } finally {
    await browser.close();
    await stopAll();
  }
  results.machine.loadAverageAtEnd = machine().loadAverage;
  const finished = new Date();
  const output = {
    benchmark: 'issue-10',
    smoke: SMOKE,
    date: started.toISOString(),
    durationS: round((finished - started) / 1000),
    machine: results.machine,
    code: code && {
      ...code,
      changedDuringRun: JSON.stringify(codeVersion(repo)) !== JSON.stringify(code),
    },
    config: { ...config, phases: [...config.phases] },
    figures: results.figures,
    errors: results.errors,
    details: results.details,
  };
  const written = writeReport(output, paths.results);
  if (!env.BENCH_KEEP_BUILD) rmSync(join(paths.tmp, 'build'), { recursive: true, force: true });
  rmSync(paths.tableDist, { recursive: true, force: true });
  console.log(`\nWrote ${written.join(', ')}`);
  const failed = Object.keys(results.errors);
  if (failed.length) {
    console.error(`Phases that failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
