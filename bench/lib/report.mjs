// bench/results/latest.json, latest.md and a timestamped copy of each; targets of issue 10
// reported as met or not (never asserted).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KB = 1024;
const kb = (v) => (typeof v === 'number' ? `${(v / KB).toFixed(1)} KB` : '–');
const ms = (v) => (typeof v === 'number' ? `${v} ms` : '–');
const plain = (v) => (typeof v === 'number' ? String(v) : '–');
const rps = (v) => (typeof v === 'number' ? `${Math.round(v)} req/s` : '–');
const mb = (v) => (typeof v === 'number' ? `${(v / KB / KB).toFixed(0)} MB` : '–');

/**
 * The rows of the table: [label, product figure, peer figure or null, format, target].
 * target: { max } | { min } | { maxRatio } (product/peer) | { minOf: [figure, factor] } | null;
 * `unit` names the unit of max (else a byte count from 1024 up is shown in KB).
 */
function rows(f) {
  const list = [];
  for (const portal of ['org', 'site']) {
    list.push(
      [
        `${portal}: first-load JS gzip`,
        `${portal}.firstLoadJsGzipBytes`,
        'peer.firstLoadJsGzipBytes',
        kb,
        { max: 130 * KB, maxRatio: 1 / 3 },
      ],
      [
        `${portal}: first-load JS brotli`,
        `${portal}.firstLoadJsBrotliBytes`,
        'peer.firstLoadJsBrotliBytes',
        kb,
        null,
      ],
      [
        `${portal}: first-load CSS gzip`,
        `${portal}.firstLoadCssGzipBytes`,
        'peer.firstLoadCssGzipBytes',
        kb,
        { max: 25 * KB },
      ],
      [
        `${portal}: largest route chunk gzip`,
        `${portal}.largestRouteChunkGzipBytes`,
        'peer.largestRouteChunkGzipBytes',
        kb,
        null,
      ],
    );
  }
  for (const [name, label] of [
    ['org.landing', 'org landing'],
    ['site.landing', 'site landing'],
  ]) {
    for (const profile of ['desktop', 'mobile']) {
      const peer = `peer.table.${profile}`;
      list.push(
        [
          `${label}, ${profile}: Lighthouse performance`,
          `${name}.${profile}.lighthouseScore`,
          `${peer}.lighthouseScore`,
          plain,
          { min: profile === 'desktop' ? 100 : 95 },
        ],
        [
          `${label}, ${profile}: Lighthouse LCP`,
          `${name}.${profile}.lighthouseLcpMs`,
          `${peer}.lighthouseLcpMs`,
          ms,
          { max: 1000 },
        ],
        [
          `${label}, ${profile}: Lighthouse TBT`,
          `${name}.${profile}.lighthouseTbtMs`,
          `${peer}.lighthouseTbtMs`,
          ms,
          { max: 50 },
        ],
        [
          `${label}, ${profile}: Lighthouse CLS`,
          `${name}.${profile}.lighthouseCls`,
          `${peer}.lighthouseCls`,
          plain,
          { max: 0.01 },
        ],
      );
    }
  }
  for (const [name, label] of [
    ['org.landing', 'org landing'],
    ['site.landing', 'site landing'],
    ['org.table', 'org /issued-licences (signed in)'],
  ]) {
    for (const profile of ['desktop', 'mobile']) {
      const peer = name === 'org.table' ? `peer.table.${profile}` : null;
      const landing = name.endsWith('landing');
      list.push(
        [
          `${label}, ${profile}: LCP`,
          `${name}.${profile}.lcpMs`,
          peer && `${peer}.lcpMs`,
          ms,
          landing ? { max: 1000 } : null,
        ],
        [
          `${label}, ${profile}: TBT`,
          `${name}.${profile}.tbtMs`,
          peer && `${peer}.tbtMs`,
          ms,
          landing ? { max: 50 } : null,
        ],
        [
          `${label}, ${profile}: CLS`,
          `${name}.${profile}.cls`,
          peer && `${peer}.cls`,
          plain,
          landing ? { max: 0.01 } : null,
        ],
      );
    }
  }
  for (const size of ['1k', '10k', '50k', '100k']) {
    const search = size === '10k' ? { max: 50 } : size === '100k' ? { max: 80 } : null;
    const sort = size === '10k' ? { max: 100 } : size === '100k' ? { max: 600 } : null;
    list.push(
      [
        `table ${size} rows: keystroke → next paint p95`,
        `table.org.search${size}.p95Ms`,
        null,
        ms,
        search,
      ],
      [
        `table ${size} rows: keystroke → filtered rows painted p95`,
        `table.org.searchResults${size}.p95Ms`,
        null,
        ms,
        null,
      ],
      [
        `table ${size} rows: sort click → next paint p95`,
        `table.org.sort${size}.p95Ms`,
        null,
        ms,
        sort,
      ],
      [
        `table ${size} rows: sort click → sorted rows painted p95`,
        `table.org.sortResults${size}.p95Ms`,
        null,
        ms,
        null,
      ],
      [
        `table ${size} rows: page change → next paint p95`,
        `table.org.page${size}.p95Ms`,
        null,
        ms,
        null,
      ],
      [
        `table ${size} rows: longest task`,
        `table.org.longestTask${size}Ms`,
        null,
        ms,
        size === '100k' ? { max: 200 } : null,
      ],
    );
  }
  const real = typeof f['tableReal.rows'] === 'number' ? `${f['tableReal.rows']} rows` : 'stack';
  list.push(
    [
      `issued licences (${real}): keystroke → next paint p95`,
      'tableReal.org.search.p95Ms',
      'tableReal.peer.search.p95Ms',
      ms,
      { maxRatio: 1 },
    ],
    [
      `issued licences (${real}): keystroke → rows painted p95`,
      'tableReal.org.searchResults.p95Ms',
      'tableReal.peer.searchResults.p95Ms',
      ms,
      { maxRatio: 1 },
    ],
    [
      `issued licences (${real}): sort click → next paint p95`,
      'tableReal.org.sort.p95Ms',
      'tableReal.peer.sort.p95Ms',
      ms,
      { maxRatio: 1 },
    ],
    [
      `issued licences (${real}): sort click → sorted rows painted p95`,
      'tableReal.org.sortResults.p95Ms',
      'tableReal.peer.sortResults.p95Ms',
      ms,
      { maxRatio: 1 },
    ],
    [
      `issued licences (${real}): page change → next paint p95`,
      'tableReal.org.page.p95Ms',
      'tableReal.peer.page.p95Ms',
      ms,
      { maxRatio: 1 },
    ],
    [
      `issued licences (${real}): page change → rows painted p95`,
      'tableReal.org.pageResults.p95Ms',
      'tableReal.peer.pageResults.p95Ms',
      ms,
      { maxRatio: 1 },
    ],
    [
      `issued licences (${real}): longest task`,
      'tableReal.org.longestTaskMs',
      'tableReal.peer.longestTaskMs',
      ms,
      null,
    ],
    [
      'Issue licence form: keystroke → next paint p95',
      'form.org.keystroke.p95Ms',
      'form.peer.keystroke.p95Ms',
      ms,
      null,
    ],
    [
      'Issue licence form: submit → errors painted p95',
      'form.org.submitValidation.p95Ms',
      'form.peer.submitValidation.p95Ms',
      ms,
      null,
    ],
    ['stack: list, 50 rows, p99', 'stack.list50.p99Ms', null, ms, { max: 20 }],
    ['stack: list, 50 rows, p50', 'stack.list50.p50Ms', null, ms, null],
    [
      'stack: list, 50 rows, throughput',
      'stack.list50.rps',
      null,
      rps,
      { minOf: ['stack.bareFastify.rps', 0.5] },
    ],
    ['stack: list, 1000 rows, p99', 'stack.list1000.p99Ms', null, ms, null],
    ['stack: list, 1000 rows, throughput', 'stack.list1000.rps', null, rps, null],
    ['stack: Orgs/GetUserMetadata p99', 'stack.userMetadata.p99Ms', null, ms, null],
    ['stack: Orgs/GetUserMetadata throughput', 'stack.userMetadata.rps', null, rps, null],
    ['stack: /health throughput (smoke)', 'stack.health.rps', null, rps, null],
    ['bare Fastify route throughput (ceiling)', 'stack.bareFastify.rps', null, rps, null],
    ['bare Fastify route p99', 'stack.bareFastify.p99Ms', null, ms, null],
    ['stack RSS idle', 'stack.rssIdleBytes', null, mb, null],
    ['stack RSS peak under load', 'stack.rssPeakBytes', null, mb, null],
    ...screenRows(f),
    ...listRows(f),
    ...auditRows(f),
    [
      '`npm start` → stack and both portals answering',
      'startup.npmStartToPortalsAnsweringMs',
      null,
      ms,
      null,
    ],
  );
  return list;
}

