// Browser-side measurements (figures 2, 3 and 4 of issue 10) in the system Chromium.
import { chromium } from '@playwright/test';
import { instrumentScript } from './instrument.mjs';
import { chromiumArgs, chromiumPath, percentile, round, sleep, summarise } from './util.mjs';

export async function launchBrowser() {
  if (!chromiumPath) throw new Error('No system Chromium found (apt-get install -y chromium).');
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** Web vitals observed in the page from its first byte (an init script). */
function observeVitals() {
  const vitals = { lcp: null, fcp: null, shifts: [], longtasks: [] };
  window.__vitals = vitals;
  const observe = (type, callback) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(callback)).observe({
        type,
        buffered: true,
      });
    } catch {
      // type not supported
    }
  };
  observe('largest-contentful-paint', (e) => {
    vitals.lcp = e.renderTime || e.loadTime || e.startTime;
  });
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') vitals.fcp = e.startTime;
  });
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) vitals.shifts.push({ t: e.startTime, v: e.value });
  });
  observe('longtask', (e) => vitals.longtasks.push({ t: e.startTime, d: e.duration }));
}

/**
 * The time (from navigation start) of the first frame in which `selector`'s text matches
 * `pattern`: e.g. the table's footer saying which rows it shows, i.e. the first rows are in.
 */
function observeMarker({ selector, pattern }) {
  const re = new RegExp(pattern);
  const check = () => {
    const element = document.querySelector(selector);
    if (element && re.test(element.textContent ?? '')) window.__markerAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** CLS as Chrome defines it: the largest session window (gap < 1 s, window ≤ 5 s) of shifts. */
function cumulativeLayoutShift(shifts) {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const { t, v } of shifts) {
    if (t - last > 1000 || t - windowStart > 5000) {
      current = 0;
      windowStart = t;
    }
    current += v;
    last = t;
    worst = Math.max(worst, current);
  }
  return worst;
}

export const PROFILES = {
  // Lighthouse's desktop preset: no CPU slowdown, a fast wired connection.
  desktop: {
    context: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
    cpuRate: 1,
    network: {
      latency: 40,
      downloadThroughput: (10240 * 1024) / 8,
      uploadThroughput: (10240 * 1024) / 8,
    },
  },
  // Lighthouse's mobile preset, applied for real (DevTools throttling, not simulated): a
  // 4× slower CPU, a slow 4G connection (150 ms RTT, 1.6 Mbit/s down), a phone's viewport.
  mobile: {
    context: {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    },
    cpuRate: 4,
    network: {
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    },
  },
};

/** Puts a signed-in session (cookies, sessionStorage, localStorage) into a fresh context. */
async function applySession(context, session) {
  if (!session) return;
  if (session.cookies?.length) await context.addCookies(session.cookies);
  await context.addInitScript((s) => {
    if (location.origin !== s.origin) return;
    for (const [k, v] of Object.entries(s.session ?? {})) sessionStorage.setItem(k, v);
    for (const [k, v] of Object.entries(s.local ?? {})) localStorage.setItem(k, v);
  }, session);
}

/**
 * One cold page load (fresh context, empty cache) of `url` under a profile; `ready` is a
 * function (page) => Promise resolved when the page shows what it is for; `marker` ({ selector,
 * pattern }) times the first frame that shows it (observeMarker) as `markerMs`.
 */
export async function loadOnce(browser, url, { profile, session, ready, marker }) {
  const settings = PROFILES[profile];
  const context = await browser.newContext(settings.context);
  try {
    await applySession(context, session);
    await context.addInitScript(observeVitals);
    if (marker) await context.addInitScript(observeMarker, marker);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...settings.network });
    if (settings.cpuRate > 1) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpuRate });
    }
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (ready) await ready(page);
    const markerMs = marker
      ? await page
          .waitForFunction(() => window.__markerAt, undefined, { timeout: 120_000 })
          .then((handle) => handle.jsonValue())
      : null;
    // Quiet: no long task for 1 s (at most 10 s after ready), as TBT is counted up to then.
    const start = Date.now();
    let lastCount = -1;
    let stableSince = Date.now();
    while (Date.now() - start < 10_000) {
      const count = await page.evaluate(() => window.__vitals.longtasks.length);
      if (count !== lastCount) {
        lastCount = count;
        stableSince = Date.now();
      } else if (Date.now() - stableSince >= 1000) break;
      await sleep(200);
    }
    const vitals = await page.evaluate(() => window.__vitals);
    const after = vitals.fcp ?? 0;
    const tbt = vitals.longtasks
      .filter((task) => task.t >= after)
      .reduce((sum, task) => sum + Math.max(0, task.d - 50), 0);
    return {
      lcpMs: vitals.lcp,
      fcpMs: vitals.fcp,
      tbtMs: tbt,
      cls: cumulativeLayoutShift(vitals.shifts),
      longestTaskMs: vitals.longtasks.reduce((m, task) => Math.max(m, task.d), 0),
      markerMs,
      finalUrl: page.url(),
    };
  } finally {
    await context.close();
  }
}

