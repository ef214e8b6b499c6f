import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageRequestSchema } from '@/contract/envelope';
import { defineListColumns } from '@/contract/lists';
import { ApiError, configureApiAuth, crmApi, NDJSON_BAD_LINE } from '@/core/api';
import { fetchList, ListTooLargeError } from '@/core/api/list';
import { config } from '@/core/config';
import { serverListSource, type ColumnSettings } from '@/core/data-table';
import { EXPORT_CUT_SHORT, queryBody, selectionBody } from '@/core/data-table/server-source';
import { ok } from '../../msw/envelope';
import { server } from '../../msw/server';
import { renderTable } from './harness';
import { licences, type Licence } from './fake-source';

/**
 * Issue 16 through the real API client and msw: an entity's whole-list query stops at its first
 * answer when the list cannot fit (ListTooLargeError, no re-post), and the table pages the same
 * list on the server with its ListSource: the contract's list request, one page per request.
 */
const rowSchema = z.object({
  id: z.number(),
  customer: z.string(),
  seats: z.number(),
  state: z.string(),
});
const columns = defineListColumns({
  customer: { kind: 'text' },
  seats: { kind: 'number' },
  state: { kind: 'select', values: ['Active', 'Suspended'] },
});
const settings: ColumnSettings<Licence> = {
  entity: 'Issued Licences',
  columns: [
    { id: 'customer', title: 'Customer' },
    { id: 'seats', title: 'Seats', type: 'number' },
    // No filterOptions here: the server list's column table gives the select's values.
    { id: 'state', title: 'State' },
  ],
  sortIndex: 0,
};
// A signed-in caller: the API client sends its token.
let disconnect: () => void = () => undefined;
beforeAll(() => {
  disconnect = configureApiAuth({
    getUser: () => Promise.resolve({ access_token: 'token', expires_in: 3600 }),
    refresh: () => Promise.resolve({ access_token: 'token', expires_in: 3600 }),
    navigate: () => undefined,
  });
});
afterAll(() => disconnect());

const TOTAL = 25_000;
const all = licences(TOTAL);

/** The list endpoint: answers pages of the whole list; records each request's body. */
function listEndpoint() {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.post(`${config.crmApiUrl}/licences/list`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const skip = Number(body.skip ?? 0);
      const take = Number(body.take ?? 1000);
      const search = typeof body.search === 'string' ? body.search : '';
      const matching = search ? all.filter((l) => l.customer.includes(search)) : all;
      const results = matching.slice(skip, skip + take);
      return ok({
        results,
        fetchedCount: results.length,
        skippedCount: skip,
        totalAvailable: matching.length,
        totalIsEstimate: false,
        hasMore: skip + take < matching.length,
      });
    }),
  );
  return bodies;
}

const source = serverListSource<Licence>({
  api: crmApi,
  base: 'licences',
  row: rowSchema,
  columns,
  bulk: ['suspend'],
});
const entityQuery = {
  queryKey: ['licences', 'list', { orgId: 1 }],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchList(crmApi, 'licences/list', rowSchema, { signal }),
};

describe('fetchList (core/api/list.ts)', () => {
  it('stops at the first answer of a list that cannot arrive whole, with its total', async () => {
    const bodies = listEndpoint();
    const error = await fetchList(crmApi, 'licences/list', rowSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListTooLargeError);
    expect((error as ListTooLargeError).totalAvailable).toBe(TOTAL);
    expect(bodies).toEqual([{ skip: 0, take: 1000 }]);
  });
});

describe('serverListSource', () => {
  it('maps the table query to the contract request: search, sort, filters by kind, time zone', () => {
    const body = queryBody({
      search: '  acme ',
      sort: { id: 'seats', desc: true },
      filters: {
        customer: { kind: 'text', text: 'bor' },
        seats: { kind: 'number', min: 5 },
        state: { kind: 'select', value: 'Suspended' },
      },
    });
    expect(body).toEqual({
      search: 'acme',
      sortBy: 'seats',
      sortDesc: true,
      filters: { customer: 'bor', seats: { min: 5 }, state: 'Suspended' },
      timeZone: expect.any(String) as string,
    });
  });

  it('sends a selection as ids, or as all matching minus the unticked rows', () => {
    expect(selectionBody({ kind: 'ids', ids: ['3', '7'], rows: [] })).toEqual({ ids: [3, 7] });
    expect(
      selectionBody({
        kind: 'matching',
        query: { search: '', sort: null, filters: { state: { kind: 'select', value: 'Active' } } },
        excludedIds: ['9'],
        count: 10,
        countIsEstimate: false,
      }),
    ).toMatchObject({ all: true, filters: { state: 'Active' }, except: [9] });
  });

  it('runs a bulk action in one request and reports what was done and refused, and why', async () => {
    let body: unknown = null;
    server.use(
      http.post(`${config.crmApiUrl}/licences/bulk/suspend`, async ({ request }) => {
        body = await request.json();
        return ok({
          requested: 12,
          done: 10,
          refused: 2,
          refusals: [
            { code: 'alreadySuspended', message: 'Already suspended', count: 2, ids: [1, 2] },
          ],
        });
      }),
    );
    const result = await source.bulk?.suspend?.(
      { kind: 'ids', ids: ['1', '2'], rows: [] },
      {
        signal: new AbortController().signal,
        onProgress: () => undefined,
        // What the action asked for (a new expiry) travels in the same request; the selection
        // cannot be overridden by it.
        params: { expiry: '2027-11-23', ids: [99] },
      },
    );
    expect(body).toEqual({ ids: [1, 2], expiry: '2027-11-23' });
    expect(result).toEqual({
      done: 10,
      refused: 2,
      reasons: [{ reason: 'Already suspended', count: 2 }],
    });
  });
});