/**
 * Issue 16: the real Issued Licences screen per scenario (bench/lib/screens.mjs), beside the
 * react-admin peer where it does the same work (its list has no export of every row).
 */
function screenRows(f) {
  const list = [];
  const seconds = (v) => (typeof v === 'number' ? `${v} s` : '–');
  const megabytes = (v) => (typeof v === 'number' ? `${v} MB` : '–');
  for (const [scenario, label] of [
    ['screens.embedded10k', '10k rows, PGlite'],
    ['screens.embedded100k', '100k rows, PGlite'],
    ['screens.postgres1m', '1M rows, PostgreSQL'],
  ]) {
    if (f[`${scenario}.org.mobile.firstRowsMs`] === undefined) continue;
    const peer = (what) =>
      f[`${scenario}.peer.${what}`] !== undefined ? `${scenario}.peer.${what}` : null;
    const versus = (what, max) => [
      `${scenario}.org.${what}`,
      peer(what),
      ms,
      peer(what) ? { max, unit: 'ms', maxRatio: 1 } : { max, unit: 'ms' },
    ];
    list.push(
      [`Issued Licences, ${label}: rows`, `${scenario}.org.rows`, null, plain, null],
      [
        `Issued Licences, ${label}: signed-in route, first rows painted (mobile)`,
        ...versus('mobile.firstRowsMs', 1500),
      ],
      [
        `Issued Licences, ${label}: search keystroke → rows painted p95 (desktop)`,
        ...versus('searchResults.p95Ms', 150),
      ],
      [
        `Issued Licences, ${label}: sort click → rows painted p95 (desktop)`,
        ...versus('sortResults.p95Ms', 150),
      ],
      [
        `Issued Licences, ${label}: page change → rows painted p95 (desktop)`,
        ...versus('pageResults.p95Ms', 150),
      ],
      [
        `Issued Licences, ${label}: CSV export of every row, time`,
        `${scenario}.org.export.seconds`,
        null,
        seconds,
        null,
      ],
      [
        `Issued Licences, ${label}: CSV export, lines written`,
        `${scenario}.org.export.linesWritten`,
        null,
        plain,
        null,
      ],
      [
        `Issued Licences, ${label}: CSV export, the page's peak JS heap`,
        `${scenario}.org.export.heapPeakMB`,
        null,
        megabytes,
        { max: 200, unit: 'MB' },
      ],
    );
  }
  return list;
}

