import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_SELECTED_IDS,
  TOO_MANY_PICKED,
  TOO_MANY_UNPICKED,
  type ListColumn,
} from '@/contract/lists';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor, type DemoAccount } from '../test/harness';
import { isErrorEnvelope } from '../security/support';
import { listLookups, listReading } from './list';
import {
  fill,
  framesOf,
  listParams,
  listRoutes,
  post,
  recordSomeActivity,
  type ListUnderTest,
  type Row,
} from './list-support';

/**
 * Every list endpoint of both portals, generated from the route table (docs/lists.md): each
 * column's sort in both directions, each filter kind with values taken from the data, the
 * search, paging, and the 400s of bad requests. The expected rows come from the full list (the
 * export) filtered and sorted here by what each cell shows (server/http/list-support.ts), not
 * by the SQL under test.
 */
let app: App;
let lists: ListUnderTest[];
const tokens = new Map<DemoAccount, Record<string, string>>();
const all = new Map<string, Row[]>();

// The demo's lists are short: find their lookups' keys first all the same, as a long list does
// (listLookups); lookup-keys.test.ts compares that with the keys asked inside the statement.
const { shortList } = listLookups;
beforeAll(() => {
  listLookups.shortList = 0;
});
afterAll(() => {
  listLookups.shortList = shortList;
});
beforeAll(async () => {
  app = await createTestApp();
  lists = listRoutes();
  await recordSomeActivity(app);
  for (const who of ['sysadmin', 'siteuser'] as const)
    tokens.set(who, bearer(await tokenFor(app, who)));
  for (const l of lists) {
    const res = await post(app, auth(l), url(l, 'export'), { all: true });
    expect(res.statusCode, l.path).toBe(200);
    const frames = framesOf(res.body);
    const rows = frames.filter((f) => f.kind === 'rows').flatMap((f) => f.rows);
    expect(frames[0], l.path).toEqual({ kind: 'start', total: rows.length });
    expect(frames.at(-1), l.path).toEqual({ kind: 'end', count: rows.length });
    all.set(l.path, rows);
  }
}, 120_000);
afterAll(async () => {
  await app.close();
});

const auth = (l: ListUnderTest) => tokens.get(l.who) ?? {};
const url = (l: ListUnderTest, end: 'list' | 'export') =>
  fill(l.route.url, listParams(l.path)).replace(/list$/, end);
// A list's key: its id, a shared blast's share id, a link's order number (its id is a secret).
const keyOf = (row: Row): number =>
  typeof row.id === 'number' ? row.id : (row.shareId ?? row.seq);
