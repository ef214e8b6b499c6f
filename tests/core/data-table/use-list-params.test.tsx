import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
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
  it('writes typed text to the URL at once, back on page 1, and commits it once typing is quiet', async () => {
    const { result } = setup('/list?page=3&view=x');
    expect(result.current.params.page).toBe(3);
    act(() => result.current.params.setSearch('acme'));
    expect(search(result)).toBe('?view=x&q=acme');
    expect(result.current.params.query.search).toBe('acme');
    expect(result.current.params.page).toBe(1);
    // What a server is asked for waits for the quiet time.
    expect(result.current.params.committed).toMatchObject({ page: 3, query: { search: '' } });
    await waitFor(() =>
      expect(result.current.params.committed).toMatchObject({ page: 1, query: { search: 'acme' } }),
    );
    expect(result.current.params.generation).toBe(0);
  });

  it('a page, sort or select change commits at once, taking the waiting text with it', () => {
    const { result } = setup('/list', 60_000);
    act(() => result.current.params.setFilter('name', { kind: 'text', text: 'bo' }));
    expect(result.current.params.committed.query.filters).toEqual({});
    act(() => result.current.params.toggleSort('seats'));
    expect(search(result)).toBe('?f.name=bo&sort=seats');
    expect(result.current.params.committed.query).toEqual({
      search: '',
      filters: { name: { kind: 'text', text: 'bo' } },
      sort: { id: 'seats', desc: false },
    });
    act(() => {
      // Two writes before a render do not undo each other.
      result.current.params.setFilter('seats', { kind: 'number', min: 3 }, true);
      result.current.params.setPage(4);
    });
    expect(search(result)).toBe('?f.name=bo&sort=seats&f.seats=3..&page=4');
    expect(result.current.params.committed.page).toBe(4);
    expect(result.current.params.committed.query.filters).toEqual({
      name: { kind: 'text', text: 'bo' },
      seats: { kind: 'number', min: 3 },
    });
  });

  it('a render before the router lands a write does not put the older URL back', () => {
    const { result } = setup('/list?f.name=bo', 60_000);
    act(() => {
      // The router navigates in a transition; the table's own state renders at once meanwhile.
      flushSync(() => result.current.params.setFilter('name', null, true));
      result.current.params.setFilter('seats', { kind: 'number', min: 30 }, true);
    });
    // The name filter taken away stays away.
    expect(search(result)).toBe('?f.seats=30..');
    expect(result.current.params.committed.query.filters).toEqual({
      seats: { kind: 'number', min: 30 },
    });
  });

  it('a URL changed from outside (back, a link) resets the inputs and commits at once', () => {
    const { result } = setup('/list', 60_000);
    act(() => result.current.params.setSearch('typed'));
    act(() => void result.current.navigate('/list?q=linked&f.seats=..9'));
    expect(result.current.params.generation).toBe(1);
    const linked = {
      search: 'linked',
      filters: { seats: { kind: 'number', max: 9 } },
      sort: initialSort,
    };
    expect(result.current.params.query).toEqual(linked);
    expect(result.current.params.committed.query).toEqual(linked);
    // Its own writes do not count as outside changes.
    act(() => result.current.params.setPage(2));
    expect(result.current.params.generation).toBe(1);
  });

  it('keeps the page size in localStorage (SPEC §9), on the page that holds the first row in view', () => {
    const { result } = setup('/list?page=5');
    // Page 5 of 20 starts at row 81: 50 a page, that is page 2; 100 a page, page 1.
    act(() => result.current.params.setPageSize(50));
    expect(localStorage.getItem('page_size')).toBe('50');
    expect(result.current.params.pageSize).toBe(50);
    expect(search(result)).toBe('?page=2');
    expect(result.current.params.committed.page).toBe(2);
    act(() => result.current.params.setPageSize(100));
    expect(search(result)).toBe('');
    // Back to 20 a page: row 1 is on page 1.
    act(() => result.current.params.setPageSize(20));
    expect(search(result)).toBe('');
  });
});
