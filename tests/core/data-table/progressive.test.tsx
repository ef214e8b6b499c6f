import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureApiAuth, crmApi } from '@/core/api';
import { fetchList, WHOLE_LIST_MAX_ROWS } from '@/core/api/list';
import { EXACT_COUNT_LIMIT } from '@/contract/lists';
import { config } from '@/core/config';
import type { DataTableProps, FetchData, ListParams, ListSource } from '@/core/data-table';
import { server } from '../../msw/server';
import { columnTexts, renderTable } from './harness';
import { fakeSource, licenceSettings, licences, runQuery, type Licence } from './fake-source';

/**
 * First rows at once (issue 16), through the real API client: the list endpoint answers 10 rows
 * a time and each answer waits until the test lets it go.
 */
const url = `${config.crmApiUrl}/licences/list`;
const all = licences(250);
const settings = licenceSettings;

function gatedList(total: number) {
  const gates: Array<() => void> = [];
  const skips: number[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      const { skip = 0 } = (await request.json()) as { skip?: number };
      skips.push(skip);
      await new Promise<void>((resolve) => gates.push(resolve));
      const results = all.slice(skip, Math.min(total, skip + 10));
      return HttpResponse.json({
        success: true,
        data: { results, fetchedCount: results.length, skippedCount: skip, totalAvailable: total },
      });
    }),
  );
  return {
    skips,
    async release() {
      await waitFor(() => expect(gates.length).toBeGreaterThan(0));
      gates.shift()?.();
    },
  };
}

/** What an entity module does: the API client's pages, passed on as table data. */
const fetchLicences: FetchData<Licence> = async ({ signal, onProgress }) => {
  const answer = await crmApi.post<{ results: Licence[]; totalAvailable: number }>(
    'licences/list',
    { take: 10 },
    {
      isAnonymous: true,
      signal,
      onPage: (page) =>
        onProgress?.({
          tableData: page.results as Licence[],
          fetched: page.fetchedCount,
          totalAvailable: page.totalAvailable,
        }),
    },
  );
  return {
    tableData: answer.results,
    fetched: answer.results.length,
    totalAvailable: answer.totalAvailable,
  };
};

/** The licences' table over that fetch, with a source when given. */
const licenceTable = (source?: ListSource<Licence>): DataTableProps<Licence> => ({
  columnSettings: settings,
  fetchData: fetchLicences,
  queryKey: ['l'],
  ...(source ? { source } : {}),
});

const footer = (container: HTMLElement) =>
  container.querySelector('.dt-footer [role="status"]')?.textContent;

describe('client mode paints the first page at once (issue 16)', () => {
  it('shows the first answer while the re-posts run, with the total marked as loading', async () => {
    const list = gatedList(45);
    const { container } = renderTable(licenceTable());
    expect(screen.getByText('Loading Data...')).toBeInTheDocument();
    await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–10 of 10 (10 of 45 loaded…)'));
    expect(screen.getByPlaceholderText('Search 45 records...')).toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    // The second request is under way: the first page did not wait for it.
    await waitFor(() => expect(list.skips).toEqual([0, 10]));
    for (let i = 0; i < 4; i++) await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 45'));
    expect(columnTexts(container, 0)[0]).toBe('Customer 001');
    expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy');
  });

  it('hands a list that cannot fit to the source after its first answer: no more re-posts', async () => {
    const list = gatedList(250);
    const { source, calls } = fakeSource(all);
    const { container } = renderTable(licenceTable(source));
    await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 250'));
    expect(calls.filter((call) => call.page === 1)).toHaveLength(1);
    expect(list.skips).toEqual([0]);
  });

  it("a list opened searched, too large for the browser: the search box says the list's own total", async () => {
    const list = gatedList(250);
    const { source, calls } = fakeSource(all);
    const { container } = renderTable(licenceTable(source), { url: '/list?q=Customer%201' });
    await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 100'));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
        'placeholder',
        'Search 250 records...',
      ),
    );
    // The one unsearched page asked is the list's count (a row), before the whole list was.
    expect(calls.filter((call) => call.search !== 'Customer 1')).toEqual([
      expect.objectContaining({ search: '', page: 1, pageSize: 1 }),
    ]);
  });

  it("a list opened searched, whose first answer's total is past the exact count: the search box says the source's own, estimated", async () => {
    // Beyond EXACT_COUNT_LIMIT the server estimates; the whole-list answer cannot say so, so the
    // list's own page does (a placeholder 'Search 10281 records...' for about 10,222 before).
    const list = gatedList(EXACT_COUNT_LIMIT + 281);
    const { source, calls } = fakeSource(all, { totalIsEstimate: true });
    renderTable(licenceTable(source), { url: '/list?q=Customer%201' });
    await list.release();
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
        'placeholder',
        'Search about 250 records...',
      ),
    );
    expect(calls.some((call) => call.search === '' && call.pageSize === 1)).toBe(true);
  });
});