/**
 * Issue 16: the Issued Licences list endpoint per scenario (bench/lib/lists.mjs); the peer column
 * of the throughput rows is PostgreSQL answering the page's statement itself (pgbench).
 */
function listRows(f) {
  const list = [];
  const variants = [
    ['page50', '50-row page (id order)', true],
    ['sortCustomer', '50-row page by customer (indexed)', true],
    ['sortExpiryDesc', '50-row page by expiry, descending (indexed)', true],
    ['sortProduct', '50-row page by product (indexed)', true],
    ['sortSubscriptionDesc', '50-row page by subscription, descending (indexed)', true],
    ['filtered', 'state and seats filters', false],
    ['search', 'search', false],
    ['deep', 'the last page (deep offset)', false],
  ];
  for (const [scenario, label] of [
    ['lists.smoke', 'smoke'],
    ['lists.embedded10k', '10k rows, PGlite'],
    ['lists.embedded100k', '100k rows, PGlite'],
    ['lists.postgres1m', '1M rows, PostgreSQL'],
  ]) {
    if (f[`${scenario}.rows`] === undefined) continue;
    const million = scenario === 'lists.postgres1m';
    list.push([`list endpoint, ${label}: rows`, `${scenario}.rows`, null, plain, null]);
    if (million)
      list.push([`list endpoint, ${label}: load time`, `${scenario}.loadMs`, null, ms, null]);
    for (const [variant, what, indexed] of variants) {
      const pg = million && `${scenario}.pgbench.${variant}.tps`;
      list.push(
        [
          `list endpoint, ${label}, ${what}: p99`,
          `${scenario}.${variant}.p99Ms`,
          null,
          ms,
          million && indexed ? { max: 25 } : null,
        ],
        [`list endpoint, ${label}, ${what}: p50`, `${scenario}.${variant}.p50Ms`, null, ms, null],
        [
          `list endpoint, ${label}, ${what}: throughput${pg && f[pg] !== undefined ? ' (peer: pgbench, same statement)' : ''}`,
          `${scenario}.${variant}.rps`,
          pg && f[pg] !== undefined ? pg : null,
          rps,
          null,
        ],
      );
    }
  }
  return list;
}

