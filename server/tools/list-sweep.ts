/**
 * Every list endpoint of both portals timed at scale (issue 16), the requests a user makes:
 * each sortable column both ways, the first page and one 1,000 rows deep; each filterable column
 * with a value taken from the data; and search terms of one, two, three and five characters and
 * one that matches nothing, each with every sort. A 50-row page through the app's own routes
 * (in process: no network), median of `calls` after a warm-up, slowest first. On the stack's
 * database (DATABASE_URL, else DATA_DIR) as add-licences.ts or DEMO_SCALE left it; stop the
 * stack first when it runs on PGlite. Confirm a slow line alone with list-trace.ts, which also
 * shows where its time goes. With TOTALS=1, each total said "about N" is also counted exactly
 * (the export's first frame) and printed with its ratio, furthest off first.
 *
 *   DATABASE_URL=… [TOTALS=1] npx tsx server/tools/list-sweep.ts [calls] [path filter]
 */
import { isSortable, type ListColumn } from '@/contract/lists';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDb } from '../db/open';
import { CELLS, fill, listParams, listRoutes, type Row } from '../http/list-support';
import { bearer, TEST_CONFIG, tokenFor } from '../test/harness';

const calls = Number(process.argv[2] ?? 3);
const only = process.argv[3] ?? '';
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ db, seed: false, config: { ...TEST_CONFIG, rateLimitMax: 1e9 } });
const totals = process.env.TOTALS === '1';
// The exact totals are read from the export's first frame over HTTP, the rest left unread.
const address = totals ? await app.listen({ port: 0, host: '127.0.0.1' }) : await app.ready();

const SEARCHES = ['a', 'qu', 'rid', 'ridge', 'zzzzq'];

/** A filter value for the column, taken from the rows of a first page. */
function probe(column: ListColumn, values: unknown[]): unknown {
  const present = values.filter((v) => v !== null && v !== '' && v !== undefined);
  const middle = present[Math.floor(present.length / 2)];
  switch (column.kind) {
    case 'text':
      return String(middle ?? 'x').slice(1, 4);
    case 'number':
      return { min: Number(middle ?? 0) };
    case 'date':
      return { from: String(middle ?? '2000-01-01').slice(0, 10) };
    case 'select':
      return column.values[0];
    case 'boolean':
      return true;
  }
}

const results: [number, string, string][] = [];
const estimates: [number, string][] = [];

/** The exact number of rows matching a list request: the export's first frame. */
async function exactTotal(url: string, headers: Record<string, string>, body: object) {
  const controller = new AbortController();
  const res = await fetch(`${String(address)}${url.replace(/list$/, 'export')}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, all: true, timeZone: 'UTC' }),
    signal: controller.signal,
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  controller.abort();
  return (JSON.parse(text.slice(0, text.indexOf('\n'))) as { total: number }).total;
}
try {
  for (const l of listRoutes()) {
    if (!l.path.includes(only)) continue;
    const headers = bearer(await tokenFor(app, l.who));
    const url = fill(l.route.url, listParams(l.path));
    const post = async (body: object) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: { take: 50, timeZone: 'UTC', ...body },
      });
      if (res.statusCode !== 200) throw new Error(`${url} ${JSON.stringify(body)}: ${res.body}`);
      return res.json().data as {
        results: Row[];
        totalAvailable: number;
        totalIsEstimate: boolean;
      };
    };
    const time = async (what: string, body: object) => {
      const times: number[] = [];
      let answer = await post(body);
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        answer = await post(body);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const total = `${answer.totalIsEstimate ? 'about ' : ''}${answer.totalAvailable}`;
      results.push([times[Math.floor(times.length / 2)] ?? 0, `${l.path} ${what}`, total]);
      // Once per query: its first page, in the default order.
      if (totals && answer.totalIsEstimate && !('sortBy' in body) && !('skip' in body)) {
        const exact = await exactTotal(url, headers, body);
        const ratio = answer.totalAvailable / Math.max(exact, 1);
        estimates.push([
          Math.max(ratio, 1 / ratio),
          `${l.path} ${what}: about ${answer.totalAvailable}, ${exact} exactly`,
        ]);
      }
    };
    const first = await post({ take: 200 });
    const sorts = Object.entries(l.columns).filter(([, c]) => isSortable(c));
    for (const [id] of sorts)
      for (const sortDesc of [false, true])
        for (const skip of [0, 1000])
          await time(`by ${id}${sortDesc ? ' desc' : ''} @${skip}`, { sortBy: id, sortDesc, skip });
    for (const [id, column] of Object.entries(l.columns)) {
      if (column.filterable === false) continue;
      const cell = CELLS[l.path]?.[id];
      const value = probe(
        column,
        first.results.map((r) => cell?.(r)),
      );
      await time(`filter ${id}=${JSON.stringify(value)}`, { filters: { [id]: value } });
    }
    if (l.searchable.length === 0) continue;
    for (const search of SEARCHES) {
      await time(`search '${search}'`, { search });
      for (const [id] of sorts) await time(`search '${search}' by ${id}`, { search, sortBy: id });
    }
  }
} finally {
  await app.close();
}
for (const [ms, what, total] of results.sort((a, b) => b[0] - a[0]))
  console.log(`${ms.toFixed(1).padStart(8)} ms  ${what}  (${total})`);
for (const [off, what] of estimates.sort((a, b) => b[0] - a[0]))
  console.log(`${off.toFixed(2).padStart(8)}×  ${what}`);