const rowsOf = (l: ListUnderTest) => all.get(l.path) ?? [];
async function list(l: ListUnderTest, body: object) {
  const res = await post(app, auth(l), url(l, 'list'), { take: 1000, ...body });
  expect(res.statusCode, `${l.path} ${JSON.stringify(body)}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data as {
    results: Row[];
    totalAvailable: number;
    fetchedCount: number;
    skippedCount: number;
    totalIsEstimate: boolean;
    hasMore: boolean;
  };
}

type Value = string | number | boolean | null;
/** The portal's client-mode order: lower-case text, missing values last, then the key. */
function expectedOrder(rows: Row[], cell: (r: Row) => Value, desc: boolean): number[] {
  const norm = (v: Value) => (typeof v === 'string' ? v.toLowerCase() : v);
  return [...rows]
    .sort((a, b) => {
      const x = norm(cell(a));
      const y = norm(cell(b));
      const nx = x === null || x === undefined;
      const ny = y === null || y === undefined;
      if (nx || ny) return nx && ny ? (keyOf(a) - keyOf(b)) * (desc ? -1 : 1) : nx ? 1 : -1;
      const c = x < y ? -1 : x > y ? 1 : keyOf(a) - keyOf(b);
      return desc ? -c : c;
    })
    .map(keyOf);
}

/** The local day (YYYY-MM-DD) of an instant in a time zone (a format built once per zone). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayIn = (iso: string, timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
};
const dayOf = (v: string, timeZone: string) => (v.length === 10 ? v : dayIn(v, timeZone));

interface Probe {
  value: unknown;
  test: (v: Value) => boolean;
  timeZone?: string;
}
/** Filter values for a column, taken from the data, with the cell test each stands for. */
function probes(column: ListColumn, values: Value[]): Probe[] {
  const present = values.filter((v): v is string | number | boolean => v !== null && v !== '');
  switch (column.kind) {
    case 'text': {
      const sample = String(present[Math.floor(present.length / 2)] ?? 'x');
      const needle = sample.slice(1, 4).toUpperCase() || 'X';
      return [
        {
          value: needle,
          test: (v) => v !== null && String(v).toLowerCase().includes(needle.toLowerCase()),
        },
        { value: '%_\\', test: (v) => v !== null && String(v).includes('%_\\') },
        // Empty is no filter: every row, those without a value included.
        { value: '', test: () => true },
      ];
    }
    case 'number': {
      const sorted = (present as number[]).sort((a, b) => a - b);
      const lo = sorted[Math.floor(sorted.length / 4)] ?? 0;
      const hi = sorted[Math.floor((sorted.length * 3) / 4)] ?? 0;
      const within = (v: Value) => typeof v === 'number' && v >= lo && v <= hi;
      return [
        { value: { min: lo, max: hi }, test: within },
        { value: { min: hi, max: lo }, test: within }, // swapped: the same range
        { value: { min: hi }, test: (v) => typeof v === 'number' && v >= hi },
        { value: { max: lo }, test: (v) => typeof v === 'number' && v <= lo },
        // A bound between two integers: an integer column compared as a number.
        { value: { min: lo - 0.5 }, test: (v) => typeof v === 'number' && v >= lo - 0.5 },
      ];
    }
    case 'date': {
      const days = (tz: string) => (present as string[]).map((v) => dayOf(v, tz)).sort();
      const cases: Probe[] = [];
      // Zones ahead of UTC and behind it: an instant's day differs from its UTC day both ways.
      for (const timeZone of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
        const d = days(timeZone);
        const from = d[Math.floor(d.length / 4)] ?? '2000-01-01';
        const to = d[Math.floor((d.length * 3) / 4)] ?? '2000-01-01';
        const inRange = (v: Value) =>
          typeof v === 'string' && dayOf(v, timeZone) >= from && dayOf(v, timeZone) <= to;
        cases.push({ value: { from, to }, test: inRange, timeZone });
        cases.push({ value: { from: to, to: from }, test: inRange, timeZone });
        cases.push({
          value: { to: from },
          test: (v) => typeof v === 'string' && dayOf(v, timeZone) <= from,
          timeZone,
        });
        cases.push({
          value: { from: to },
          test: (v) => typeof v === 'string' && dayOf(v, timeZone) >= to,
          timeZone,
        });
      }
      return cases;
    }
    case 'select': {
      const [first, second] = column.values;
      return [
        { value: first, test: (v) => v === first },
        { value: [first, second ?? first], test: (v) => v === first || v === second },
      ];
    }
    case 'boolean':
      return [
        { value: true, test: (v) => v === true },
        { value: false, test: (v) => v !== true },
      ];
  }
}

describe('every list endpoint: sort, filters, search and paging in SQL', () => {
  it('covers every list route of both portals, each with an oracle per column', () => {
    expect(lists.map((l) => l.path).sort()).toEqual(
      [
        '/admin/orgs/list',
        '/admin/sites/list',
        '/admin/users/list',
        '/audit/list',
        '/dashboard/sites/list',
        '/orgs/:orgId/activity/list',
        '/orgs/:orgId/customers/list',
        '/orgs/:orgId/issued-licences/list',
        '/orgs/:orgId/issued-subscriptions/list',
        '/orgs/:orgId/licences/list',
        '/orgs/:orgId/my-subscriptions/list',
        '/orgs/:orgId/node-libraries/list',
        '/orgs/:orgId/offerings/list',
        '/orgs/:orgId/sites/:siteId/activity/list',
        '/orgs/:orgId/sites/:siteId/blasts/list',
        '/orgs/:orgId/sites/:siteId/blasts/:blastId/links/list',
        '/orgs/:orgId/sites/:siteId/blasts/:blastId/shares/list',
        '/orgs/:orgId/sites/:siteId/node-libraries/list',
        '/orgs/:orgId/sites/:siteId/users/list',
        '/orgs/:orgId/sites/list',
        '/orgs/:orgId/users/list',
        '/shared-blasts/list',
      ].sort(),
    );
    for (const l of lists) {
      expect(Object.keys(l.cells).sort(), l.path).toEqual(Object.keys(l.columns).sort());
      // Enough rows that sorting and filtering can be wrong.
      expect(rowsOf(l).length, l.path).toBeGreaterThan(l.path.includes('shared') ? 1 : 0);
    }
  });

  it('sorts by every sortable column in both directions, as the table shows the cells', async () => {
    let checked = 0;
    for (const l of lists) {
      for (const [id, column] of Object.entries(l.columns)) {
        if (column.sortable === false) continue;
        for (const desc of [false, true]) {
          const page = await list(l, { sortBy: id, sortDesc: desc });
          const cell = l.cells[id] as (r: Row) => Value;
          expect(page.results.map(keyOf), `${l.path} by ${id}${desc ? ' desc' : ''}`).toEqual(
            expectedOrder(rowsOf(l), cell, desc),
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  }, 240_000);

  it('filters by every filterable column and kind, with values from the data', async () => {
    const kinds = new Set<string>();
    for (const l of lists) {
      for (const [id, column] of Object.entries(l.columns)) {
        if (column.filterable === false) continue;
        const cell = l.cells[id] as (r: Row) => Value;
        for (const probe of probes(column, rowsOf(l).map(cell))) {
          const body = {
            filters: { [id]: probe.value },
            ...(probe.timeZone ? { timeZone: probe.timeZone } : {}),
          };
          const page = await list(l, body);
          const expected = rowsOf(l).filter((r) => probe.test(cell(r)));
          const where = `${l.path} ${JSON.stringify(body)}`;
          expect(
            page.results.map(keyOf).sort((a, b) => a - b),
            where,
          ).toEqual(expected.map(keyOf).sort((a, b) => a - b));
          expect(page.totalAvailable, where).toBe(expected.length);
          kinds.add(column.kind);
        }
      }
    }
    expect([...kinds].sort()).toEqual(['boolean', 'date', 'number', 'select', 'text']);
  }, 240_000);

  it('combines filters with the search and the sort', async () => {
    const l = lists.find((x) => x.path === '/orgs/:orgId/issued-licences/list') as ListUnderTest;
    const rows = rowsOf(l);
    const seats = { min: 3, max: 12 };
    const page = await list(l, {
      filters: { seats, 'state.name': ['Active', 'Suspended'] },
      search: 'ri',
      sortBy: 'expiry',
      sortDesc: true,
    });
    const cells = l.cells;
    const matching = rows.filter(
      (r) =>
        r.seats >= seats.min &&
        r.seats <= seats.max &&
        ['Active', 'Suspended'].includes(r.state.name) &&
        l.searchable.some((id) =>
          String(cells[id]?.(r) ?? '')
            .toLowerCase()
            .includes('ri'),
        ),
    );
    expect(matching.length).toBeGreaterThan(0);
    expect(page.results.map(keyOf)).toEqual(
      expectedOrder(matching, cells.expiry as (r: Row) => Value, true),
    );
  });

  it('searches every list case-insensitively and literally over its text and select cells', async () => {
    for (const l of lists) {
      const rows = rowsOf(l);
      const text = l.searchable
        .map((id) => l.cells[id]?.(rows[Math.floor(rows.length / 2)]))
        .find((v): v is string => typeof v === 'string' && v.length >= 3);
      // A select column's value (a state, a status), found by the search as any text is.
      const selectValue = Object.entries(l.columns)
        .filter(([id, c]) => c.kind === 'select' && l.searchable.includes(id))
        .map(([id]) => l.cells[id]?.(rows[0] as Row))
        .find((v): v is string => typeof v === 'string');
      const needles = [text?.slice(0, 3).toUpperCase() ?? 'x', '50%', 'no such text'];
      if (selectValue) needles.push(selectValue.toLowerCase());
      // Padded: the search is trimmed.
      for (const needle of [...needles, `  ${needles[0] ?? ''}  `]) {
        const page = await list(l, { search: needle });
        const expected = rows.filter((r) =>
          l.searchable.some((id) =>
            String(l.cells[id]?.(r) ?? '')
              .toLowerCase()
              .includes(needle.trim().toLowerCase()),
          ),
        );
        expect(
          page.results.map(keyOf).sort((a, b) => a - b),
          `${l.path} '${needle}'`,
        ).toEqual(expected.map(keyOf).sort((a, b) => a - b));
      }
    }
    // Licences' licence cell ('product · state') is left out of the search: its parts are
    // columns of their own. Every row's cell holds the dot; no searched cell does.
    const held = lists.find((l) => l.path === '/orgs/:orgId/licences/list');
    if (!held) throw new Error('no Licences list');
    const licenceCell = held.cells.licence as (r: Row) => Value;
    expect(rowsOf(held).length).toBeGreaterThan(0);
    expect(rowsOf(held).every((r) => String(licenceCell(r)).includes(' · '))).toBe(true);
    expect((await list(held, { search: ' · ' })).results).toEqual([]);
  }, 240_000);

  it('pages every list: skip and take, hasMore, the exact total, and a page past the end', async () => {
    for (const l of lists) {
      const rows = rowsOf(l);
      const [sortBy] = Object.keys(l.columns);
      const order = expectedOrder(rows, l.cells[sortBy as string] as (r: Row) => Value, false);
      const page = await list(l, { sortBy, skip: 1, take: 2 });
      expect(page.results.map(keyOf), l.path).toEqual(order.slice(1, 3));
      expect(page).toMatchObject({
        skippedCount: 1,
        fetchedCount: Math.min(2, Math.max(0, rows.length - 1)),
        totalAvailable: rows.length,
        totalIsEstimate: false,
        hasMore: rows.length > 3,
      });
      const past = await list(l, { skip: rows.length + 5, take: 2 });
      expect(past, l.path).toMatchObject({
        results: [],
        totalAvailable: rows.length,
        hasMore: false,
      });
    }
  }, 240_000);

  it('reads every order from its end as from its start: the same rows, the exact total', async () => {
    // A deep page near the end of a large list is read from the end (listReading, list.ts).
    // Here every page after the first is, so that each order's reversal meets each list.
    const saved = { ...listReading };
    Object.assign(listReading, { fromEndAfter: 0, fromEndShare: 0 });
    let checked = 0;
    try {
      for (const l of lists) {
        const rows = rowsOf(l);
        const take = Math.max(1, Math.ceil((rows.length - 1) / 2));
        for (const [id, column] of Object.entries(l.columns)) {
          if (column.sortable === false) continue;
          const cell = l.cells[id] as (r: Row) => Value;
          for (const desc of [false, true]) {
            const where = `${l.path} by ${id}${desc ? ' desc' : ''}`;
            const seen: number[] = [];
            for (let skip = 1; skip < rows.length; skip += take) {
              const page = await list(l, { sortBy: id, sortDesc: desc, skip, take });
              expect(page, `${where} from ${skip}`).toMatchObject({
                skippedCount: skip,
                totalAvailable: rows.length,
                totalIsEstimate: false,
                hasMore: skip + take < rows.length,
              });
              seen.push(...page.results.map(keyOf));
            }
            expect(seen, where).toEqual(expectedOrder(rows, cell, desc).slice(1));
            checked++;
          }
        }
        const past = await list(l, { skip: rows.length + 5, take: 2 });
        expect(past, l.path).toMatchObject({ results: [], totalAvailable: rows.length });
      }
    } finally {
      Object.assign(listReading, saved);
    }
    expect(checked).toBeGreaterThan(200);
  }, 240_000);

  it('pages through every order by a select column, both ways, and with filters of other columns', async () => {
    // A computed state sorts as one branch per value (pageQuery): pages that cross from one
    // value to the next, and ones deep in a later value, must follow the cells' order.
    let paged = 0;
    for (const l of lists) {
      const rows = rowsOf(l);
      for (const [id, column] of Object.entries(l.columns)) {
        if (column.kind !== 'select' || column.sortable === false) continue;
        const cell = l.cells[id] as (r: Row) => Value;
        if (new Set(rows.map(cell)).size < 2) continue;
        const take = Math.max(1, Math.ceil(rows.length / 5));
        for (const desc of [false, true]) {
          const where = `${l.path} by ${id}${desc ? ' desc' : ''}`;
          const seen: number[] = [];
          for (let skip = 0; skip < rows.length; skip += take) {
            const page = await list(l, { sortBy: id, sortDesc: desc, skip, take });
            expect(page.hasMore, `${where} from ${skip}`).toBe(skip + take < rows.length);
            seen.push(...page.results.map(keyOf));
          }
          expect(seen, where).toEqual(expectedOrder(rows, cell, desc));
          paged++;
        }
      }
    }
    expect(paged).toBeGreaterThanOrEqual(8);
    // With filters of other columns (a number, a joined name): each branch keeps them.
    const licences = lists.find((l) => l.path === '/orgs/:orgId/issued-licences/list');
    if (!licences) throw new Error('no Issued Licences list');
    const value = (id: string) => licences.cells[id] as (r: Row) => Value;
    const matching = rowsOf(licences).filter(
      (r) =>
        Number(value('seats')(r)) >= 2 &&
        String(value('customerOrg.name')(r)).toLowerCase().includes('e'),
    );
    const expected = expectedOrder(matching, value('state.name'), true);
    expect(new Set(matching.map(value('state.name'))).size).toBeGreaterThan(1);
    expect(expected.length).toBeGreaterThan(13);
    const page = await list(licences, {
      sortBy: 'state.name',
      sortDesc: true,
      filters: { seats: { min: 2 }, 'customerOrg.name': 'E' },
      skip: 3,
      take: 10,
    });
    expect(page.results.map(keyOf)).toEqual(expected.slice(3, 13));
  }, 240_000);
});

describe('bad list requests: a 400 with the envelope and the field, never a 500', () => {
  const wrongValues: Record<ListColumn['kind'], unknown[]> = {
    text: [5, { min: 1 }, 'x'.repeat(201)],
    number: ['3', { min: '1' }, { min: 1, max: 2, step: 1 }, [1, 2]],
    date: ['2025-01-01', { from: '2025-13-45' }, { from: 'yesterday' }, { after: '2025-01-01' }],
    select: ['No such value', ['No such value'], [], 1],
    boolean: ['yes', 1, null],
  };

  it('refuses sort keys that are not own sortable columns (constructor, __proto__, ...)', async () => {
    for (const l of lists) {
      for (const sortBy of [
        'constructor',
        '__proto__',
        'toString',
        'valueOf',
        'hasOwnProperty',
        'nope',
        '',
      ]) {
        const res = await post(app, auth(l), url(l, 'list'), { sortBy });
        const where = `${l.path} sortBy ${sortBy}`;
        expect(res.statusCode, where).toBe(400);
        expect(isErrorEnvelope(res), where).toBe(true);
        expect(res.json().errors.sortBy.message, where).toMatch(
          /^Unknown sort column: use one of /,
        );
      }
    }
  }, 240_000);

  it('refuses unknown filter columns and values of the wrong type, per kind', async () => {
    for (const l of lists) {
      const unknown = await post(app, auth(l), url(l, 'list'), {
        filters: { nope: 'x', constructor: 'x' },
      });
      expect(unknown.statusCode, l.path).toBe(400);
      expect(unknown.json().errors.filters.message, l.path).toBe(
        'Unknown filter column: nope, constructor',
      );
      for (const [id, column] of Object.entries(l.columns)) {
        for (const value of wrongValues[column.kind]) {
          const res = await post(app, auth(l), url(l, 'list'), { filters: { [id]: value } });
          const where = `${l.path} ${id}=${JSON.stringify(value)}`;
          expect(res.statusCode, where).toBe(400);
          expect(isErrorEnvelope(res), where).toBe(true);
          expect(Object.keys(res.json().errors)[0], where).toMatch(new RegExp(`^filters\\.`));
        }
      }
    }
  }, 240_000);

  it('refuses an unknown time zone, and search or filters with picked ids', async () => {
    const l = lists[0] as ListUnderTest;
    const tz = await post(app, auth(l), url(l, 'list'), { timeZone: 'Mars/Olympus' });
    expect(tz.statusCode).toBe(400);
    expect(tz.json().errors.timeZone.message).toMatch(/Unknown time zone/);
    for (const body of [{}, { ids: [1], search: 'x' }, { ids: [1], all: true }, { all: false }]) {
      const res = await post(app, auth(l), url(l, 'export'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(isErrorEnvelope(res)).toBe(true);
    }
  });

  it('refuses more picked or left-out rows than a selection holds, saying what to do instead', async () => {
    const l = lists[0] as ListUnderTest;
    const many = Array.from({ length: MAX_SELECTED_IDS + 1 }, (_, i) => i + 1);
    for (const [body, field, message] of [
      [{ ids: many }, 'ids', TOO_MANY_PICKED],
      [{ all: true, except: many }, 'except', TOO_MANY_UNPICKED],
    ] as const) {
      const res = await post(app, auth(l), url(l, 'export'), body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field].message).toBe(message);
    }
    const most = await post(app, auth(l), url(l, 'export'), { ids: many.slice(1) });
    expect(most.statusCode).toBe(200);
  });
});
