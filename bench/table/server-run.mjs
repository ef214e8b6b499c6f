/**
 * Server mode of the data table benchmark (issue 16): the real DataTable against a fake server
 * in a worker holding BENCH_SERVER_ROWS generated rows (default 1,000,000) that answers after
 * BENCH_SERVER_LATENCY ms (default 25, the list endpoint's p99 target). Measured, from the
 * event's timeStamp to a double requestAnimationFrame after the new rows are in the DOM:
 *   - filter keystroke (Customer filter, one digit) → rows painted (debounce included),
 *   - sort click (Customer heading, ascending and descending) → rows painted,
 *   (both with the cached answers of other queries dropped first: the server answers each),
 *   - page change (Next page: prefetched) → rows painted, and pages not seen before (the last
 *     page, then Previous page from there: not prefetched) → rows painted;
 * medians and 95th percentiles of BENCH_SERVER_RUNS runs after the warm-ups. Then the CSV export
 * of every row: time from the click to the download, lines in the file, and the page's peak JS
 * heap during it (CDP Runtime.getHeapUsage every 100 ms; the worker's heap is its own).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { instrument, median, round, waitForSettled, withPeakHeap } from './page-tools.mjs';

const ROWS = Number(process.env.BENCH_SERVER_ROWS ?? 1_000_000);
const LATENCY = Number(process.env.BENCH_SERVER_LATENCY ?? 25);
const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 20);
const WARMUPS = Number(process.env.BENCH_WARMUPS ?? 2);
const EXPORT = process.env.BENCH_SERVER_EXPORT !== '0';

const percentile = (values, p) => {
  const numbers = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  return round(numbers[Math.min(numbers.length - 1, Math.ceil((p / 100) * numbers.length) - 1)]);
};
const summary = (values) => ({
  medianMs: median(values),
  p95Ms: percentile(values, 95),
  runsMs: values.map(round),
});

/** No request in flight and two quiet frames: the next measurement starts from rest. */
async function quiet(page) {
  await page.waitForFunction(() => (window.__benchInflight ?? 0) === 0, null, { timeout: 60_000 });
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

/** Drops the cached answers not on screen: the next query goes to the (fake) server. */
const forget = (page) => page.evaluate(() => window.__benchForget());

/**
 * One interaction: arm, act, and the time until the rows it brought were painted. With
 * `breakdown`, the parts of it are kept: event → request sent (the table's debounce and work),
 * request → answer (the fake server), answer → rows painted (the table).
 */
async function timed(page, selector, eventType, act, breakdown) {
  await page.evaluate(
    ([sel, type]) => {
      window.__benchRequests = [];
      window.__bench.arm(sel, type, 'tbody');
    },
    [selector, eventType],
  );
  await act();
  const result = await page.evaluate(() => window.__bench.read());
  if (breakdown) {
    const parts = await page.evaluate((total) => {
      const start = window.__bench.current.start;
      const request = (window.__benchRequests ?? []).find((r) => r.sent >= start && r.answered);
      if (!request) return null;
      return {
        toRequest: request.sent - start,
        server: request.answered - request.sent,
        afterAnswer: total - (request.answered - start),
      };
    }, result.results);
    if (parts) breakdown.push(parts);
  }
  return result.results;
}

const parts = (breakdown) =>
  breakdown.length === 0
    ? null
    : {
        eventToRequestMedianMs: median(breakdown.map((p) => p.toRequest)),
        fakeServerMedianMs: median(breakdown.map((p) => p.server)),
        answerToRowsPaintedMedianMs: median(breakdown.map((p) => p.afterAnswer)),
        answerToRowsPaintedP95Ms: percentile(
          breakdown.map((p) => p.afterAnswer),
          95,
        ),
      };

async function countLines(path) {
  let lines = 1;
  for await (const chunk of createReadStream(path)) {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  return lines;
}

export async function measureServer(browser, baseUrl) {
  const log = process.env.BENCH_DEBUG ? (...a) => console.log('  [debug]', ...a) : () => {};
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  // Headless Chromium cannot answer a save dialog: the export takes the Blob path.
  await page.addInitScript(() => {
    delete window.showSaveFilePicker;
  });
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  const loadStart = Date.now();
  await page.goto(`${baseUrl}?mode=server&rows=${ROWS}&latency=${LATENCY}`);
  await waitForSettled(page, ROWS);
  const firstRowsMs = Date.now() - loadStart;
  await quiet(page);
  log('settled');

  const filter = 'input[aria-label="Filter Customer"]';
  const keystroke = [];
  const keystrokeParts = [];
  const cold = {};
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    await page.fill(filter, '');
    await waitForSettled(page, ROWS);
    await quiet(page);
    await page.focus(filter);
    await forget(page);
    const ms = await timed(
      page,
      filter,
      'keydown',
      () => page.keyboard.press(String((i % 9) + 1)),
      i >= WARMUPS ? keystrokeParts : undefined,
    );
    log('keystroke', ms);
    if (i === 0) cold.filterKeystrokeMs = round(ms);
    if (i >= WARMUPS) keystroke.push(ms);
    await waitForSettled(page);
    await quiet(page);
  }
  await page.fill(filter, '');
  await waitForSettled(page, ROWS);
  await quiet(page);

  // Sort by Customer: none → ascending → descending → none; ascending and descending measured.
  const heading = 'th[aria-sort] button';
  const sort = [];
  const sortParts = [];
  for (let measured = 0; measured < WARMUPS + RUNS;) {
    const state = await page.getAttribute('th[aria-sort]', 'aria-sort');
    if (state === 'descending') {
      await page.click(heading);
      await waitForSettled(page, ROWS);
      await quiet(page);
      continue;
    }
    await forget(page);
    const ms = await timed(
      page,
      heading,
      'click',
      () => page.click(heading),
      measured >= WARMUPS ? sortParts : undefined,
    );
    log('sort', state, ms);
    if (measured === 0) cold.sortAscendingMs = round(ms);
    if (measured === 1) cold.sortDescendingMs = round(ms);
    if (measured >= WARMUPS) sort.push(ms);
    measured++;
    await waitForSettled(page, ROWS);
    await quiet(page);
  }

  // Next page: prefetched by the table, so it is answered from the cache.
  const next = 'button[aria-label="Next page"]';
  const first = 'button[aria-label="Page 1"]';
  const paging = [];
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    const ms = await timed(page, next, 'click', () => page.click(next));
    if (i >= WARMUPS) paging.push(ms);
    await quiet(page);
    await page.click(first);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('page'));
    await quiet(page);
  }
  // Then pages never seen before (not prefetched: the table prefetches the next page only):
  // the last page, then Previous page from there.
  const lastPage = `button[aria-label="Page ${Math.ceil(ROWS / 20).toLocaleString('en-GB')}"]`;
  const previous = 'button[aria-label="Previous page"]';
  cold.jumpToLastPageMs = round(await timed(page, lastPage, 'click', () => page.click(lastPage)));
  await quiet(page);
  const unseen = [];
  const unseenParts = [];
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    const ms = await timed(
      page,
      previous,
      'click',
      () => page.click(previous),
      i >= WARMUPS ? unseenParts : undefined,
    );
    if (i >= WARMUPS) unseen.push(ms);
    await quiet(page);
  }
  log('paging done');

  let exported = null;
  if (EXPORT) {
    const cdp = await context.newCDPSession(page);
    const [[download, seconds], before, peak] = await withPeakHeap(cdp, async () => {
      const started = Date.now();
      const [file] = await Promise.all([
        page.waitForEvent('download', { timeout: 900_000 }),
        page.click('button:text-is("Export CSV")'),
      ]);
      return [file, (Date.now() - started) / 1000];
    });
    const path = await download.path();
    exported = {
      rows: ROWS,
      seconds: round(seconds),
      fileLines: await countLines(path),
      fileMB: round((await stat(path)).size / 1e6),
      heapBeforeMB: round(before / 1e6),
      heapPeakMB: round(peak / 1e6),
    };
    log('export', exported);
  }
  await context.close();
  return {
    rows: ROWS,
    latencyMs: LATENCY,
    runs: RUNS,
    // From navigation to the first page painted, the fake server's start (a million rows made in
    // its worker) included: not a figure of the table.
    loadToFirstRowsMs: firstRowsMs,
    cold,
    filterKeystrokeToRowsPainted: { ...summary(keystroke), parts: parts(keystrokeParts) },
    sortClickToRowsPainted: { ...summary(sort), parts: parts(sortParts) },
    pageChangeToRowsPainted: summary(paging),
    unseenPageToRowsPainted: { ...summary(unseen), parts: parts(unseenParts) },
    csvExport: exported,
  };
}