/** Medians of `runs` cold loads after `warmups`. */
export async function pageLoad(browser, url, { profile, session, ready, marker, runs, warmups }) {
  const samples = [];
  for (let i = 0; i < warmups + runs; i++) {
    const sample = await loadOnce(browser, url, { profile, session, ready, marker });
    if (i >= warmups) samples.push(sample);
  }
  const med = (key) => {
    const values = samples.map((s) => s[key]).filter((v) => typeof v === 'number');
    values.sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : null;
  };
  return {
    url,
    profile,
    lcpMs: round(med('lcpMs')),
    fcpMs: round(med('fcpMs')),
    tbtMs: round(med('tbtMs')),
    cls: round(med('cls'), 4),
    longestTaskMs: round(med('longestTaskMs')),
    markerMs: round(med('markerMs')),
    finalUrl: samples[0]?.finalUrl,
    runs: samples.map((s) => ({
      ...(marker ? { markerMs: round(s.markerMs) } : {}),
      lcpMs: round(s.lcpMs),
      tbtMs: round(s.tbtMs),
      cls: round(s.cls, 4),
    })),
  };
}

/** Signs in for real (as e2e/support/auth.ts does) and returns the session and the token. */
export async function signIn(browser, { portal, stack, path, email, password }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let token = null;
  page.on('request', async (request) => {
    if (token || !request.url().startsWith(`${stack}/crm/`)) return;
    // headers() leaves out security headers; allHeaders() has Authorization.
    const auth = (await request.allHeaders().catch(() => ({})))['authorization'];
    if (!token && auth?.startsWith('Bearer ')) token = auth.slice('Bearer '.length);
  });
  await page.goto(portal + path);
  // The guarded page redirects to the identity provider once its script has run (after 'load'):
  // wait for that redirect itself, not for a URL the page already has.
  await page.waitForURL((url) => url.origin === stack, { timeout: 30_000 }).catch(() => undefined);
  if (new URL(page.url()).origin === stack) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL((url) => url.origin === portal && url.pathname === path, {
    timeout: 60_000,
  });
  await page.getByRole('main').waitFor();
  await page.waitForFunction(
    () => Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:')),
    undefined,
    { timeout: 30_000 },
  );
  for (let i = 0; i < 100 && !token; i++) await sleep(100);
  const storage = await page.evaluate(() => ({
    session: { ...sessionStorage },
    local: { ...localStorage },
  }));
  // Fallback: the access token of the stored OIDC user (oidc-client-ts, sessionStorage).
  for (const value of Object.values(storage.session)) {
    if (token) break;
    try {
      token = JSON.parse(value)?.access_token ?? null;
    } catch {
      // not JSON
    }
  }
  const cookies = await context.cookies();
  await context.close();
  if (!token) throw new Error('signed in, but saw no bearer token on a request to the stack');
  return { token, session: { origin: portal, cookies, ...storage } };
}

