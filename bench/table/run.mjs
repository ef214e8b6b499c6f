/**
 * Data table benchmark (issue 6): builds bench/table (the real DataTable over N generated rows)
 * with Vite, serves the build, and measures in the system Chromium at 1k, 10k and 50k rows:
 *   - keystroke in the search box → next paint,
 *   - keystroke → the filtered rows painted (the search runs in a transition, after the input),
 *   - sort click → next paint (the sorted page),
 *   - page change → next paint,
 * each by a double-requestAnimationFrame timer from the event's timeStamp, plus the Event Timing
 * duration of the interaction (PerformanceObserver, durationThreshold 16: entries under 16 ms are
 * not reported, and are written as null). Medians of 5 runs after 2 warm-ups per figure.
 * Then server mode (issue 16, server-run.mjs): the same table against a fake server of a million
 * rows in a worker: filter keystroke, sort click and page change → rows painted (medians and
 * p95), and the CSV export of every row (time, peak JS heap).
 * Writes bench/results/table.json. A benchmark, not a test: it asserts nothing.
 *
 *   npm run bench:table              # all sizes, both modes
 *   BENCH_SIZES=1000 npm run bench:table
 *   BENCH_MODES=server BENCH_SERVER_ROWS=100000 npm run bench:table
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { instrument, median, round, waitForSettled } from './page-tools.mjs';
import { measureServer } from './server-run.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const resultsFile = fileURLToPath(new URL('../results/table.json', import.meta.url));

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUPS = Number(process.env.BENCH_WARMUPS ?? 2);
const MODES = (process.env.BENCH_MODES ?? 'client,server').split(',');

const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'].find((p) =>
    existsSync(p),
  );
if (!chromiumPath) throw new Error('No system Chromium found (apt-get install -y chromium).');

async function measureSize(browser, baseUrl, size) {
  const log = process.env.BENCH_DEBUG ? (...a) => console.log('  [debug]', ...a) : () => {};
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(instrument);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  await page.goto(`${baseUrl}?rows=${size}`);
  log('loaded');
  await waitForSettled(page, size);
  log('settled');
  const search = 'input[aria-label="Search"]';
  const keystroke = { nextPaint: [], results: [], eventTiming: [] };
  const sort = { nextPaint: [], eventTiming: [] };
  // The first keystroke builds the search text of every row, and the first sort by a column and
  // direction builds its order: reported apart ("cold"), the medians are of warm runs.
  const cold = {};
  const paging = { nextPaint: [], eventTiming: [] };

  // Keystroke: type 'x' into an empty search box (a real filter: about a third of the rows
  // match), then clear it again.
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    await page.fill(search, '');
    await waitForSettled(page, size);
    await page.focus(search);
    await page.evaluate(([sel]) => window.__bench.arm(sel, 'keydown', 'tbody'), [search]);
    log('press x', i);
    await page.keyboard.press('x');
    const result = await page.evaluate(() => window.__bench.read());
    log('keystroke', result);
    if (i === 0) {
      cold.keystrokeToNextPaintMs = round(result.nextPaint);
      cold.keystrokeToFilteredRowsPaintedMs = round(result.results);
    }
    if (i >= WARMUPS) {
      keystroke.nextPaint.push(result.nextPaint);
      keystroke.results.push(result.results);
      keystroke.eventTiming.push(result.eventTiming);
    }
    await waitForSettled(page);
  }
  await page.fill(search, '');
  await waitForSettled(page, size);

  // Sort: click the first sortable heading (Customer: none → ascending → descending → none).
  // Sorting ascending and descending is measured; the click that removes the sort is not.
  const sortButton = 'th[aria-sort] button';
  for (let measured = 0; measured < WARMUPS + RUNS;) {
    const state = await page.getAttribute('th[aria-sort]', 'aria-sort');
    if (state === 'descending') {
      await page.click(sortButton);
      await waitForSettled(page, size);
      continue;
    }
    await page.evaluate((sel) => window.__bench.arm(sel, 'click'), sortButton);
    await page.click(sortButton);
    const result = await page.evaluate(() => window.__bench.read());
    if (measured === 0) cold.sortAscendingToNextPaintMs = round(result.nextPaint);
    if (measured === 1) cold.sortDescendingToNextPaintMs = round(result.nextPaint);
    if (measured >= WARMUPS) {
      sort.nextPaint.push(result.nextPaint);
      sort.eventTiming.push(result.eventTiming);
    }
    measured++;
    await waitForSettled(page, size);
  }

  // Page change: Next page (then back to page 1 outside the measurement).
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    await page.evaluate(() => window.__bench.arm('button[aria-label="Next page"]', 'click'));
    await page.click('button[aria-label="Next page"]');
    const result = await page.evaluate(() => window.__bench.read());
    if (i >= WARMUPS) {
      paging.nextPaint.push(result.nextPaint);
      paging.eventTiming.push(result.eventTiming);
    }
    await page.click('button[aria-label="Page 1"]');
    await waitForSettled(page, size);
  }
  await page.close();

  const summary = (series) =>
    Object.fromEntries(
      Object.entries(series).map(([name, values]) => [
        name,
        {
          medianMs: median(values),
          runsMs: values.map(round),
        },
      ]),
    );
  return {
    rows: size,
    cold,
    keystroke: summary({
      toNextPaint: keystroke.nextPaint,
      toFilteredRowsPainted: keystroke.results,
      eventTimingDuration: keystroke.eventTiming,
    }),
    sortClick: summary({ toNextPaint: sort.nextPaint, eventTimingDuration: sort.eventTiming }),
    pageChange: summary({ toNextPaint: paging.nextPaint, eventTimingDuration: paging.eventTiming }),
  };
}

async function main() {
  console.log('Building bench/table …');
  await build({
    root: here,
    configFile: false,
    envDir: repo,
    mode: 'test',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const server = await preview({
    root: here,
    configFile: false,
    envDir: repo,
    mode: 'test',
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const baseUrl = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/';
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = {};
  let serverMode = null;
  try {
    for (const size of MODES.includes('client') ? SIZES : []) {
      console.log(`Measuring ${size} rows …`);
      results[size] = await measureSize(browser, baseUrl, size);
      const r = results[size];
      console.log(
        `  keystroke→paint ${r.keystroke.toNextPaint.medianMs} ms, →rows ${r.keystroke.toFilteredRowsPainted.medianMs} ms; ` +
          `sort→paint ${r.sortClick.toNextPaint.medianMs} ms; page→paint ${r.pageChange.toNextPaint.medianMs} ms`,
      );
    }
    if (MODES.includes('server')) {
      console.log('Measuring server mode …');
      serverMode = await measureServer(browser, baseUrl);
      const r = serverMode;
      console.log(
        `  ${r.rows} rows: filter key→rows p95 ${r.filterKeystrokeToRowsPainted.p95Ms} ms; ` +
          `sort→rows p95 ${r.sortClickToRowsPainted.p95Ms} ms; page→rows p95 ${r.pageChangeToRowsPainted.p95Ms} ms; ` +
          `unseen page p95 ${r.unseenPageToRowsPainted.p95Ms} ms`,
      );
      if (r.csvExport) {
        console.log(
          `  export: ${r.csvExport.seconds} s, ${r.csvExport.fileLines} lines, heap ${r.csvExport.heapBeforeMB} → peak ${r.csvExport.heapPeakMB} MB`,
        );
      }
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => server.httpServer.close(resolve));
    // The build is scratch: removed so that `eslint .` never lints it (BENCH_KEEP_DIST=1 keeps it).
    if (!process.env.BENCH_KEEP_DIST) await rm(outDir, { recursive: true, force: true });
  }
  const output = {
    benchmark: 'data-table',
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      node: process.version,
      chromium: browser.version(),
    },
    method:
      'Built bench/table page (vite, mode test), system Chromium headless. Times from the event timeStamp to a double requestAnimationFrame after the paint; Event Timing durations with durationThreshold 16 (null: under 16 ms). Medians of the runs after warm-ups.',
    runs: RUNS,
    warmups: WARMUPS,
    sizes: results,
    server: serverMode,
  };
  await mkdir(fileURLToPath(new URL('../results', import.meta.url)), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`Wrote ${resultsFile}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