/**
 * Issue 18: what the audit trail adds to a write (server/tools/audit-cost.ts): median and p95
 * with the trail and without, per database; the goal is at most 1 ms added to the median.
 */
function auditRows(f) {
  const list = [];
  for (const [db, dbLabel] of [
    ['embedded', 'PGlite'],
    ['postgres', 'PostgreSQL'],
  ]) {
    for (const [write, what] of [
      ['licenceUpdate', 'issued licence updated'],
      ['blastCreate', 'blast created (20 KB file)'],
    ]) {
      const key = `audit.${db}.${write}`;
      if (f[`${key}.addedMedianMs`] === undefined) continue;
      const label = `audit trail, ${dbLabel}, ${what}`;
      list.push(
        [`${label}: median added`, `${key}.addedMedianMs`, null, ms, { max: 1, unit: 'ms' }],
        [`${label}: median with / without`, `${key}.on.medianMs`, `${key}.off.medianMs`, ms, null],
        [`${label}: p95 with / without`, `${key}.on.p95Ms`, `${key}.off.p95Ms`, ms, null],
      );
    }
  }
  return list;
}

function verdict(f, product, peer, target) {
  const value = f[product];
  if (!target) return ['', ''];
  if (typeof value !== 'number') return [describe(target), 'not measured'];
  const checks = [];
  if (target.max !== undefined) checks.push(value <= target.max);
  if (target.min !== undefined) checks.push(value >= target.min);
  if (target.maxRatio !== undefined && peer && typeof f[peer] === 'number' && f[peer] > 0) {
    checks.push(value / f[peer] <= target.maxRatio);
  }
  if (target.minOf && typeof f[target.minOf[0]] === 'number') {
    checks.push(value >= f[target.minOf[0]] * target.minOf[1]);
  }
  if (!checks.length) return [describe(target), 'not measured'];
  return [describe(target), checks.every(Boolean) ? 'met' : '**missed**'];
}

function describe(target) {
  const parts = [];
  if (target.min !== undefined) parts.push(`≥ ${target.min}`);
  if (target.max !== undefined) {
    const max = target.unit ? `${target.max} ${target.unit}` : target.max;
    parts.push(!target.unit && target.max >= 1024 ? `≤ ${kb(target.max)}` : `≤ ${max}`);
  }
  if (target.maxRatio !== undefined) {
    parts.push(
      target.maxRatio === 1
        ? 'ahead of the peer'
        : `≤ 1/${Math.round(1 / target.maxRatio)} of the peer`,
    );
  }
  if (target.minOf) parts.push(`≥ ${target.minOf[1]} × bare Fastify`);
  return parts.join(', ');
}

