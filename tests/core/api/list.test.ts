import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { configureApiAuth, crmApi, type ApiClient, type PagedProgress } from '@/core/api';
import {
  fetchList,
  fetchListPage,
  fitsInBrowser,
  getListPage,
  listenToListProgress,
  ListTooLargeError,
  PICKER_PAGE_SIZE,
  WHOLE_LIST,
} from '@/core/api/list';
import { crm, ok } from '../../msw/envelope';
import { server } from '../../msw/server';

/**
 * core/api/list.ts through the real API client and msw: a whole list over the SPEC §7 re-posts
 * (or ListTooLargeError when they cannot reach its total), and one page of a picker.
 */
const rowSchema = z.object({ id: z.number(), name: z.string() });
type Row = z.output<typeof rowSchema>;
const rows = (count: number, from = 0): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Row ${from + i}` }));

let disconnect: () => void = () => undefined;
beforeAll(() => {
  disconnect = configureApiAuth({
    getUser: () => Promise.resolve({ access_token: 'token', expires_in: 3600 }),
    refresh: () => Promise.resolve({ access_token: 'token', expires_in: 3600 }),
    navigate: () => undefined,
  });
});
afterAll(() => disconnect());

/**
 * A POST list of `totalAt` rows answered `pageSize` at a time; records each request's body. A
 * function gives the total at the nth request (1-based): rows added while the list is read.
 */
function listEndpoint(
  totalAt: number | ((request: number) => number),
  pageSize: number,
  path = 'things/list',
) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(crm(path), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const total = typeof totalAt === 'number' ? totalAt : totalAt(bodies.length);
      const skip = Number(body['skip'] ?? 0);
      const results = rows(Math.max(0, Math.min(pageSize, total - skip)), skip);
      return ok({
        results,
        fetchedCount: results.length,
        skippedCount: skip,
        totalAvailable: total,
        totalIsEstimate: false,
        hasMore: skip + results.length < total,
      });
    }),
  );
  return bodies;
}

describe('fitsInBrowser', () => {
  it('fits exactly the first page times the six answers SPEC §7 allows, not one row more', () => {
    expect(fitsInBrowser(10, 60)).toBe(true);
    expect(fitsInBrowser(10, 61)).toBe(false);
    expect(fitsInBrowser(1000, 0)).toBe(true);
  });
});

describe('fetchList', () => {
  it('asks for the whole list with the caller’s filters and gathers every page, parsed', async () => {
    const bodies = listEndpoint(25, 10);
    const list = await fetchList(crmApi, 'things/list', rowSchema, {
      body: { search: 'row', sortBy: 'name' },
    });
    expect(list).toEqual(rows(25));
    expect(bodies).toEqual([
      { skip: 0, take: 1000, search: 'row', sortBy: 'name' },
      { skip: 10, take: 1000, search: 'row', sortBy: 'name' },
      { skip: 20, take: 1000, search: 'row', sortBy: 'name' },
    ]);
    expect(WHOLE_LIST).toEqual({ skip: 0, take: 1000 });
  });

  it('lets the caller’s body override the page size', async () => {
    const bodies = listEndpoint(3, 10);
    await fetchList(crmApi, 'things/list', rowSchema, { body: { take: 10 } });
    expect(bodies).toEqual([{ skip: 0, take: 10 }]);
  });

  it('a list of exactly six first pages arrives whole; one row more stops at the first answer', async () => {
    const fits = listEndpoint(60, 10);
    await expect(fetchList(crmApi, 'things/list', rowSchema)).resolves.toHaveLength(60);
    expect(fits).toHaveLength(6);

    const tooMany = listEndpoint(61, 10);
    const error = await fetchList(crmApi, 'things/list', rowSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListTooLargeError);
    expect((error as ListTooLargeError).totalAvailable).toBe(61);
    expect((error as Error).message).toBe('The list has 61 records: too many to load whole');
    expect((error as Error).name).toBe('ListTooLargeError');
    expect(tooMany).toEqual([{ skip: 0, take: 1000 }]);
  });

  it('stops and says the list is too large when rows added during the re-posts take it past their reach', async () => {
    // 60 rows fit six answers of 10; 40 more arrive after the first answer (the reach stays that
    // of the first answer's page size, not of the rows gathered so far).
    const bodies = listEndpoint((request) => (request === 1 ? 60 : 100), 10);
    const error = await fetchList(crmApi, 'things/list', rowSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListTooLargeError);
    expect((error as ListTooLargeError).totalAvailable).toBe(100);
    expect(bodies.map((b) => b['skip'])).toEqual([0, 10]);
  });

  it('gathers a list whose total grows within the re-posts’ reach, every row of it', async () => {
    listEndpoint((request) => (request === 1 ? 30 : 45), 10);
    await expect(fetchList(crmApi, 'things/list', rowSchema)).resolves.toEqual(rows(45));
  });

  it('says the list is too large even when a client resolves after being told to stop', async () => {
    // An ApiClient that does not honour the signal (the interface allows other clients).
    const post = vi.fn(
      async (_path: string, _body: unknown, options: { onPage: (p: PagedProgress) => void }) => {
        options.onPage({
          results: rows(10),
          fetchedCount: 10,
          skippedCount: 0,
          totalAvailable: 500,
          pages: 1,
          done: false,
        });
        await Promise.resolve();
        return { results: rows(10), fetchedCount: 10, skippedCount: 0, totalAvailable: 500 };
      },
    );
    const api = { baseUrl: 'https://stub', post } as unknown as ApiClient;
    const error = await fetchList(api, 'things/list', rowSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListTooLargeError);
    expect((error as ListTooLargeError).totalAvailable).toBe(500);
  });

  it('shows each page to the listener of its signal before the whole list is in', async () => {
    listEndpoint(25, 10);
    const controller = new AbortController();
    const heard: Array<[number, number]> = [];
    listenToListProgress(controller.signal, (partial, total) =>
      heard.push([partial.length, total]),
    );
    const list = await fetchList(crmApi, 'things/list', rowSchema, { signal: controller.signal });
    expect(list).toHaveLength(25);
    // The last page is the whole list itself: the listener hears only the partial ones.
    expect(heard).toEqual([
      [10, 25],
      [20, 25],
    ]);
  });

  it('keeps rows that do not parse from the listener; the whole list then rejects', async () => {
    server.use(
      http.post(crm('bad/list'), async ({ request }) => {
        const skip = Number(((await request.json()) as { skip?: number }).skip ?? 0);
        return ok({
          results: [{ id: skip, name: skip === 0 ? 7 : 'ok' }],
          fetchedCount: 1,
          skippedCount: skip,
          totalAvailable: 2,
        });
      }),
    );
    const controller = new AbortController();
    const listener = vi.fn();
    listenToListProgress(controller.signal, listener);
    await expect(
      fetchList(crmApi, 'bad/list', rowSchema, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(z.ZodError);
    expect(listener).not.toHaveBeenCalled();
  });

  it('a fetch whose signal has no listener still gathers the whole list', async () => {
    listEndpoint(15, 10);
    const other = new AbortController();
    const listener = vi.fn();
    listenToListProgress(other.signal, listener);
    const list = await fetchList(crmApi, 'things/list', rowSchema, {
      signal: new AbortController().signal,
    });
    expect(list).toHaveLength(15);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops asking when its caller cancels between two pages', async () => {
    const bodies: unknown[] = [];
    const controller = new AbortController();
    server.use(
      http.post(crm('slow/list'), async ({ request }) => {
        bodies.push(await request.json());
        // The caller leaves (its screen closes) as the first page arrives.
        controller.abort();
        return ok({
          results: rows(10),
          fetchedCount: 10,
          skippedCount: 0,
          totalAvailable: 30,
        });
      }),
    );
    await expect(
      fetchList(crmApi, 'slow/list', rowSchema, { signal: controller.signal }),
    ).rejects.toThrow();
    expect(bodies).toHaveLength(1);
  });

  it('rejects an answer that drifted from the row contract', async () => {
    server.use(
      http.post(crm('drift/list'), () =>
        ok({ results: [{ id: 'x' }], fetchedCount: 1, skippedCount: 0, totalAvailable: 1 }),
      ),
    );
    await expect(fetchList(crmApi, 'drift/list', rowSchema)).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe('fetchListPage', () => {
  it('asks for one page of 50 with the trimmed search and the filters, and gives the true total', async () => {
    const bodies = listEndpoint(500, 50);
    const page = await fetchListPage(crmApi, 'things/list', rowSchema, {
      search: '  acme ',
      body: { sortBy: 'name' },
    });
    expect(bodies).toEqual([{ skip: 0, take: PICKER_PAGE_SIZE, search: 'acme', sortBy: 'name' }]);
    expect(PICKER_PAGE_SIZE).toBe(50);
    expect(page).toEqual({ rows: rows(50), total: 500, totalIsEstimate: false });
  });

  it('sends no search for blanks, its own page size, and says when the total is estimated', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(crm('big/list'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({
          results: rows(5),
          fetchedCount: 5,
          skippedCount: 0,
          totalAvailable: 10_000,
          totalIsEstimate: true,
          hasMore: true,
        });
      }),
    );
    const page = await fetchListPage(crmApi, 'big/list', rowSchema, { search: '   ', take: 5 });
    expect(bodies).toEqual([{ skip: 0, take: 5 }]);
    expect(page).toEqual({ rows: rows(5), total: 10_000, totalIsEstimate: true });
  });
});

describe('fetchListPage with nothing but the path', () => {
  it('asks for the first 50 rows', async () => {
    const bodies = listEndpoint(70, 50);
    const page = await fetchListPage(crmApi, 'things/list', rowSchema);
    expect(bodies).toEqual([{ skip: 0, take: 50 }]);
    expect(page.total).toBe(70);
  });
});

describe('getListPage', () => {
  /** A GET list of `total` rows; records each request's query. */
  function getEndpoint(total: number) {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(crm('choices'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const skip = Number(query['skip'] ?? 0);
        const take = Number(query['take']);
        const results = rows(Math.max(0, Math.min(take, total - skip)), skip);
        return ok({
          results,
          fetchedCount: results.length,
          skippedCount: skip,
          totalAvailable: total,
        });
      }),
    );
    return queries;
  }

  it('asks for the first 50 with no skip and no blank search', async () => {
    const queries = getEndpoint(120);
    const page = await getListPage(crmApi, 'choices', rowSchema, { search: '  ' });
    expect(queries).toEqual([{ take: '50' }]);
    expect(page).toEqual({ rows: rows(50), total: 120, totalIsEstimate: false });
  });

  it('asks for a later page with the trimmed search and the page size given', async () => {
    const queries = getEndpoint(120);
    const page = await getListPage(crmApi, 'choices', rowSchema, {
      search: ' north ',
      skip: 100,
      take: 10,
    });
    expect(queries).toEqual([{ search: 'north', skip: '100', take: '10' }]);
    expect(page.rows).toEqual(rows(10, 100));
    expect(page.total).toBe(120);
  });

  it('passes its signal: a picker closed before it asks sends nothing', async () => {
    const queries = getEndpoint(120);
    const controller = new AbortController();
    controller.abort();
    await expect(
      getListPage(crmApi, 'choices', rowSchema, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'CanceledError' });
    expect(queries).toEqual([]);
  });

  it('rejects an answer that is not a paged list', async () => {
    server.use(http.get(crm('choices'), () => HttpResponse.json({ success: true, data: [] })));
    await expect(getListPage(crmApi, 'choices', rowSchema)).rejects.toBeInstanceOf(z.ZodError);
  });
});