describe('a list that fits asks its source for the first page only', () => {
  it("says it is loading until the source answers, and asks the whole list once the source's total says it can fit", async () => {
    const list = gatedList(45);
    const pages = fakeSource(all.slice(0, 45), { gated: true });
    const { container } = renderTable(licenceTable(pages.source));
    await waitFor(() => expect(pages.pending).toHaveLength(1));
    expect(screen.getByText('Loading Data...')).toBeInTheDocument();
    expect(footer(container)).toBeFalsy(); // no count yet, no empty table
    expect(list.skips).toEqual([]);
    pages.answer();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 45'));
    expect(columnTexts(container, 0)[0]).toBe('Customer 001');
    await waitFor(() => expect(list.skips).toEqual([0]));
    await list.release();
  });

  it('a source that fails holds nothing back: the whole list is asked at its first failure, not after its retries', async () => {
    const list = gatedList(45);
    const pages = fakeSource(all.slice(0, 45), { gated: true });
    const { container } = renderTable(licenceTable(pages.source), { retries: 3 });
    await waitFor(() => expect(pages.pending).toHaveLength(1));
    expect(list.skips).toEqual([]);
    pages.fail(new Error('Service unavailable'));
    await waitFor(() => expect(list.skips).toEqual([0]));
    // The page's first retry is a second away: the list did not wait for it.
    expect(pages.pending).toHaveLength(0);
    for (let i = 0; i < 5; i++) await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 45'));
  });

  it('a sort before the source answered: the page asked now says the total, and the whole list follows', async () => {
    const list = gatedList(45);
    const pages = fakeSource(all.slice(0, 45), { gated: true });
    const { container, user } = renderTable(licenceTable(pages.source));
    await waitFor(() => expect(pages.pending).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /^Seats/ }));
    const bySeats = (params: ListParams) => params.sort?.id === 'seats';
    await pages.asked(bySeats);
    expect(list.skips).toEqual([]);
    // The first page, left unanswered, was cancelled: the sorted one's answer is read instead.
    pages.answer(bySeats);
    await waitFor(() => expect(list.skips).toEqual([0]));
    for (let i = 0; i < 5; i++) await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 45'));
    expect(screen.getByPlaceholderText('Search 45 records...')).toBeInTheDocument();
  });

  it('a list in the browser fetched again asks its source nothing first', async () => {
    const list = gatedList(45);
    const { source, calls } = fakeSource(all.slice(0, 45));
    const { client } = renderTable(licenceTable(source));
    for (let i = 0; i < 5; i++) await list.release();
    await waitFor(() => expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy'));
    expect(calls).toHaveLength(1);
    // Every answer stale (as after half a minute), the list fetched again (as on window focus).
    act(() => void client.invalidateQueries());
    await waitFor(() => expect(list.skips).toEqual([0, 10, 20, 30, 40, 0]));
    expect(calls).toHaveLength(1);
    for (let i = 0; i < 5; i++) await list.release();
  });

  it('pages, sorts and searches in the browser once the whole list is in', async () => {
    const list = gatedList(45);
    const { source, calls } = fakeSource(all.slice(0, 45));
    const { container, user } = renderTable(licenceTable(source));
    // While the list's first answer is on its way, the source's first page is shown.
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 45'));
    expect(calls).toHaveLength(1);
    await list.release();
    await waitFor(() => expect(list.skips).toEqual([0, 10]));
    // While the re-posts run the source's page stays: the true total, never the rows so far.
    expect(footer(container)).toBe('Showing 1–20 of 45');
    expect(columnTexts(container, 0)).toHaveLength(20);
    for (let i = 0; i < 4; i++) await list.release();
    await waitFor(() => expect(list.skips).toEqual([0, 10, 20, 30, 40]));
    await waitFor(() => expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy'));
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(footer(container)).toBe('Showing 41–45 of 45');
    await user.click(screen.getByRole('button', { name: /^Customer/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Customer 04');
    await waitFor(() => expect(footer(container)).toBe('Showing 1–6 of 6'));
    expect(calls).toHaveLength(1);
  });
});

describe('a list its source says the browser cannot hold is never asked whole (issue 16)', () => {
  // One row more than a whole list's first page and its re-posts can bring.
  const many = licences(WHOLE_LIST_MAX_ROWS + 1);

  it("pages it on the server from the source's first page: not one row of it asked whole", async () => {
    const list = gatedList(many.length);
    const { source, calls } = fakeSource(many);
    const { container } = renderTable(licenceTable(source));
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 6,001'));
    expect(screen.getByPlaceholderText('Search 6,001 records...')).toBeInTheDocument();
    // Server mode: the next page is prefetched, and nothing was asked of the whole list.
    await waitFor(() => expect(calls.map((call) => call.page)).toEqual([1, 2]));
    expect(list.skips).toEqual([]);
  });

  it("opened filtered, it counts the list first (a row's page), not the whole list", async () => {
    const list = gatedList(many.length);
    const { source, calls } = fakeSource(many);
    const { container } = renderTable(licenceTable(source), { url: '/list?q=Customer%201' });
    const matching = runQuery(many, { search: 'Customer 1', filters: {}, sort: null }).length;
    // Few enough to fit: only the list's own total says it cannot.
    expect(matching).toBeLessThan(WHOLE_LIST_MAX_ROWS);
    await waitFor(() =>
      expect(footer(container)).toBe(`Showing 1–20 of ${matching.toLocaleString('en-US')}`),
    );
    expect(screen.getByPlaceholderText('Search 6,001 records...')).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ search: '', page: 1, pageSize: 1 }));
    expect(list.skips).toEqual([]);
  });
});

