import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_FILTER_TEXT, MAX_SEARCH_TEXT } from '@/contract/lists';
import { ApiError } from '@/core/api';
import type { FetchData } from '@/core/data-table';
import { columnTexts, dataRows, renderTable } from './harness';
import { fakeSource, licenceSettings, licences, type Licence } from './fake-source';

const settings = licenceSettings;
const all = licences(250);
const footer = (container: HTMLElement) =>
  container.querySelector('.dt-footer [role="status"]')?.textContent;
const customers = (container: HTMLElement) => columnTexts(container, 0);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Customer ${String(from + i).padStart(3, '0')}`);

/** A client fetch that reports its first page and then waits (as the SPEC §7 re-posts would). */
function firstPageThenWait(total: number, firstPage: number) {
  const seen: { signal?: AbortSignal } = {};
  const fetchData: FetchData<Licence> = ({ signal, onProgress }) => {
    seen.signal = signal;
    // The re-posts would go on; this fetch never ends by itself (the table must not wait for it).
    onProgress?.({ tableData: all.slice(0, firstPage), fetched: firstPage, totalAvailable: total });
    return new Promise(() => undefined);
  };
  return { fetchData, seen };
}

describe('two modes, one table (issue 16)', () => {
  it('stays in client mode while the list fits: paging and sorting never ask the source', async () => {
    const { source, calls } = fakeSource(all);
    const fetchData: FetchData<Licence> = async () => ({
      tableData: all.slice(0, 60),
      fetched: 60,
      totalAvailable: 60,
    });
    const { container, user } = renderTable({
      columnSettings: settings,
      fetchData,
      queryKey: ['l'],
      source,
    });
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 60'));
    // At most the first page, asked while the list was on its way.
    expect(calls.length).toBeLessThanOrEqual(1);
    const asked = calls.length;
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(footer(container)).toBe('Showing 21–40 of 60'));
    const customer = screen.getByRole('columnheader', { name: /Customer/ });
    await user.click(within(customer).getByRole('button', { name: /Customer/ }));
    await waitFor(() => expect(customer).toHaveAttribute('aria-sort', 'descending'));
    expect(calls).toHaveLength(asked);
  });

  it("paints the first page from the source while the list's first answer is still on its way", async () => {
    const { source, calls } = fakeSource(all);
    let answer: (rows: Licence[]) => void = () => undefined;
    const fetchData: FetchData<Licence> = () =>
      new Promise((resolve) => {
        answer = (rows) =>
          resolve({ tableData: rows, fetched: rows.length, totalAvailable: rows.length });
      });
    const { container, user } = renderTable({
      columnSettings: settings,
      fetchData,
      queryKey: ['l'],
      source,
    });
    // The true total and the first rows, before the whole list is in.
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 250'));
    expect(customers(container)).toEqual(range(1, 20));
    expect(screen.queryByText('Loading Data...')).not.toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ page: 1, pageSize: 20 })]);
    // A row ticked meanwhile stays ticked when the list's rows take over.
    const secondRow = () => within(dataRows(container)[1] ?? container).getByRole('checkbox');
    await user.click(secondRow());
    // The whole list arrives: the same page, now from the browser; the next page costs no request.
    await act(async () => answer([...all]));
    await waitFor(() => expect(customers(container)).toEqual(range(1, 20)));
    expect(secondRow()).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(footer(container)).toBe('Showing 21–40 of 250'));
    expect(customers(container)).toEqual(range(21, 40));
    expect(calls).toHaveLength(1);
  });

  it('switches to server mode when the first answer cannot reach the total, and says the true total', async () => {
    const { source, calls } = fakeSource(all);
    const { fetchData, seen } = firstPageThenWait(250, 10);
    const { container } = renderTable({
      columnSettings: settings,
      fetchData,
      queryKey: ['l'],
      source,
    });
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 250'));
    // The client fetch was stopped at its first page: 10 × 6 answers cannot reach 250.
    expect(seen.signal?.aborted).toBe(true);
    expect(customers(container)).toEqual(range(1, 20));
    expect(calls[0]).toEqual({
      search: '',
      filters: {},
      sort: { id: 'customer', desc: false },
      page: 1,
      pageSize: 20,
    });
    expect(screen.getByPlaceholderText('Search 250 records...')).toBeInTheDocument();
  });

  it('a fetch without progress that ends short hands over too; without a source it says what is missing', async () => {
    const short: FetchData<Licence> = async () => ({
      tableData: all.slice(0, 60),
      fetched: 60,
      totalAvailable: 250,
    });
    const { container } = renderTable({
      columnSettings: settings,
      fetchData: short,
      queryKey: ['l'],
    });
    await waitFor(() =>
      expect(footer(container)).toBe('Showing 1–20 of 60 (only 60 of 250 loaded)'),
    );
    expect(
      screen.getByText(/Only the first 60 of 250 records could be loaded/),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search 250 records...')).toBeInTheDocument();

    const { source } = fakeSource(all);
    const other = renderTable({
      columnSettings: settings,
      fetchData: short,
      queryKey: ['m'],
      source,
    });
    await waitFor(() => expect(footer(other.container)).toBe('Showing 1–20 of 250'));
  });

  it('a source alone is server mode from the start; an estimated total reads "about N"', async () => {
    const { source } = fakeSource(all, { totalIsEstimate: true });
    const { container } = renderTable({ columnSettings: settings, queryKey: ['l'], source });
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of about 250'));
    expect(screen.getByPlaceholderText('Search about 250 records...')).toBeInTheDocument();
  });
});

describe('server mode: a failing first page', () => {
  it('says under the loading text that the page is being asked again, until it arrives', async () => {
    const fake = fakeSource(all, { gated: true });
    const { container } = renderTable(
      { columnSettings: settings, queryKey: ['l'], source: fake.source },
      { retries: 1 },
    );
    await fake.asked((p) => p.page === 1);
    act(() => fake.fail(new Error('Database unavailable')));
    expect(await screen.findByText('1 attempt failed: trying again…')).toBeInTheDocument();
    await fake.asked((p) => p.page === 1);
    await act(async () => fake.answer((p) => p.page === 1));
    await waitFor(() => expect(customers(container)).toEqual(range(1, 20)));
    expect(screen.queryByText(/trying again/)).toBeNull();
  });
});

/** A table over a gated source, its first page answered and shown. */
async function openGated() {
  const fake = fakeSource(all, { gated: true });
  const view = renderTable({ columnSettings: settings, queryKey: ['l'], source: fake.source });
  await act(async () => fake.answer((p) => p.page === 1));
  await waitFor(() => expect(customers(view.container)).toEqual(range(1, 20)));
  return { ...view, fake };
}

describe('server mode: one query in the URL (issue 16)', () => {
  it('sends sort, filters and search as one query, writes them to the URL, and a deep link shows the same rows', async () => {
    const { source, calls } = fakeSource(all);
    const { container, user, location } = renderTable({
      columnSettings: settings,
      queryKey: ['l'],
      source,
    });
    await waitFor(() => expect(dataRows(container)).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: /Seats/ }));
    await user.click(screen.getByRole('button', { name: /Seats/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter State' }), 'Suspended');
    await user.type(screen.getByRole('searchbox', { name: 'Filter Customer' }), '1');
    const query = {
      search: '',
      filters: {
        customer: { kind: 'text', text: '1' },
        state: { kind: 'select', value: 'Suspended' },
      },
      sort: { id: 'seats', desc: true },
      page: 1,
      pageSize: 20,
    };
    await waitFor(() => expect(calls.filter((c) => c.page === 1).at(-1)).toEqual(query));
    expect(customers(container)[0]).toBe('Customer 231');
    const url = location() ?? '';
    expect(url).toBe('/list?sort=-seats&f.state=Suspended&f.customer=1');

    // The same URL in a new table (a link, a reload) asks the same and shows the same rows.
    const shown = customers(container);
    const again = fakeSource(all);
    const reopened = renderTable(
      { columnSettings: settings, queryKey: ['l2'], source: again.source },
      { url },
    );
    await waitFor(() => expect(customers(reopened.container)).toEqual(shown));
    expect(again.calls[0]).toEqual(query);
    expect(
      within(reopened.container).getByRole('searchbox', { name: 'Filter Customer' }),
    ).toHaveValue('1');
    expect(within(reopened.container).getByRole('combobox', { name: 'Filter State' })).toHaveValue(
      'Suspended',
    );
  });

  it('keeps the rows on screen while the next page arrives (no Loading Data...), and prefetches the next page', async () => {
    const fake = fakeSource(all, { gated: true });
    const { container, user, location } = renderTable({
      columnSettings: settings,
      queryKey: ['l'],
      source: fake.source,
    });
    expect(screen.getByText('Loading Data...')).toBeInTheDocument();
    await act(async () => fake.answer((p) => p.page === 1 && p.pageSize === 20));
    await waitFor(() => expect(customers(container)).toEqual(range(1, 20)));
    // Page 2 is asked for before the user asks.
    await fake.asked((p) => p.page === 2);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/list?page=2');
    expect(screen.queryByText('Loading Data...')).toBeNull();
    expect(customers(container)).toEqual(range(1, 20));
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    await act(async () => fake.answer((p) => p.page === 2));
    await waitFor(() => expect(customers(container)).toEqual(range(21, 40)));
    expect(footer(container)).toBe('Showing 21–40 of 250');
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const { container, user, fake } = await openGated();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, '00');
    await fake.asked((p) => p.search === '00');
    await user.type(search, '7');
    await fake.asked((p) => p.search === '007');
    await act(async () => fake.answer((p) => p.search === '007' && p.page === 1));
    await waitFor(() => expect(customers(container)).toEqual(['Customer 007']));
    await act(async () => fake.answer((p) => p.search === '00'));
    expect(customers(container)).toEqual(['Customer 007']);
    expect(footer(container)).toBe('Showing 1–1 of 1');
  });

  it("'Search N records...' counts the whole list: remembered from an unfiltered answer, else asked once", async () => {
    const { source, calls } = fakeSource(all);
    const { container, user } = renderTable({ columnSettings: settings, queryKey: ['l'], source });
    await waitFor(() => expect(dataRows(container)).toHaveLength(20));
    await user.type(screen.getByRole('searchbox', { name: 'Filter Customer' }), '7');
    await waitFor(() => expect(footer(container)).toBe('Showing 1–20 of 43'));
    expect(screen.getByPlaceholderText('Search 250 records...')).toBeInTheDocument();
    expect(calls.some((call) => call.pageSize === 1)).toBe(false);

    // A link that opens filtered has seen no unfiltered answer: one page of one row counts.
    const linked = fakeSource(all);
    const other = renderTable(
      { columnSettings: settings, queryKey: ['m'], source: linked.source },
      { url: '/list?f.customer=7' },
    );
    await waitFor(() =>
      expect(within(other.container).getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
        'placeholder',
        'Search 250 records...',
      ),
    );
    expect(linked.calls.filter((call) => call.pageSize === 1)).toEqual([
      { search: '', filters: {}, sort: null, page: 1, pageSize: 1 },
    ]);
  });

  it('a page beyond the last jumps to the last page (SPEC §2)', async () => {
    const { source, calls } = fakeSource(all);
    const { container, location } = renderTable(
      { columnSettings: settings, queryKey: ['l'], source },
      { url: '/list?page=99' },
    );
    await waitFor(() => expect(location()).toBe('/list?page=13'));
    await waitFor(() => expect(customers(container)).toEqual(range(241, 250)));
    expect(calls.map((c) => c.page)).toContain(99);
    expect(screen.queryByText('No data found')).toBeNull();
  });

  it('a number filter with letters shows the field error and sends nothing', async () => {
    const { source, calls } = fakeSource(all);
    const { container, user } = renderTable({ columnSettings: settings, queryKey: ['l'], source });
    await waitFor(() => expect(dataRows(container)).toHaveLength(20));
    const min = screen.getByRole('textbox', { name: 'Seats minimum' });
    await user.type(min, '2x');
    expect(await screen.findByText('Value must be a number')).toBeInTheDocument();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription('Value must be a number');
    await user.clear(min);
    await user.type(min, '245');
    await waitFor(() => expect(customers(container)).toEqual(range(245, 250)));
    expect(screen.queryByText('Value must be a number')).toBeNull();
    // Nothing was ever sent for '2x' (nor for the '2' before the x: it was never quiet long
    // enough, or if it was, it was a number).
    expect(
      calls.every(
        (c) =>
          !c.filters['seats'] || typeof (c.filters['seats'] as { min?: unknown }).min === 'number',
      ),
    ).toBe(true);
  });

  it('a server 400 shows its message where the table is and keeps the last good rows', async () => {
    const { container, user, fake } = await openGated();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '%');
    await fake.asked((p) => p.search === '%');
    const refusal = new ApiError({
      message: 'search: Invalid characters',
      status: 400,
      kind: 'http',
      method: 'POST',
      endpoint: 'x',
    });
    await act(async () => fake.fail(refusal, (p) => p.search === '%'));
    expect(await screen.findByRole('alert')).toHaveTextContent('search: Invalid characters');
    expect(customers(container)).toEqual(range(1, 20));
    expect(screen.queryByText("Error: Something's gone wrong!")).toBeNull();
  });

  it("a refused query's field errors say what to change; the inputs take no more than the server does", async () => {
    const { container, user, fake } = await openGated();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('maxLength', String(MAX_SEARCH_TEXT));
    expect(screen.getByRole('searchbox', { name: 'Filter Customer' })).toHaveAttribute(
      'maxLength',
      String(MAX_FILTER_TEXT),
    );
    await user.type(search, 'x');
    await fake.asked((p) => p.search === 'x');
    const refusal = new ApiError({
      message: 'The request has invalid fields',
      status: 400,
      kind: 'http',
      method: 'POST',
      endpoint: 'x',
      fieldErrors: {
        search: { errorCode: 'too_big', message: 'Value must be at most 200 characters long' },
      },
    });
    await act(async () => fake.fail(refusal, (p) => p.search === 'x'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The request has invalid fields search: Value must be at most 200 characters long',
    );
    expect(customers(container)).toEqual(range(1, 20));
  });
});

describe('server mode: refresh (SPEC §4)', () => {
  it('a new trigger asks the source for the page again and shows what it answers now; back to null asks nothing', async () => {
    const rows = licences(30);
    const { source, calls } = fakeSource(rows);
    const props = { columnSettings: settings, queryKey: ['l'], source };
    const { container, rerenderWith } = renderTable<Licence>({ ...props, refreshTrigger: null });
    await waitFor(() => expect(customers(container)).toEqual(range(1, 20)));
    const asked = calls.filter((call) => call.page === 1).length;
    // The server's rows changed meanwhile (the renamed customer sorts first).
    rows[0] = { ...(rows[0] as Licence), customer: 'Aardvark Co' };
    rerenderWith({ ...props, refreshTrigger: 1 });
    await waitFor(() => expect(customers(container)[0]).toBe('Aardvark Co'));
    expect(calls.filter((call) => call.page === 1).length).toBe(asked + 1);
    rerenderWith({ ...props, refreshTrigger: null });
    rerenderWith({ ...props, refreshTrigger: null });
    // Give a refetch every chance to start: none does.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((call) => call.page === 1).length).toBe(asked + 1);
  });
});
