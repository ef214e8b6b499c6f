import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ColumnSetting } from '@/core/data-table';
import { useListParams } from '@/core/data-table/use-list-params';

const columns: ColumnSetting<never>[] = [
  { id: 'name', title: 'Name' },
  { id: 'seats', title: 'Seats', type: 'number' },
];
const initialSort = { id: 'name', desc: false };

function setup(url = '/list', debounceMs = 20) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      params: useListParams({ columns, initialSort, debounceMs }),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}
const search = (result: { current: { location: { search: string } } }) =>
  result.current.location.search;

describe('useListParams (issue 16)', () => {
  it('shows typed text at once and commits it to the URL after the quiet time, back on page 1', async () => {
    const { result } = setup('/list?page=3&view=x');
    expect(result.current.params.page).toBe(3);
    act(() => result.current.params.setSearch('acme'));
    expect(result.current.params.live.search).toBe('acme');
    expect(result.current.params.page).toBe(1);
    // Not yet in the URL: the committed query is still the old one.
    expect(result.current.params.query.search).toBe('');
    await waitFor(() => expect(search(result)).toBe('?view=x&q=acme'));
    expect(result.current.params.query.search).toBe('acme');
    expect(result.current.params.generation).toBe(0);
  });

  it('a page, sort or select change writes at once and takes the waiting text with it', () => {
    const { result } = setup('/list', 60_000);
    act(() => result.current.params.setFilter('name', { kind: 'text', text: 'bo' }));
    act(() => result.current.params.toggleSort('seats'));
    expect(search(result)).toBe('?f.name=bo&sort=seats');
    act(() => {
      // Two writes before a render do not undo each other.
      result.current.params.setFilter('seats', { kind: 'number', min: 3 }, true);
      result.current.params.setPage(4);
    });
    expect(search(result)).toBe('?f.name=bo&sort=seats&f.seats=3..&page=4');
    expect(result.current.params.query.filters).toEqual({
      name: { kind: 'text', text: 'bo' },
      seats: { kind: 'number', min: 3 },
    });
  });

  it('a URL changed from outside (back, a link) resets the inputs and drops waiting text', () => {
    const { result } = setup('/list', 60_000);
    act(() => result.current.params.setSearch('typed'));
    expect(result.current.params.live.search).toBe('typed');
    act(() => void result.current.navigate('/list?q=linked&f.seats=..9'));
    expect(result.current.params.generation).toBe(1);
    expect(result.current.params.live).toEqual({
      search: 'linked',
      filters: { seats: { kind: 'number', max: 9 } },
      sort: initialSort,
    });
    // Its own writes do not count as outside changes.
    act(() => result.current.params.setPage(2));
    expect(result.current.params.generation).toBe(1);
  });

  it('keeps the page size in localStorage (SPEC §9) and goes back to page 1', () => {
    const { result } = setup('/list?page=5');
    act(() => result.current.params.setPageSize(50));
    expect(localStorage.getItem('page_size')).toBe('50');
    expect(result.current.params.pageSize).toBe(50);
    expect(search(result)).toBe('');
  });
});
