import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXACT_COUNT_LIMIT } from '@/contract/lists';
import type { App } from '../app';
import type { Queryable } from '../db/types';
import { ORGS, bearer, createTestApp, tokenFor } from '../test/harness';
import { abortMidStream, framesOf, type Row } from './list-support';
import { EXPORT_CHUNK } from './list-routes';

/**
 * Exports (the NDJSON stream of a selection) and counting beyond the exact threshold, on the
 * Issued Licences list (docs/lists.md).
 */
let app: App;
let manager: Record<string, string>;
const LIST = '/crm/v1/orgs/1/issued-licences/list';
const EXPORT = '/crm/v1/orgs/1/issued-licences/export';

beforeAll(async () => {
  app = await createTestApp();
  manager = bearer(await tokenFor(app, 'manager'));
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: manager, payload });
const exported = async (payload: object) => {
  const res = await post(EXPORT, payload);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="issued-licences.ndjson"');
  return framesOf(res.body);
};
const rowsOf = (frames: Row[]) => frames.filter((f) => f.kind === 'rows').flatMap((f) => f.rows);
const db = () => app.services.db;

describe('exports: every selected row, in list order, as NDJSON frames', () => {
  it('exports all matching rows with the list’s filters, search and sort, framed start … end', async () => {
    const query = {
      filters: { 'state.name': ['Active', 'Expired'], seats: { min: 2 } },
      search: 'a',
      sortBy: 'expiry',
      sortDesc: true,
    };
    const listed = (await post(LIST, { ...query, take: 1000 })).json().data;
    expect(listed.totalAvailable).toBeGreaterThan(10);
    const frames = await exported({ all: true, ...query });
    expect(frames[0]).toEqual({ kind: 'start', total: listed.totalAvailable });
    expect(frames.at(-1)).toEqual({ kind: 'end', count: listed.totalAvailable });
    expect(rowsOf(frames)).toEqual(listed.results);
  });

  it('exports picked ids in list order, only those of the organisation, and all but except', async () => {
    const mine = await db().query<{ id: number }>(
      'select id from licences where vendor_org_id = $1 order by id limit 5',
      [ORGS.acme],
    );
    const [foreign] = await db().query<{ id: number }>(
      'select id from licences where vendor_org_id <> $1 limit 1',
      [ORGS.acme],
    );
    const ids = [...mine.map((r) => r.id), foreign?.id ?? 0, 2_000_000_000, mine[0]?.id ?? 0];
    const frames = await exported({ ids, sortBy: 'id', sortDesc: true });
    expect(rowsOf(frames).map((r) => r.id)).toEqual(mine.map((r) => r.id).reverse());
    expect(frames[0]).toEqual({ kind: 'start', total: 5 });

    const everything = rowsOf(await exported({ all: true }));
    const except = mine.slice(0, 2).map((r) => r.id);
    const rest = rowsOf(await exported({ all: true, except }));
    expect(rest.map((r) => r.id)).toEqual(
      everything.map((r) => r.id).filter((id) => !except.includes(id)),
    );
  });

  it('reads and sends the rows in chunks, and stops reading when the client goes away', async () => {
    await db().query(
      `insert into licences (vendor_org_id, customer_org_id, offering_id, state, seats, expiry)
       select 1, 4, 2, 'Active', 7, date '2031-01-01' from generate_series(1, $1::int)`,
      [EXPORT_CHUNK * 4],
    );
    const body = { all: true, filters: { seats: { min: 7, max: 7 } } };
    const frames = await exported(body);
    const total = (frames[0] as { total: number }).total;
    expect(total).toBeGreaterThan(EXPORT_CHUNK * 4);
    const chunks = frames.filter((f) => f.kind === 'rows');
    expect(chunks).toHaveLength(Math.ceil(total / EXPORT_CHUNK));
    expect(chunks.every((f) => f.rows.length <= EXPORT_CHUNK)).toBe(true);

    // Over real HTTP: the second chunk's query waits until the client has gone; then no
    // further chunk is read.
    const real = app.services.db;
    const chunkQueries: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = real.query.bind(real);
    const querySpy = vi.spyOn(real, 'query').mockImplementation((async (
      sql: string,
      params?: unknown[],
    ) => {
      if (sql.includes('with ordinality as __sel')) {
        chunkQueries.push(sql);
        if (chunkQueries.length === 2) await gate;
      }
      return original(sql, params);
    }) as Queryable['query']);
    try {
      await abortMidStream(app, { url: EXPORT, headers: manager, body, until: 'rows' }, release);
    } finally {
      querySpy.mockRestore();
    }
    expect(chunkQueries).toHaveLength(2);
    expect(Math.ceil(total / EXPORT_CHUNK)).toBeGreaterThan(2);
  });
});

describe('counting: exact up to the threshold, estimated beyond, exact again at the end', () => {
  it('estimates a total beyond the threshold, says so, and answers the true total on the last page', async () => {
    const extra = EXACT_COUNT_LIMIT + 500;
    await db().query(
      `insert into licences (vendor_org_id, customer_org_id, offering_id, state, seats, expiry)
       select 3, 2, 13, 'Active', 1 + i % 20, date '2030-01-01' + i % 300 from generate_series(1, $1::int) i`,
      [extra],
    );
    await db().exec('analyze licences');
    const [{ n: actual } = { n: 0 }] = await db().query<{ n: number }>(
      'select count(*)::int as n from licences where vendor_org_id = 3',
    );
    const cobalt = bearer(await tokenFor(app, 'sysadmin'));
    const list = async (body: object) =>
      (
        await app.inject({
          method: 'POST',
          url: '/crm/v1/orgs/3/issued-licences/list',
          headers: cobalt,
          payload: body,
        })
      ).json().data;
    const first = await list({ take: 50 });
    expect(first).toMatchObject({ fetchedCount: 50, totalIsEstimate: true, hasMore: true });
    expect(first.totalAvailable).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(first.totalAvailable / actual).toBeGreaterThan(0.8);
    expect(first.totalAvailable / actual).toBeLessThan(1.25);

    // The estimate is remembered for the same query: the next page counts nothing.
    const spy = vi.spyOn(app.services.db, 'query');
    try {
      const second = await list({ take: 50, skip: 50 });
      expect(second.totalAvailable).toBe(first.totalAvailable);
      expect(spy.mock.calls.some(([sql]) => /count\(\*\)|explain/.test(String(sql)))).toBe(false);
    } finally {
      spy.mockRestore();
    }

    const last = await list({ take: 50, skip: actual - 20 });
    expect(last).toMatchObject({
      fetchedCount: 20,
      totalAvailable: actual,
      totalIsEstimate: false,
      hasMore: false,
    });
    const past = await list({ take: 50, skip: actual + 1000 });
    expect(past).toMatchObject({ results: [], totalAvailable: actual, totalIsEstimate: false });

    // A filter below the threshold is counted exactly.
    const filtered = await list({ take: 5, filters: { seats: { min: 20, max: 20 } } });
    expect(filtered.totalIsEstimate).toBe(false);
    const [{ n: twenty } = { n: 0 }] = await db().query<{ n: number }>(
      'select count(*)::int as n from licences where vendor_org_id = 3 and seats = 20',
    );
    expect(filtered.totalAvailable).toBe(twenty);
  });
});
