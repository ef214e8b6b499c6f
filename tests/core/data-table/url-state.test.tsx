import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type ColumnSettings } from '@/core/data-table';
import { OrgContext } from '@/core/org/context';
import { columnTexts, dataRows, orgContext, renderTable } from './harness';

interface Part {
  id: number;
  name: string;
  qty: number;
  kind: string;
}
const parts: Part[] = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  name: `Part ${String(i + 1).padStart(2, '0')}`,
  qty: i + 1,
  kind: i % 2 ? 'Bolt' : 'Nut',
}));
const settings: ColumnSettings<Part> = {
  entity: 'Parts',
  columns: [
    { id: 'name', title: 'Name' },
    { id: 'qty', title: 'Quantity', type: 'number' },
    { id: 'kind', title: 'Kind', filterOptions: ['Bolt', 'Nut'] },
  ],
  sortIndex: 0,
};

describe('client mode: the list state in the URL (issue 16)', () => {
  it('search, filters and sort go to the URL, and the same URL shows the same rows', async () => {
    const { container, user, location } = renderTable({ columnSettings: settings, rows: parts });
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('part 1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter Kind' }), 'Nut');
    await user.type(screen.getByRole('textbox', { name: 'Quantity minimum' }), '12');
    await user.click(screen.getByRole('button', { name: /Quantity/ }));
    await user.click(screen.getByRole('button', { name: /Quantity/ }));
    await waitFor(() =>
      expect(columnTexts(container, 0)).toEqual(['Part 19', 'Part 17', 'Part 15', 'Part 13']),
    );
    await waitFor(() => expect(location()).toBe('/list?q=part+1&f.kind=Nut&f.qty=12..&sort=-qty'));

    const reopened = renderTable(
      { columnSettings: settings, rows: parts },
      { url: location() ?? '' },
    );
    expect(columnTexts(reopened.container, 0)).toEqual([
      'Part 19',
      'Part 17',
      'Part 15',
      'Part 13',
    ]);
    const again = within(reopened.container);
    expect(again.getByRole('searchbox', { name: 'Search' })).toHaveValue('part 1');
    expect(again.getByRole('textbox', { name: 'Quantity minimum' })).toHaveValue('12');
    expect(again.getByRole('combobox', { name: 'Filter Kind' })).toHaveValue('Nut');
  });

  it('ignores bad values in the URL: the table shows what it would without them', () => {
    const { container, location } = renderTable(
      { columnSettings: settings, rows: parts },
      { url: '/list?sort=-nope&f.qty=abc&f.kind=Screw&f.nope=1&page=x' },
    );
    expect(dataRows(container)).toHaveLength(20);
    expect(columnTexts(container, 0)[0]).toBe('Part 01');
    // Issue 17: and they leave the address bar.
    expect(location()).toBe('/list');
  });

  it('number filter: letters show the error and keep the last valid bound', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: parts });
    const max = screen.getByRole('textbox', { name: 'Quantity maximum' });
    await user.type(max, '3');
    await waitFor(() => expect(dataRows(container)).toHaveLength(3));
    await user.type(max, 'x');
    expect(screen.getByText('Value must be a number')).toBeInTheDocument();
    expect(dataRows(container)).toHaveLength(3);
  });
});

describe('leaving the list (issue 16)', () => {
  it('a search typed just before a link is followed never brings the user back to the list', async () => {
    let show: () => void = () => undefined;
    // The next page loads slowly: the list stays on screen while the navigation is pending.
    const Elsewhere = lazy(
      () =>
        new Promise<{ default: () => ReactNode }>((resolve) => {
          show = () => resolve({ default: () => <p>Elsewhere</p> });
        }),
    );
    function Probe() {
      const location = useLocation();
      return <output data-testid="where">{location.pathname + location.search}</output>;
    }
    // Only the timers a deferred write would use: React's own scheduling stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/list']}>
            <OrgContext.Provider value={orgContext()}>
              {/* Already on screen: a route that suspends keeps the list up (a transition). */}
              <Suspense fallback={null}>
                <Routes>
                  <Route
                    path="/list"
                    element={
                      <>
                        <DataTable columnSettings={settings} rows={parts} />
                        <Link to="/elsewhere">Elsewhere</Link>
                      </>
                    }
                  />
                  <Route path="/elsewhere" element={<Elsewhere />} />
                </Routes>
              </Suspense>
              <Probe />
            </OrgContext.Provider>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
        target: { value: 'part 1' },
      });
      fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      vi.useRealTimers();
      await act(async () => show());
      expect(await screen.findByText('Elsewhere', { selector: 'p' })).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/elsewhere$/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('several tables on one page (urlKey, issue 17)', () => {
  const bolts: ColumnSettings<Part> = { ...settings, entity: 'Bolts' };
  function TwoTables() {
    const location = useLocation();
    return (
      <>
        <DataTable columnSettings={settings} rows={parts} urlKey="parts" />
        <DataTable columnSettings={bolts} rows={parts} urlKey="bolts" />
        <output data-testid="where">{location.search}</output>
      </>
    );
  }

  it('each keeps its own search and page in the URL under its key', async () => {
    const client = new QueryClient();
    const { setupUser } = await import('../../user');
    const user = setupUser();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/details?view=a']}>
          <OrgContext.Provider value={orgContext()}>
            <TwoTables />
          </OrgContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const first = within(screen.getByRole('region', { name: 'Parts' }));
    const second = within(screen.getByRole('region', { name: 'Bolts' }));
    await user.click(first.getByRole('button', { name: 'Page 2' }));
    expect(await first.findByText(/Showing 21–40 of 40/)).toBeInTheDocument();
    expect(second.getByText(/Showing 1–20 of 40/)).toBeInTheDocument();
    await user.click(second.getByRole('searchbox', { name: 'Search' }));
    await user.paste('part 3');
    await waitFor(() => expect(second.getByText(/Showing 1–10 of 10/)).toBeInTheDocument());
    expect(first.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(first.getByText(/Showing 21–40 of 40/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('?view=a&parts.page=2&bolts.q=part+3'),
    );
  });
});
