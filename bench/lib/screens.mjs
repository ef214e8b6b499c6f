// The real Issued Licences screen at any size (issue 16, docs/performance.md): for each scenario
// of the lists phase (10k and 100k rows on the embedded database, 1M on PostgreSQL), the stack
// on 4000 with that data, the built org portal on 5173 and the react-admin peer on 5175, then
//   - the signed-in route on a throttled phone until the first rows are painted (both apps),
//   - search keystroke, sort click and page change → rows painted, desktop (both apps),
//   - the CSV export of every row: time, lines written, the page's peak JS heap (the portal
//     only: the peer's list has no export of every row, react-admin's ExportButton stops at
//     1000 by default).
import {
  measuredContext,
  measureTable,
  pageLoad,
  peerSession,
  peerTable,
  productTable,
} from './browser.mjs';
import { listScenarios, scenarioData } from './lists.mjs';
import { withPeakHeap } from '../table/page-tools.mjs';
import { round } from './util.mjs';

/** Selective at every size (customers' names with a q: Borealis Quarries and a few generated). */
const TERM = 'q';

/**
 * A stand-in for the file picker (headless Chromium cannot answer one) that keeps nothing: it
 * counts what the export writes, so the page's heap is the export's own.
 */
function discardingFilePicker() {
  const written = { bytes: 0, lines: 0, closed: false };
  window.__exportWritten = written;
  const count = (text) => {
    written.bytes += text.length;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) written.lines++;
  };
  window.showSaveFilePicker = () =>
    Promise.resolve({
      createWritable: () =>
        Promise.resolve({
          write: (data) =>
            (typeof data === 'string' ? Promise.resolve(data) : data.text()).then(count),
          close: () => {
            written.closed = true;
            return Promise.resolve();
          },
          abort: () => Promise.resolve(),
        }),
    });
}

/** Export CSV of every row: seconds from the click to the file closed, and the peak JS heap. */
async function exportEveryRow(browser, auth, org) {
  const context = await measuredContext(browser, auth.session);
  await context.addInitScript(discardingFilePicker);
  const page = await context.newPage();
  try {
    await page.goto(`${org}/issued-licences`);
    await productTable.settled(page);
    const rows = await productTable.rowCount(page);
    const cdp = await context.newCDPSession(page);
    const [seconds, before, peak] = await withPeakHeap(cdp, async () => {
      const started = performance.now();
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.waitForFunction(() => window.__exportWritten.closed, undefined, {
        timeout: 1_800_000,
        polling: 250,
      });
      return (performance.now() - started) / 1000;
    });
    const written = await page.evaluate(() => window.__exportWritten);
    return {
      rows,
      seconds: round(seconds),
      // The header line, then one a row.
      linesWritten: written.lines + 1,
      megabytes: round(written.bytes / 1e6),
      heapBeforeMB: round(before / 1e6),
      heapPeakMB: round(peak / 1e6),
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs every scenario. `startServers(stackOptions)` starts the stack on 4000 with the portal and
 * the peer previews and answers { auth, stop }; `fig` records a figure, `details` the runs.
 */
export async function screensPhase({
  browser,
  repo,
  tsx,
  dataDir,
  config,
  urls,
  startServers,
  fig,
  details,
}) {
  for (const scenario of listScenarios(config.smoke)) {
    const name = scenario.name.replace('lists.', 'screens.');
    console.log(`   ${scenario.label} …`);
    const data = scenarioData({ repo, tsx, dataDir, fig: () => undefined }, scenario);
    let servers;
    try {
      servers = await startServers(data.stackOptions);
      const { auth } = servers;
      const peer = peerSession(urls.peer, auth.token);
      const apps = [
        ['org', `${urls.org}/issued-licences`, auth.session, productTable],
        ...(config.peer ? [['peer', `${urls.peer}/#/issued-licences`, peer, peerTable]] : []),
      ];
      // The signed-in route on a phone, until its first rows are painted.
      for (const [app, url, session, table] of apps) {
        const r = await pageLoad(browser, url, {
          profile: 'mobile',
          session,
          marker: table.marker,
          ready: (page) => table.settled(page),
          runs: config.pageLoadRuns,
          warmups: config.pageLoadWarmups,
        });
        details[`${name}.${app}.mobile`] = r;
        fig(`${name}.${app}.mobile.firstRowsMs`, r.markerMs);
        fig(`${name}.${app}.mobile.lcpMs`, r.lcpMs);
        console.log(`   ${app} mobile: first rows ${r.markerMs} ms, LCP ${r.lcpMs} ms`);
      }
      // Search, sort and paging on the desktop.
      for (const [app, url, session, table] of apps) {
        const context = await measuredContext(browser, session);
        const page = await context.newPage();
        await page.goto(url);
        await table.settled(page);
        const rows = app === 'org' ? await table.countText(page) : undefined;
        const t = await measureTable(page, table, {
          runs: config.runs,
          warmups: config.warmups,
          term: TERM,
          rows,
        });
        await context.close();
        details[`${name}.${app}.desktop`] = t;
        // What the footer said ('about 1,003,614' when estimated): the number, and the text.
        if (rows) fig(`${name}.${app}.rows`, Number(/[\d,]+/.exec(rows)?.[0]?.replace(/,/g, '')));
        if (rows) details[`${name}.${app}.rowsShown`] = rows;
        fig(`${name}.${app}.searchResults.p95Ms`, t.keystroke.toResultsPainted.p95Ms);
        fig(`${name}.${app}.sortResults.p95Ms`, t.sortClick.toResultsPainted.p95Ms);
        fig(`${name}.${app}.pageResults.p95Ms`, t.pageChange.toResultsPainted.p95Ms);
        fig(`${name}.${app}.longestTaskMs`, t.longestTaskMs);
        console.log(
          `   ${app} desktop${rows ? ` (${rows} rows)` : ''}: search → rows p95 ${t.keystroke.toResultsPainted.p95Ms} ms, sort → rows p95 ${t.sortClick.toResultsPainted.p95Ms} ms, page → rows p95 ${t.pageChange.toResultsPainted.p95Ms} ms`,
        );
      }
      if (!config.smoke) {
        const e = await exportEveryRow(browser, auth, urls.org);
        details[`${name}.org.export`] = e;
        fig(`${name}.org.export.seconds`, e.seconds);
        fig(`${name}.org.export.heapPeakMB`, e.heapPeakMB);
        fig(`${name}.org.export.linesWritten`, e.linesWritten);
        console.log(
          `   export: ${e.linesWritten} lines (${e.megabytes} MB) in ${e.seconds} s, JS heap ${e.heapBeforeMB} → peak ${e.heapPeakMB} MB`,
        );
      }
    } finally {
      await servers?.stop();
      data.stop();
    }
  }
}