describe("an entity's list query paints its first page at once too (issue 16)", () => {
  let disconnect: () => void = () => undefined;
  beforeAll(() => {
    disconnect = configureApiAuth({
      getUser: () => Promise.resolve({ access_token: 'token', expires_in: 3600 }),
      refresh: () => Promise.resolve({ access_token: 'token', expires_in: 3600 }),
      navigate: () => undefined,
    });
  });
  afterAll(() => disconnect());

  const row = z.custom<Licence>((value) => typeof value === 'object' && value !== null);
  const entityQuery = {
    queryKey: ['licences', 'list', { orgId: 1 }],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchList(crmApi, 'licences/list', row, { signal }),
  };

  it('shows the pages in so far, marked as loading; its cache entry holds only the whole list', async () => {
    const list = gatedList(35);
    const { container, client } = renderTable({ columnSettings: settings, query: entityQuery });
    expect(screen.getByText('Loading Data...')).toBeInTheDocument();
    await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–10 of 10 (10 of 35 loaded…)'));
    expect(columnTexts(container, 0)[0]).toBe('Customer 001');
    // Other readers of the list (the dashboard) never see a part of it as if it were all.
    expect(client.getQueryData(entityQuery.queryKey)).toBeUndefined();
    for (let i = 0; i < 3; i++) await list.release();
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 35'));
    expect(client.getQueryData<Licence[]>(entityQuery.queryKey)).toHaveLength(35);
  });
});

describe('a list in the browser searches as its server would', () => {
  // Seats 901…945: digits no name holds.
  const rows = licences(45).map((row) => ({ ...row, seats: 900 + row.id }));
  const columns = {
    customer: { kind: 'text', sortable: true },
    seats: { kind: 'number', sortable: true },
    state: { kind: 'select', sortable: true, values: ['Active', 'Suspended'] },
  } as const;

  it('reads the text and select columns of the contract, not numbers, and trims the text', async () => {
    const { source } = fakeSource(rows);
    const { container, user } = renderTable({
      columnSettings: settings,
      rows,
      source: { ...source, columns },
    });
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 45'));
    const search = screen.getByRole('searchbox', { name: 'Search' });
    // The server's search reads no number column: the browser's neither.
    await user.type(search, '901');
    await waitFor(() => expect(footer(container)).toBe('Showing 0–0 of 0'));
    // Spaces around the text are not searched for (the server trims them).
    await user.clear(search);
    await user.type(search, '  customer 044  ');
    await waitFor(() => expect(footer(container)).toBe('Showing 1–1 of 1'));
    expect(columnTexts(container, 0)).toEqual(['Customer 044']);
    await user.clear(search);
    await user.type(search, 'suspended');
    await waitFor(() => expect(footer(container)).toBe('Showing 1–15 of 15'));
  });

  it('without a contract, every column the table shows is searched', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows });
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 45'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '901');
    await waitFor(() => expect(footer(container)).toBe('Showing 1–1 of 1'));
  });
});

describe('rows per page', () => {
  it('a new page size keeps the rows in view on screen, not a page corrected past them', async () => {
    const rows = licences(245);
    const { container, user, location } = renderTable(
      { columnSettings: settings, rows },
      { url: '/list?page=4' },
    );
    await waitFor(() => expect(footer(container)).toBe('Showing 61–80 of 245'));
    // 100 a page has 3 pages: page 4 was corrected to the last (201–245) before page 1 came.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    await waitFor(() => expect(footer(container)).toBe('Showing 1–100 of 245'));
    expect(location()).toBe('/list');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(footer(container)).toBe('Showing 1–50 of 245'));
  });
});
