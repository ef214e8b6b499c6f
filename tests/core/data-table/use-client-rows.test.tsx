import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnSetting, ListQuery } from '@/core/data-table';
import {
  columnFiltersOf,
  sortingOf,
  useClientRows,
  useRowId,
} from '@/core/data-table/use-client-rows';

/** Client mode's rows (SPEC §2, §4, §5): what the page shows and what selection and export read. */
interface Part {
  id: number;
  name: string;
  qty: number;
}
const parts = (n: number): Part[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Part ${i + 1}`, qty: (i * 7) % 10 }));
const QUERY: ListQuery = { search: '', filters: {}, sort: null };

type Options = Parameters<typeof useClientRows<Part>>[0];
function rowsOf(overrides: Partial<Options> = {}) {
  const initialProps: Options = {
    data: parts(45),
    columns: [
      { id: 'name', title: 'Name' },
      { id: 'qty', title: 'Qty', type: 'number' },
    ],
    rowId: (row) => `part-${row.id}`,
    query: QUERY,
    page: 1,
    pageSize: 20,
    settled: true,
    ...overrides,
  };
  return renderHook((props: Options) => useClientRows(props), { initialProps });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useClientRows: pages', () => {
  it('slices the displayed rows into pages and counts them', () => {
    const { result, rerender } = rowsOf();
    expect(result.current.rowCount).toBe(45);
    expect(result.current.pageCount).toBe(3);
    expect(result.current.pageData.map((part) => part.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(result.current.pageRowId(result.current.pageData[0] as Part, 0)).toBe('part-1');
    rerender({
      data: parts(45),
      columns: [{ id: 'name', title: 'Name' }],
      rowId: (row) => `part-${row.id}`,
      query: QUERY,
      page: 3,
      pageSize: 20,
      settled: true,
    });
    expect(result.current.shownPage).toBe(3);
    expect(result.current.pageData.map((part) => part.id)).toEqual([41, 42, 43, 44, 45]);
    expect(result.current.pageRowId(result.current.pageData[4] as Part, 4)).toBe('part-45');
  });

  it('a list of exactly full pages has no empty page after them; an empty list has one page', () => {
    expect(rowsOf({ data: parts(40) }).result.current.pageCount).toBe(2);
    expect(rowsOf({ data: parts(41) }).result.current.pageCount).toBe(3);
    const empty = rowsOf({ data: [] }).result.current;
    expect(empty.pageCount).toBe(1);
    expect(empty.rowCount).toBe(0);
    expect(empty.pageData).toEqual([]);
  });

  it('a page beyond the last shows the last once every row is in; while rows still come, the page asked for', () => {
    const settled = rowsOf({ page: 9 }).result.current;
    expect(settled.shownPage).toBe(3);
    expect(settled.pageData.map((part) => part.id)).toEqual([41, 42, 43, 44, 45]);
    const loading = rowsOf({ page: 9, settled: false }).result.current;
    expect(loading.shownPage).toBe(9);
    expect(loading.pageData).toEqual([]);
  });

  it('search, filters and sort decide the rows, their order and the pages', () => {
    const { result } = rowsOf({
      query: {
        search: 'part 1',
        filters: { qty: { kind: 'number', min: 5 } },
        sort: { id: 'qty', desc: true },
      },
      pageSize: 3,
    });
    // 'part 1' matches Part 1 and Parts 10-19; five of them have a quantity of 5 or more.
    const all = result.current.displayedRows();
    expect(all.map((part) => [part.name, part.qty])).toEqual([
      ['Part 18', 9],
      ['Part 15', 8],
      ['Part 12', 7],
      ['Part 19', 6],
      ['Part 16', 5],
    ]);
    expect(result.current.rowCount).toBe(5);
    expect(result.current.pageCount).toBe(2);
    expect(result.current.displayedIds()).toEqual([
      'part-18',
      'part-15',
      'part-12',
      'part-19',
      'part-16',
    ]);
    expect(result.current.pageData.map((part) => part.name)).toEqual([
      'Part 18',
      'Part 15',
      'Part 12',
    ]);
    expect(result.current.pageRowId(result.current.pageData[2] as Part, 2)).toBe('part-12');
  });

  it('ascending unless the sort says descending', () => {
    const { result } = rowsOf({ query: { ...QUERY, sort: { id: 'qty', desc: false } } });
    const qty = result.current.displayedRows().map((part) => part.qty);
    expect(qty).toEqual([...qty].sort((a, b) => a - b));
    expect(qty[0]).toBe(0);
  });

  it('the displayed ids and rows follow the latest query', () => {
    const { result, rerender } = rowsOf();
    const ids = result.current.displayedIds;
    rerender({
      data: parts(45),
      columns: [{ id: 'name', title: 'Name' }],
      rowId: (row) => `part-${row.id}`,
      query: { ...QUERY, search: 'part 4' },
      page: 1,
      pageSize: 20,
      settled: true,
    });
    expect(ids()).toEqual([
      'part-4',
      'part-40',
      'part-41',
      'part-42',
      'part-43',
      'part-44',
      'part-45',
    ]);
    expect(result.current.displayedRows()).toHaveLength(7);
  });
});

describe('useClientRows: work done in idle time', () => {
  it('reads every row of every column before the user searches or sorts, then stops', () => {
    vi.useFakeTimers();
    const read = vi.fn((part: Part) => part.name);
    const columns: ColumnSetting<Part>[] = [{ id: 'name', title: 'Name', accessor: read }];
    const { unmount } = rowsOf({ data: parts(3000), columns });
    read.mockClear();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    // Search text and sort keys: each row read twice, never more.
    expect(read).toHaveBeenCalledTimes(6000);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(read).toHaveBeenCalledTimes(6000);
    unmount();
  });

  it('uses the browser’s idle callbacks where there are some, within the time they give', () => {
    const idle: Array<(deadline: IdleDeadline) => void> = [];
    const cancelled: number[] = [];
    const asked: unknown[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (run: (deadline: IdleDeadline) => void, options: unknown) => {
        idle.push(run);
        asked.push(options);
        return idle.length;
      },
    );
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const read = vi.fn((part: Part) => part.name);
    const columns: ColumnSetting<Part>[] = [{ id: 'name', title: 'Name', accessor: read }];
    const { unmount } = rowsOf({ data: parts(5000), columns });
    read.mockClear();
    expect(idle).toHaveLength(1);
    // A browser that is never idle still runs the work within two seconds.
    expect(asked).toEqual([{ timeout: 2000 }]);
    let left = 2;
    // Room for two slices of work (2,000 rows of search text each) in the first idle period.
    act(() => idle[0]?.({ timeRemaining: () => left--, didTimeout: false } as IdleDeadline));
    expect(read).toHaveBeenCalledTimes(2000);
    expect(idle).toHaveLength(2);
    act(() => idle[1]?.({ timeRemaining: () => 50, didTimeout: false } as IdleDeadline));
    expect(read).toHaveBeenCalledTimes(10_000);
    // All done: nothing more is asked for.
    expect(idle).toHaveLength(2);
    unmount();
    expect(cancelled).toEqual([2]);
  });

  it('a table that goes away stops the work', () => {
    vi.useFakeTimers();
    const read = vi.fn((part: Part) => part.name);
    const columns: ColumnSetting<Part>[] = [{ id: 'name', title: 'Name', accessor: read }];
    const { unmount } = rowsOf({ data: parts(50_000), columns });
    read.mockClear();
    unmount();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(read).not.toHaveBeenCalled();
  });
});

describe('row ids', () => {
  it('getRowId when given, else the row’s id (text or number), else its position', () => {
    const custom = renderHook(() => useRowId<{ code: string }>((row) => row.code)).result.current;
    expect(custom({ code: 'x' }, 3)).toBe('x');
    const plain = renderHook(() => useRowId<{ id?: unknown }>(undefined)).result.current;
    expect(plain({ id: 'abc' }, 3)).toBe('abc');
    expect(plain({ id: 7 }, 3)).toBe('7');
    expect(plain({ id: 0 }, 3)).toBe('0');
    expect(plain({}, 3)).toBe('3');
    expect(plain({ id: { nested: 1 } }, 4)).toBe('4');
    expect(plain({ id: null }, 5)).toBe('5');
  });

  it('reads the latest getRowId without changing its own identity', () => {
    const hook = renderHook(({ prefix }) => useRowId<{ id: number }>((row) => prefix + row.id), {
      initialProps: { prefix: 'a' },
    });
    const first = hook.result.current;
    hook.rerender({ prefix: 'b' });
    expect(hook.result.current).toBe(first);
    expect(first({ id: 1 }, 0)).toBe('b1');
  });
});

describe('the list state as TanStack reads it', () => {
  it('a sort or none; one column filter per filtered column', () => {
    expect(sortingOf(QUERY)).toEqual([]);
    expect(sortingOf({ ...QUERY, sort: { id: 'qty', desc: true } })).toEqual([
      { id: 'qty', desc: true },
    ]);
    expect(
      columnFiltersOf({
        ...QUERY,
        filters: { name: { kind: 'text', text: 'x' }, qty: { kind: 'number', max: 3 } },
      }),
    ).toEqual([
      { id: 'name', value: { kind: 'text', text: 'x' } },
      { id: 'qty', value: { kind: 'number', max: 3 } },
    ]);
  });
});
