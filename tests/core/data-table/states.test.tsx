import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  BadDataError,
  ColumnType,
  TABLE_TEXT,
  toTableData,
  type ColumnSettings,
} from '@/core/data-table';
import { fakeSource, licenceSettings, licences } from './fake-source';
import { dataRows, orgContext, renderTable } from './harness';

interface Thing {
  id: number;
  name: string;
}
const settings: ColumnSettings<Thing> = {
  entity: 'Things',
  columns: [{ id: 'name', title: 'Name', type: ColumnType.STRING }],
};
const things: Thing[] = [
  { id: 1, name: 'Anvil' },
  { id: 2, name: 'Bolt' },
  { id: 3, name: 'Crate' },
];

describe('data table states (SPEC §2, §8)', () => {
  it("shows 'Loading Data...' while loading, then the rows and the search count", async () => {
    let resolve: (value: Thing[]) => void = () => undefined;
    const fetchData = () => new Promise<Thing[]>((r) => (resolve = r));
    const { container } = renderTable({
      columnSettings: settings,
      fetchData,
      queryKey: ['things'],
    });
    expect(screen.getByText('Loading Data...')).toBeInTheDocument();
    // No page controls under the loading text: the rows would push them down when they arrive
    // (a layout shift on a phone). The footer's live region is there, empty, to announce them.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    const footerStatus = container.querySelector('.dt-footer [role="status"]');
    expect(footerStatus).toHaveTextContent(/^$/);
    await act(async () => resolve(things));
    await waitFor(() => expect(dataRows(container)).toHaveLength(3));
    expect(screen.getByPlaceholderText('Search 3 records...')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByLabelText('Rows per page')).toHaveValue('20');
    expect(container.querySelector('.dt-footer [role="status"]')).toBe(footerStatus);
    expect(footerStatus).toHaveTextContent('Showing 1–3 of 3');
    expect(screen.getByRole('heading', { name: 'Things' })).toBeInTheDocument();
  });

  it("says 'Search 1 record...' for a list of one", async () => {
    const { container } = renderTable({ columnSettings: settings, rows: [things[0] as Thing] });
    await waitFor(() => expect(dataRows(container)).toHaveLength(1));
    expect(screen.getByPlaceholderText('Search 1 record...')).toBeInTheDocument();
  });

  it('counts one of anything in the singular, estimates and many in the plural', () => {
    expect(TABLE_TEXT.searchPlaceholder(1)).toBe('Search 1 record...');
    expect(TABLE_TEXT.searchPlaceholder(250, true)).toBe('Search about 250 records...');
    expect(TABLE_TEXT.pageSelected(1)).toBe('The 1 row on this page is selected.');
    expect(TABLE_TEXT.pageSelected(20)).toBe('All 20 rows on this page are selected.');
    expect(TABLE_TEXT.allMatchingSelected(1)).toBe('The 1 matching row is selected.');
    expect(TABLE_TEXT.exportProgress(0, 1)).toBe('0 of 1 row');
    expect(TABLE_TEXT.bulkQuestion('Suspend', 1)).toBe('Suspend 1 record?');
    expect(TABLE_TEXT.bulkRunning(1)).toBe('Working on 1 record…');
    expect(TABLE_TEXT.bulkRunning(2)).toBe('Working on 2 records…');
  });

  it('shows "Error: Something\'s gone wrong!" when the fetch fails', async () => {
    const fetchData = () => Promise.reject(new Error('boom'));
    renderTable({ columnSettings: settings, fetchData, queryKey: ['things'] });
    expect(await screen.findByText("Error: Something's gone wrong!")).toBeInTheDocument();
  });

  it('says under the loading text that a failed request is being tried again, and shows the error once it has failed for good', async () => {
    const attempts: ((error: Error) => void)[] = [];
    const fetchData = () => new Promise<Thing[]>((_resolve, reject) => attempts.push(reject));
    renderTable({ columnSettings: settings, fetchData, queryKey: ['things'] }, { retries: 1 });
    await waitFor(() => expect(attempts).toHaveLength(1));
    const loading = () => screen.getByText(/^Loading Data\.\.\./).closest('[role="status"]');
    expect(loading()).toHaveTextContent(/^Loading Data\.\.\.$/);
    await act(async () => attempts[0]?.(new Error('Database unavailable')));
    await waitFor(() =>
      expect(loading()).toHaveTextContent('Loading Data...1 attempt failed: trying again…'),
    );
    // The retry (after the backoff's second) fails too: the SPEC error, no loading text left.
    await waitFor(() => expect(attempts).toHaveLength(2), { timeout: 3000 });
    await act(async () => attempts[1]?.(new Error('Database unavailable')));
    expect(await screen.findByText("Error: Something's gone wrong!")).toBeInTheDocument();
    expect(screen.queryByText(/trying again/)).toBeNull();
  });

  it("shows 'No data found' when the fetch answers nothing: empty rows, 0 fetched, 0 total", async () => {
    const fetchData = vi.fn(async () => null);
    renderTable({ columnSettings: settings, fetchData, queryKey: ['things'] });
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(toTableData(null)).toEqual({ tableData: [], fetched: 0, totalAvailable: 0 });
    expect(toTableData(undefined)).toEqual({ tableData: [], fetched: 0, totalAvailable: 0 });
  });

  it("logs 'Bad data' and shows the error state when table data is not an array", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchData = vi.fn(async () => ({ tableData: 'nope', fetched: 1, totalAvailable: 1 }));
    renderTable({
      columnSettings: settings,
      fetchData: fetchData as never,
      queryKey: ['things'],
    });
    expect(await screen.findByText(TABLE_TEXT.error)).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Bad data', expect.anything());
    // Bad data is never retried.
    expect(fetchData).toHaveBeenCalledTimes(1);
    expect(() => toTableData({ tableData: {} })).toThrow(BadDataError);
  });

  it('keys the query by the query key plus the selected organisation id, and passes the org id', async () => {
    const fetchData = vi.fn(async () => ({ tableData: things, fetched: 3, totalAvailable: 10 }));
    const { client, container } = renderTable(
      { columnSettings: settings, fetchData, queryKey: ['things'] },
      { org: orgContext({}, 42) },
    );
    await waitFor(() => expect(dataRows(container)).toHaveLength(3));
    expect(fetchData).toHaveBeenCalledWith(expect.objectContaining({ orgId: 42 }));
    expect(client.getQueryData(['things', { orgId: 42 }])).toEqual({
      tableData: things,
      fetched: 3,
      totalAvailable: 10,
    });
  });

  it('does not fetch when disabled', async () => {
    const fetchData = vi.fn(async () => things);
    renderTable({ columnSettings: settings, fetchData, queryKey: ['things'], enabled: false });
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(fetchData).not.toHaveBeenCalled();
  });

  it('a table over a source does not ask it while disabled', async () => {
    const { source, calls } = fakeSource(licences(30));
    renderTable({ columnSettings: licenceSettings, queryKey: ['l'], source, enabled: false });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toEqual([]);
  });

  it('a failed fetch leaves the page asked for in the address, for the next try', async () => {
    const fetchData = () => Promise.reject(new Error('boom'));
    const { location } = renderTable(
      { columnSettings: settings, fetchData, queryKey: ['things'] },
      { url: '/list?page=3' },
    );
    expect(await screen.findByText("Error: Something's gone wrong!")).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(location()).toBe('/list?page=3');
  });

  it('refreshes when the trigger changes from its null start, invalidating the cached query', async () => {
    const fetchData = vi.fn(async () => things);
    const props = { columnSettings: settings, fetchData, queryKey: ['things'] };
    const { rerenderWith, container } = renderTable({ ...props, refreshTrigger: null });
    await waitFor(() => expect(dataRows(container)).toHaveLength(3));
    expect(fetchData).toHaveBeenCalledTimes(1);
    rerenderWith({ ...props, refreshTrigger: null });
    rerenderWith({ ...props, refreshTrigger: 1 });
    await waitFor(() => expect(fetchData).toHaveBeenCalledTimes(2));
    rerenderWith({ ...props, refreshTrigger: 2 });
    await waitFor(() => expect(fetchData).toHaveBeenCalledTimes(3));
  });

  it('shows rows handed in directly, and Bad data when they are not an array', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, rerenderWith } = renderTable({ columnSettings: settings, rows: things });
    expect(dataRows(container)).toHaveLength(3);
    rerenderWith({ columnSettings: settings, rows: 'x' as never });
    expect(screen.getByText(TABLE_TEXT.error)).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Bad data', 'x');
  });
});
