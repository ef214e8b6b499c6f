import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { fakeSource, licenceSettings, type Licence } from './fake-source';
import { dataRows, renderTable } from './harness';

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
];
const create: RowAction<Thing> = {
  action: ActionKind.CREATE,
  buttonTitle: 'Add a thing',
  buttonText: 'Add',
  display: ActionDisplay.BUTTON,
};
const footerStatus = (container: HTMLElement) =>
  container.querySelector('.dt-footer [role="status"]')?.textContent ?? null;

describe('an empty list and a search that matches nothing (issue 17)', () => {
  it('a list with no record shows one empty state beside its create action, and no search box or filter row', async () => {
    const { container } = renderTable(
      { columnSettings: settings, rows: [], actions: [create] },
      { url: '/list' },
    );
    const empty = (await screen.findByText('No data found')).closest('td') as HTMLElement;
    expect(within(empty).getByText('Things: none yet.')).toBeInTheDocument();
    // Nothing to search, filter, page or export.
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
    expect(screen.queryByPlaceholderText(/Search 0 records/)).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Filter Name' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
    // The create action stays in the ribbon, once.
    expect(screen.getAllByRole('button', { name: 'Add' })).toHaveLength(1);
    expect(
      within(screen.getByRole('toolbar', { name: 'Things actions' })).getByRole('button', {
        name: 'Add',
      }),
    ).toBeEnabled();
    expect(footerStatus(container)).toBeNull();
  });

  it('counts no record before the list has answered, nor after it failed: never "Search 0 records"', async () => {
    let answer: (rows: Thing[]) => void = () => undefined;
    const loading = renderTable({
      columnSettings: settings,
      fetchData: () => new Promise<Thing[]>((resolve) => (answer = resolve)),
      queryKey: ['things-pending'],
    });
    expect(await screen.findByPlaceholderText('Search records...')).toBeInTheDocument();
    answer(things);
    expect(await screen.findByPlaceholderText('Search 2 records...')).toBeInTheDocument();
    loading.unmount();

    renderTable({
      columnSettings: settings,
      fetchData: () => Promise.reject(new Error('The list is unavailable')),
      queryKey: ['things-failed'],
    });
    expect(await screen.findByText("Error: Something's gone wrong!")).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search records...',
    );
  });

  it('a search that matches nothing keeps the controls, says so, and clears search and filters in one click', async () => {
    const { container, user, location } = renderTable(
      { columnSettings: settings, rows: things, actions: [create] },
      { url: '/list?q=zebra&f.name=z' },
    );
    const message = (await screen.findByText('No records match the search and filters.')).closest(
      'td',
    ) as HTMLElement;
    // SPEC §2's text stays the first line.
    expect(within(message).getByText('No data found')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveValue('zebra');
    expect(search).toHaveAttribute('placeholder', 'Search 2 records...');
    expect(screen.getByRole('searchbox', { name: 'Filter Name' })).toHaveValue('z');
    // The create action stays in the ribbon.
    expect(
      within(screen.getByRole('toolbar', { name: 'Things actions' })).getByRole('button', {
        name: 'Add',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Things: none yet.')).toBeNull();

    await user.click(within(message).getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(dataRows(container)).toHaveLength(2));
    expect(location()).toBe('/list');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Filter Name' })).toHaveValue('');
    expect(screen.queryByText('No records match the search and filters.')).toBeNull();
  });

  it('server mode: a filter matching nothing offers the clear; a list of none has no search box', async () => {
    const rows: Licence[] = [{ id: 1, customer: 'Customer 001', seats: 3, state: 'Active' }];
    const some = fakeSource(rows);
    const first = renderTable(
      { columnSettings: licenceSettings, source: some.source, getRowId: (row) => String(row.id) },
      { url: '/list?f.state=Suspended' },
    );
    expect(
      await screen.findByRole('button', { name: 'Clear search and filters' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter State' })).toHaveValue('Suspended');
    // Wide enough for its longest choice and the arrow (it read 'Suspenc').
    expect(screen.getByRole('combobox', { name: 'Filter State' }).style.minWidth).toBe(
      'min(10ch + 2.75rem, 8.5rem)',
    );
    await first.user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(dataRows(first.container)).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Filter State' })).toHaveValue('');
    first.unmount();

    const none = fakeSource<Licence>([]);
    renderTable(
      { columnSettings: licenceSettings, source: none.source, getRowId: (row) => String(row.id) },
      { url: '/list' },
    );
    expect(await screen.findByText('Issued Licences: none yet.')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
  });
});