/**
 * The export endpoint answering `text` in chunks of `chunk` characters (lines cut anywhere, as
 * a network delivers them); records the request's body.
 */
function exportEndpoint(text: string, chunk = 7) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${config.crmApiUrl}/licences/export`, async ({ request }) => {
      bodies.push(await request.json());
      const bytes = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += chunk)
            controller.enqueue(bytes.slice(at, at + chunk));
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
    }),
  );
  return bodies;
}
const frames = (...values: unknown[]) => values.map((v) => `${JSON.stringify(v)}\n`).join('');
const query = {
  search: 'Blue',
  sort: { id: 'seats', desc: false },
  filters: { state: { kind: 'select' as const, value: 'Active' } },
};
async function exported() {
  const batches: Licence[][] = [];
  if (!source.exportRows) throw new Error('The server source streams its export.');
  for await (const batch of source.exportRows(query, { signal: new AbortController().signal }))
    batches.push([...batch]);
  return batches;
}

const cafe = { ...all[0], id: 99, customer: 'Café Quarry', seats: 1, state: 'Active' };

describe('serverListSource export: one streamed request for every matching row', () => {
  it('asks for all matching rows of the query and hands on each frame of rows as it arrives', async () => {
    const bodies = exportEndpoint(
      frames(
        { kind: 'start', total: 3 },
        { kind: 'rows', rows: all.slice(0, 2) },
        // 'é' is two bytes: a chunk boundary may fall inside it.
        { kind: 'rows', rows: [cafe] },
        { kind: 'end', count: 3 },
      ),
    );
    expect(await exported()).toEqual([all.slice(0, 2), [cafe]]);
    expect(bodies).toEqual([
      expect.objectContaining({
        all: true,
        search: 'Blue',
        sortBy: 'seats',
        sortDesc: false,
        filters: { state: 'Active' },
      }),
    ]);
  });

  it("fails with the server's message when the stream reports an error", async () => {
    exportEndpoint(
      frames(
        { kind: 'start', total: 3 },
        { kind: 'rows', rows: all.slice(0, 1) },
        { kind: 'error', message: 'Database unavailable' },
      ),
    );
    await expect(exported()).rejects.toThrow('Database unavailable');
  });

  it('never passes off a stream cut short as a whole export', async () => {
    exportEndpoint(frames({ kind: 'start', total: 3 }, { kind: 'rows', rows: all.slice(0, 1) }));
    await expect(exported()).rejects.toThrow(EXPORT_CUT_SHORT);
    exportEndpoint(`${frames({ kind: 'start', total: 3 })}{"kind":"rows","ro`);
    await expect(exported()).rejects.toThrow(NDJSON_BAD_LINE);
  });

  it("refuses a 400 with the server's message, read from the streamed body", async () => {
    server.use(
      http.post(`${config.crmApiUrl}/licences/export`, () =>
        HttpResponse.json(
          {
            success: false,
            errors: { sortBy: { errorCode: 'invalid', message: 'Unknown column' } },
            data: null,
            message: 'Invalid request',
          },
          { status: 400 },
        ),
      ),
    );
    const error = await exported().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Invalid request');
    expect((error as ApiError).fieldErrors).toEqual({
      sortBy: { errorCode: 'invalid', message: 'Unknown column' },
    });
  });
});

describe('a table over an entity query that does not fit (issue 16)', () => {
  it('pages it on the server: the true total, one page per request, a select filter from the contract', async () => {
    const bodies = listEndpoint();
    const { container, user } = renderTable({
      columnSettings: settings,
      query: entityQuery,
      source,
    });
    const footer = () => container.querySelector('.dt-footer [role="status"]')?.textContent;
    await waitFor(() => expect(footer()).toBe('Showing 1–20 of 25,000'));
    expect(screen.getByPlaceholderText('Search 25,000 records...')).toBeInTheDocument();
    // The source's first page said 25,000: the whole list was never asked; the pages are the source's.
    expect(bodies.filter((b) => b.take === 1000)).toHaveLength(0);
    expect(bodies).toContainEqual(
      expect.objectContaining({ skip: 0, take: 20, sortBy: 'customer', sortDesc: false }),
    );
    // The State filter offers the server list's values.
    const state = within(container).getByRole('combobox', { name: /State/ });
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Active', 'Suspended']));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(footer()).toBe('Showing 21–40 of 25,000'));
    // Page 2 was asked (prefetched while page 1 showed), and page 3 is prefetched now.
    await waitFor(() =>
      expect(bodies).toContainEqual(expect.objectContaining({ skip: 40, take: 20 })),
    );
    expect(bodies.some((b) => Number(b.take) > 20 && b.skip !== 0)).toBe(false);
  });

  it('opens a link to a page past any list at its last page, asking no skip the contract refuses', async () => {
    const bodies = listEndpoint();
    const { container, location } = renderTable(
      { columnSettings: settings, query: entityQuery, source },
      { url: '/list?page=99999999999999999999' },
    );
    const footer = () => container.querySelector('.dt-footer [role="status"]')?.textContent;
    await waitFor(() => expect(location()).toBe(`/list?page=${TOTAL / 20}`));
    await waitFor(() => expect(footer()).toBe('Showing 24,981–25,000 of 25,000'));
    // The page buttons read as the counts do.
    expect(screen.getByRole('button', { name: 'Page 1,250' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Page 1,250' })).toHaveTextContent('1,250');
    // Each page request is one the contract takes (the skip of page 10^20 is past 2^53).
    for (const body of bodies) expect(pageRequestSchema.safeParse(body).success).toBe(true);
    expect(bodies).toContainEqual(expect.objectContaining({ skip: Number.MAX_SAFE_INTEGER }));
  });
});