const afterTwoFrames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The data table of the portals (src/core/data-table): its selectors and "settled" test. */
export const productTable = {
  search: 'input[aria-label="Search"]',
  watch: 'tbody',
  sort: 'th[aria-sort] button',
  sortState: (page) => page.getAttribute('th[aria-sort]', 'aria-sort'),
  next: 'button[aria-label="Next page"]',
  first: 'button[aria-label="Page 1"]',
  async settled(page, rows) {
    await page.waitForFunction(
      (expected) => {
        // Read without the thousands' separators: `expected` is a count or the footer's text.
        const bare = (text) => String(text).replace(/,/g, '');
        const text = bare(document.querySelector('.dt-footer [role="status"]')?.textContent ?? '');
        return expected === undefined
          ? /of (about )?\d+/.test(text)
          : text.endsWith(`of ${bare(expected)}`);
      },
      rows,
      { timeout: 120_000 },
    );
    await afterTwoFrames(page);
  },
  rowCount: (page) =>
    page.evaluate(() => {
      const text = document.querySelector('.dt-footer [role="status"]')?.textContent ?? '';
      return Number(/of (?:about )?([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
    }),
  /** What the footer says of the total: '7,000', or 'about 1,000,000' when estimated. */
  countText: (page) =>
    page.evaluate(
      () =>
        /of ((?:about )?[\d,]+)$/.exec(
          document.querySelector('.dt-footer [role="status"]')?.textContent ?? '',
        )?.[1],
    ),
  /** The first rows are in: the footer says which rows it shows. */
  marker: { selector: '.dt-footer [role="status"]', pattern: '^Showing 1–' },
};

/** react-admin's List + Datagrid: its selectors; settled = no progress bar, then quiet. */
export const peerTable = {
  search: 'input[name="q"]',
  watch: 'tbody',
  sort: 'th .MuiTableSortLabel-root',
  async sortState(page) {
    const classes = (await page.getAttribute('th .MuiTableSortLabel-root', 'class')) ?? '';
    if (!classes.includes('Mui-active')) return 'none';
    const hash = new URL(page.url()).hash;
    return /order=DESC/.test(decodeURIComponent(hash)) ? 'descending' : 'ascending';
  },
  next: 'button[aria-label="Go to next page"]',
  first: 'button[aria-label="Go to previous page"]',
  async settled(page) {
    // The search box is debounced (500 ms) before the list refetches.
    await sleep(650);
    await page.waitForFunction(
      () =>
        document.querySelector('tbody tr') !== null &&
        document.querySelector('.MuiLinearProgress-root, [role="progressbar"]') === null,
      undefined,
      { timeout: 120_000 },
    );
    await afterTwoFrames(page);
  },
  rowCount: async (page) => {
    const text = (await page.textContent('.MuiTablePagination-displayedRows')) ?? '';
    return Number(/of\s+([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
  },
  marker: { selector: '.MuiTablePagination-displayedRows', pattern: '^1[–-]' },
};

/**
 * A desktop context for the interaction measurements: the reused instrumentation, signed in with
 * `session` (applySession: the portal's signed-in storage, or the peer's token).
 */
export async function measuredContext(browser, session) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await instrumentContext(context);
  await applySession(context, session);
  return context;
}

/** The peer's signed-in state: the bearer token in its sessionStorage (bench/peers). */
export const peerSession = (origin, token) => ({ origin, session: { 'bench.token': token } });

/** Installs the reused instrumentation (bench/table) and a long-task log in a context. */
export async function instrumentContext(context) {
  await context.addInitScript(instrumentScript());
  await context.addInitScript(() => {
    window.__longtasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // unsupported
    }
  });
}

const resetLongTasks = (page) => page.evaluate(() => (window.__longtasks.length = 0));
const longestTask = (page) =>
  page.evaluate(() => window.__longtasks.reduce((m, d) => Math.max(m, d), 0));

/**
 * Figure 3 on a page already showing a table: keystroke (search) → next paint and → results
 * painted, sort click → next paint and → sorted rows painted, page change → next paint; the
 * longest task seen during these interactions. The method of bench/table/run.mjs.
 */
export async function measureTable(page, table, { runs, warmups, term = 'e', rows }) {
  const keystroke = { nextPaint: [], results: [], eventTiming: [] };
  const sort = { nextPaint: [], results: [], eventTiming: [] };
  const paging = { nextPaint: [], results: [], eventTiming: [] };
  const cold = {};
  await table.settled(page, rows);
  await resetLongTasks(page);

  for (let i = 0; i < warmups + runs; i++) {
    await page.fill(table.search, '');
    await table.settled(page, rows);
    await page.focus(table.search);
    await page.evaluate(
      ([sel, watch]) => window.__bench.arm(sel, 'keydown', watch),
      [table.search, table.watch],
    );
    await page.keyboard.press(term);
    const r = await page.evaluate(() => window.__bench.read());
    // The first keystroke builds the rows' search text: reported apart ("cold").
    if (i === 0) cold.searchResultsMs = round(r.results);
    if (i >= warmups) {
      keystroke.nextPaint.push(r.nextPaint);
      keystroke.results.push(r.results);
      keystroke.eventTiming.push(r.eventTiming);
    }
    await table.settled(page);
  }
  await page.fill(table.search, '');
  await table.settled(page, rows);

  for (let measured = 0; measured < warmups + runs;) {
    const state = await table.sortState(page);
    if (state === 'descending') {
      await page.click(table.sort);
      await table.settled(page, rows);
      continue;
    }
    await page.evaluate(
      ([sel, watch]) => window.__bench.arm(sel, 'click', watch),
      [table.sort, table.watch],
    );
    await page.click(table.sort);
    const r = await page.evaluate(() => window.__bench.read());
    // The first sort by a column and direction builds its order: reported apart ("cold").
    if (measured < 2) cold.sortResultsMs = Math.max(cold.sortResultsMs ?? 0, round(r.results) ?? 0);
    if (measured >= warmups) {
      sort.nextPaint.push(r.nextPaint);
      sort.results.push(r.results);
      sort.eventTiming.push(r.eventTiming);
    }
    measured++;
    await table.settled(page, rows);
  }

  for (let i = 0; i < warmups + runs; i++) {
    await page.evaluate(
      ([sel, watch]) => window.__bench.arm(sel, 'click', watch),
      [table.next, table.watch],
    );
    await page.click(table.next);
    const r = await page.evaluate(() => window.__bench.read());
    if (i >= warmups) {
      paging.nextPaint.push(r.nextPaint);
      paging.results.push(r.results);
      paging.eventTiming.push(r.eventTiming);
    }
    await table.settled(page, rows);
    await page.click(table.first);
    await table.settled(page, rows);
  }
  const longest = await longestTask(page);
  const block = (series) => ({
    toNextPaint: summarise(series.nextPaint),
    toResultsPainted: summarise(series.results),
    eventTimingDuration: summarise(series.eventTiming),
  });
  return {
    keystroke: block(keystroke),
    sortClick: block(sort),
    pageChange: block(paging),
    longestTaskMs: round(longest),
    cold,
  };
}

/**
 * Figure 4: keystroke latency in a form field (→ next paint) and submit-validation time (submit
 * click with mandatory fields empty → the error messages painted). `open(page)` shows a fresh
 * form and returns { field, submit, watch } locators/selectors.
 */
export async function measureForm(page, open, { runs, warmups }) {
  const keys = { nextPaint: [], eventTiming: [] };
  const submit = { results: [], nextPaint: [], eventTiming: [] };
  for (let i = 0; i < warmups + runs; i++) {
    const form = await open(page);
    await form.field.evaluate((el) => el.setAttribute('data-bench', 'field'));
    await form.submit.evaluate((el) => el.setAttribute('data-bench', 'submit'));
    await form.field.click();
    await page.keyboard.press('End');
    await page.evaluate(() => window.__bench.arm('[data-bench="field"]', 'keydown'));
    await page.keyboard.press('7');
    const k = await page.evaluate(() => window.__bench.read());
    // Empty the mandatory field, then submit with the mandatory fields empty.
    await form.field.fill('');
    await afterTwoFrames(page);
    await page.evaluate(
      (watch) => window.__bench.arm('[data-bench="submit"]', 'click', watch),
      form.watch,
    );
    await form.submit.click();
    const s = await page.evaluate(() => window.__bench.read());
    if (i >= warmups) {
      keys.nextPaint.push(k.nextPaint);
      keys.eventTiming.push(k.eventTiming);
      submit.results.push(s.results);
      submit.nextPaint.push(s.nextPaint);
      submit.eventTiming.push(s.eventTiming);
    }
  }
  return {
    keystroke: {
      toNextPaint: summarise(keys.nextPaint),
      eventTimingDuration: summarise(keys.eventTiming),
    },
    submitValidation: {
      toErrorsPainted: summarise(submit.results),
      toNextPaint: summarise(submit.nextPaint),
      eventTimingDuration: summarise(submit.eventTiming),
    },
  };
}

export { percentile };