export function markdown(output) {
  const f = output.figures;
  const m = output.machine;
  const lines = [
    `# Benchmark results${output.smoke ? ' (smoke)' : ''}`,
    '',
    `${output.date}; ${m.cpuModel}, ${m.cores} cores; load average ${m.loadAverageAtStart?.join(' ')} at start, ${m.loadAverageAtEnd?.join(' ')} at end; Node ${m.node}; Chromium ${m.chromium ?? '?'}; ` +
      `servers on core ${m.serverCore}, browser and load generator on core ${m.clientCore}${m.taskset ? ' (taskset)' : ' (not pinned)'}; ` +
      `medians of ${output.config.runs} runs after ${output.config.warmups} warm-ups (p95 of those runs for interactions). ` +
      'Lighthouse rows: Lighthouse itself (simulated throttling); "observed" rows: PerformanceObserver in Chromium under DevTools throttling. The peer column of the landing rows is the peer\'s landing page (its list). See docs/performance.md.',
    '',
  ];
  // Figures of several runs (BENCH_MERGE): each row says which run measured it.
  const when = output.measured;
  if (when) {
    lines.push(
      'Figures of several runs, merged (BENCH_MERGE=1): the last column is the run that measured each (the line above describes the last run).',
      '',
    );
  }
  for (const run of output.runs ?? [runOf(output)]) {
    lines.push(`- ${runName(run.date)}: ${run.phases.join(', ')}; code ${codeName(run.code)}`);
  }
  lines.push('');
  lines.push(
    `| figure | product | peer | ratio | target | met?${when ? ' | measured' : ''} |`,
    `|---|---|---|---|---|---|${when ? '---|' : ''}`,
  );
  for (const [label, product, peer, format, target] of rows(f)) {
    const value = f[product];
    const peerValue = peer ? f[peer] : undefined;
    if (value === undefined && peerValue === undefined) continue;
    const ratio =
      typeof value === 'number' && typeof peerValue === 'number' && peerValue > 0
        ? (value / peerValue).toFixed(2)
        : '';
    const [goal, met] = verdict(f, product, peer, target);
    const measured = when ? ` ${measuredCell(when, product, peer)} |` : '';
    lines.push(
      `| ${label} | ${format(value)} | ${peer ? format(peerValue) : ''} | ${ratio} | ${goal} | ${met} |${measured}`,
    );
  }
  if (Object.keys(output.errors).length) {
    lines.push('', '## Phases that failed', '');
    for (const [name, message] of Object.entries(output.errors)) {
      lines.push(`- ${name}: ${message.split('\n')[0]}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

/** A run as the table names it: its date and time (UTC, to the minute). */
const runName = (date) => (date ? `${date.slice(0, 10)} ${date.slice(11, 16)}` : 'not recorded');

/** The run of a row's figure, and the peer's when another run measured it (a ratio across runs). */
function measuredCell(when, product, peer) {
  const own = when[product];
  const peers = peer ? when[peer] : undefined;
  if (own === undefined) return runName(peers);
  return peers === undefined || peers === own
    ? runName(own)
    : `${runName(own)} (peer: ${runName(peers)})`;
}

/** What a run measured: its date, its phases and its code (bench/lib/util.mjs codeVersion). */
const runOf = (output) => ({
  date: output.date,
  phases: output.config?.phases ?? [],
  code: output.code ?? null,
});

/** The code of a run as the table names it (`note`: what someone wrote of it afterwards). */
function codeName(code) {
  if (!code) return 'not recorded';
  const diff = code.diff ? ` (diff ${code.diff})` : '';
  const changed = code.uncommitted.length
    ? ` with uncommitted changes to ${code.uncommitted.join(', ')}${diff}`
    : '';
  const during = code.changedDuringRun ? '; changed during the run' : '';
  return `${code.commit}${changed}${during}${code.note ? ` (${code.note})` : ''}`;
}

/**
 * When each figure of an output was measured: its own record, else the run's date (null, not
 * recorded, for the figures an older merged report carried without saying from which run).
 */
const measuredOf = (output) =>
  output.measured ??
  Object.fromEntries(
    Object.keys(output.figures).map((figure) => [figure, output.mergedInto ? null : output.date]),
  );

/**
 * BENCH_MERGE=1: a run of some phases only (BENCH_PHASES) updates the figures of the last full
 * run instead of replacing them (for re-measuring one phase after a fix). Each figure keeps the
 * date of the run that measured it (`measured`), so that a figure carried over from an older run
 * never reads as this run's.
 */
export function merged(output, previous) {
  if (!previous) return output;
  return {
    ...output,
    mergedInto: previous.date,
    figures: { ...previous.figures, ...output.figures },
    details: { ...previous.details, ...output.details },
    measured: { ...measuredOf(previous), ...measuredOf(output) },
    runs: [...(previous.runs ?? [runOf(previous)]), runOf(output)],
  };
}

export function writeReport(result, dir) {
  const file = join(dir, 'latest.json');
  const merging = process.env.BENCH_MERGE === '1' && !result.smoke && existsSync(file);
  const output = merged(result, merging ? JSON.parse(readFileSync(file, 'utf8')) : null);
  mkdirSync(join(dir, 'history'), { recursive: true });
  const stamp = output.date.replace(/[:.]/g, '-');
  const base = output.smoke ? 'smoke' : 'latest';
  const json = `${JSON.stringify(output, null, 2)}\n`;
  const md = markdown(output);
  // The smoke's output is scratch (bench/results/tmp is git-ignored).
  const out = output.smoke ? join(dir, 'tmp') : dir;
  mkdirSync(out, { recursive: true });
  const files = [join(out, `${base}.json`), join(out, `${base}.md`)];
  writeFileSync(files[0], json);
  writeFileSync(files[1], md);
  if (!output.smoke) {
    files.push(join(dir, 'history', `${stamp}.json`), join(dir, 'history', `${stamp}.md`));
    writeFileSync(files[2], json);
    writeFileSync(files[3], md);
  }
  return files;
}
