import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListQuery } from '@/core/data-table';
import { useSelection, type SelectionOptions } from '@/core/data-table/use-selection';

/**
 * The selection as the table reads it (what it ticks, counts, says in the banner and hands a
 * bulk action), in both modes (SPEC §4, issue 16).
 */
interface Row {
  id: string;
  name: string;
}
const row = (id: string): Row => ({ id, name: `Row ${id}` });
const onPage = (...ids: string[]) => ids.map((id) => ({ id, original: row(id) }));
const QUERY: ListQuery = { search: '', filters: {}, sort: null };

function server(overrides: Partial<SelectionOptions<Row>> = {}) {
  const initialProps: SelectionOptions<Row> = {
    mode: 'server',
    selectable: true,
    displayedIds: () => {
      throw new Error('server mode reads the page, not the displayed list');
    },
    displayedKey: 0,
    pageRows: onPage('a', 'b', 'c'),
    rowById: () => {
      throw new Error('server mode keeps the rows it saw');
    },
    query: QUERY,
    total: 9,
    totalIsEstimate: false,
    ...overrides,
  };
  const hook = renderHook((props: SelectionOptions<Row>) => useSelection(props), {
    initialProps,
  });
  let props = initialProps;
  return {
    ...hook,
    now: () => hook.result.current,
    change: (next: Partial<SelectionOptions<Row>>) => {
      props = { ...props, ...next };
      hook.rerender(props);
    },
    click: (id: string, modifiers: { toggle?: boolean; ctrl?: boolean; shift?: boolean } = {}) =>
      act(() => hook.result.current.onRowClick(id, modifiers)),
    header: () => act(() => hook.result.current.onHeaderCheckbox()),
  };
}

function client(ids: string[], overrides: Partial<SelectionOptions<Row>> = {}) {
  const byId = new Map(ids.map((id) => [id, row(id)]));
  return server({
    mode: 'client',
    displayedIds: () => ids,
    rowById: (id) => byId.get(id),
    pageRows: onPage(...ids.slice(0, 2)),
    total: ids.length,
    ...overrides,
  });
}

describe('useSelection: client mode', () => {
  it('a table that is not selectable ignores clicks', () => {
    const table = client(['a', 'b', 'c'], { selectable: false });
    table.click('a', { toggle: true });
    expect(table.now().selectedCount).toBe(0);
    expect(table.now().banner).toBeNull();
  });

  it('hands over the selected rows of the whole list, not only the page', () => {
    const table = client(['a', 'b', 'c', 'd']);
    table.click('a');
    table.click('d', { ctrl: true });
    expect(table.now().selectedCount).toBe(2);
    expect(table.now().isSelected('d')).toBe(true);
    expect(table.now().isSelected('b')).toBe(false);
    expect(table.now().selectedRows).toEqual([row('a'), row('d')]);
    expect(table.now().listSelection()).toEqual({
      kind: 'ids',
      ids: ['a', 'd'],
      rows: [row('a'), row('d')],
    });
    expect(table.now().headerCheckboxState).toBe('some');
    expect(table.now().allMatching).toBe(false);
    expect(table.now().countIsEstimate).toBe(false);
    // Client mode never shows the banner.
    expect(table.now().banner).toBeNull();
  });

  it('a row no longer in the list is not handed over', () => {
    const table = client(['a', 'b']);
    table.click('a');
    table.click('gone', { ctrl: true });
    expect(table.now().selectedCount).toBe(2);
    expect(table.now().selectedRows).toEqual([row('a')]);
  });

  it('the header checkbox selects every displayed row, then none; Shift after it starts afresh', () => {
    const table = client(['a', 'b', 'c']);
    table.click('b');
    expect(table.now().headerCheckboxState).toBe('some');
    table.header();
    expect(table.now().headerCheckboxState).toBe('none');
    expect(table.now().selectedCount).toBe(0);
    table.header();
    expect(table.now().headerCheckboxState).toBe('all');
    expect(Object.keys(table.now().selection)).toEqual(['a', 'b', 'c']);
    // The header checkbox leaves no anchor: Shift then selects the row alone.
    table.header();
    expect(table.now().headerCheckboxState).toBe('none');
    table.header();
    table.click('c', { shift: true });
    expect(Object.keys(table.now().selection)).toEqual(['c']);
  });

  it('Shift ranges over every displayed row, beyond the page too', () => {
    const table = client(['a', 'b', 'c', 'd']);
    table.click('a');
    table.click('d', { shift: true });
    expect(Object.keys(table.now().selection)).toEqual(['a', 'b', 'c', 'd']);
    expect(table.now().headerCheckboxState).toBe('all');
  });

  it('the header checkbox reads every displayed row, not only the page', () => {
    const table = client(['a', 'b', 'c', 'd']);
    table.click('a', { toggle: true });
    table.click('b', { toggle: true });
    // The page (a, b) is all selected; the list is not.
    expect(table.now().headerCheckboxState).toBe('some');
    table.header();
    expect(table.now().selectedCount).toBe(0);
  });

  it('select mode turns a plain click into a toggle, and back', () => {
    const table = client(['a', 'b', 'c']);
    expect(table.now().isRowSelectMode).toBe(false);
    act(() => table.now().toggleRowSelectMode());
    expect(table.now().isRowSelectMode).toBe(true);
    table.click('a');
    table.click('b');
    expect(Object.keys(table.now().selection)).toEqual(['a', 'b']);
    act(() => table.now().toggleRowSelectMode());
    table.click('c');
    expect(Object.keys(table.now().selection)).toEqual(['c']);
  });

  it('clearSelection empties it', () => {
    const table = client(['a', 'b']);
    table.click('a');
    act(() => table.now().clearSelection());
    expect(table.now().selectedCount).toBe(0);
    expect(table.now().listSelection()).toEqual({ kind: 'ids', ids: [], rows: [] });
  });
});

describe('useSelection: server mode, rows picked one by one', () => {
  it('keeps rows by id across pages, as they were seen, and says how many are elsewhere', () => {
    const table = server();
    table.click('a', { toggle: true });
    table.change({ pageRows: onPage('d', 'e', 'f') });
    expect(table.now().selectedRows).toEqual([row('a')]);
    expect(table.now().banner).toEqual({ kind: 'other-pages', count: 1, elsewhere: 1 });
    table.click('e', { toggle: true });
    expect(table.now().selectedRows).toEqual([row('a'), row('e')]);
    expect(table.now().banner).toEqual({ kind: 'other-pages', count: 2, elsewhere: 1 });
    expect(table.now().listSelection()).toEqual({
      kind: 'ids',
      ids: ['a', 'e'],
      rows: [row('a'), row('e')],
    });
    // A row of the page shows as it is now; one of another page as it was seen.
    const renamed = { id: 'e', name: 'Renamed' };
    table.change({ pageRows: [{ id: 'e', original: renamed }] });
    expect(table.now().selectedRows).toEqual([row('a'), renamed]);
  });

  it('no banner while the selection is part of the page', () => {
    const table = server();
    table.click('a', { toggle: true });
    expect(table.now().headerCheckboxState).toBe('some');
    expect(table.now().banner).toBeNull();
  });

  it('Shift ranges over the rows of the page', () => {
    const table = server({ pageRows: onPage('a', 'b', 'c', 'd') });
    table.click('b');
    table.click('d', { shift: true });
    expect(Object.keys(table.now().selection)).toEqual(['b', 'c', 'd']);
  });

  it('the header checkbox adds the page to the selection, and takes the page out again', () => {
    const table = server();
    table.click('a', { toggle: true });
    table.change({ pageRows: onPage('d', 'e', 'f') });
    expect(table.now().headerCheckboxState).toBe('none');
    table.header();
    expect(Object.keys(table.now().selection).sort()).toEqual(['a', 'd', 'e', 'f']);
    expect(table.now().headerCheckboxState).toBe('all');
    expect(table.now().selectedRows).toEqual([row('a'), row('d'), row('e'), row('f')]);
    table.header();
    expect(Object.keys(table.now().selection)).toEqual(['a']);
    expect(table.now().selectedRows).toEqual([row('a')]);
    // Some of the page selected: the header takes them out.
    table.click('e', { toggle: true });
    expect(table.now().headerCheckboxState).toBe('some');
    table.header();
    expect(Object.keys(table.now().selection)).toEqual(['a']);
  });

  it('offers every matching row once the whole page is selected and nothing else', () => {
    const table = server({ totalIsEstimate: true });
    table.header();
    expect(table.now().banner).toEqual({ kind: 'page', onPage: 3, total: 9, isEstimate: true });
    // A selection elsewhere too: the banner says so instead.
    table.change({ pageRows: onPage('d', 'e', 'f') });
    table.header();
    expect(table.now().banner).toEqual({ kind: 'other-pages', count: 6, elsewhere: 3 });
  });

  it('no offer when the page holds every matching row', () => {
    const table = server({ total: 3 });
    table.header();
    expect(table.now().headerCheckboxState).toBe('all');
    expect(table.now().banner).toBeNull();
  });

  it('no banner when the table is not selectable', () => {
    const table = server({ selectable: false });
    table.header();
    expect(table.now().banner).toBeNull();
  });
});

describe('useSelection: server mode, every matching row', () => {
  it('counts the total, ticks every row shown, and hands over the query', () => {
    const query: ListQuery = { search: 'acme', filters: {}, sort: null };
    const table = server({ query, totalIsEstimate: true });
    table.header();
    act(() => table.now().selectAllMatching());
    expect(table.now().allMatching).toBe(true);
    expect(table.now().selectedCount).toBe(9);
    expect(table.now().countIsEstimate).toBe(true);
    expect(table.now().banner).toEqual({ kind: 'matching', count: 9, isEstimate: true });
    expect(table.now().selectedRows).toEqual([]);
    table.change({ pageRows: onPage('d', 'e') });
    expect(table.now().selection).toEqual({ d: true, e: true });
    expect(table.now().headerCheckboxState).toBe('all');
    expect(table.now().listSelection()).toEqual({
      kind: 'matching',
      query,
      excludedIds: [],
      count: 9,
      countIsEstimate: true,
    });
  });

  it('a tick, Control or Shift takes a row out, and puts it back', () => {
    const table = server();
    act(() => table.now().selectAllMatching());
    table.click('a', { toggle: true });
    table.click('b', { ctrl: true });
    table.click('c', { shift: true });
    expect(table.now().selectedCount).toBe(6);
    expect(table.now().selection).toEqual({});
    expect(table.now().headerCheckboxState).toBe('none');
    expect(table.now().listSelection()).toMatchObject({ excludedIds: ['a', 'b', 'c'], count: 6 });
    table.click('b', { toggle: true });
    expect(table.now().selectedCount).toBe(7);
    expect(table.now().selection).toEqual({ b: true });
    expect(table.now().headerCheckboxState).toBe('some');
    expect(table.now().listSelection()).toMatchObject({ excludedIds: ['a', 'c'] });
    expect(table.now().countIsEstimate).toBe(false);
  });

  it('never counts below none', () => {
    const table = server({ total: 1 });
    act(() => table.now().selectAllMatching());
    table.click('a', { toggle: true });
    table.click('b', { toggle: true });
    expect(table.now().selectedCount).toBe(0);
  });

  it('a plain click selects that row alone', () => {
    const table = server();
    act(() => table.now().selectAllMatching());
    table.click('b');
    expect(table.now().allMatching).toBe(false);
    expect(table.now().selectedCount).toBe(1);
    expect(table.now().selectedRows).toEqual([row('b')]);
  });

  it('the header checkbox ends it', () => {
    const table = server();
    act(() => table.now().selectAllMatching());
    table.header();
    expect(table.now().allMatching).toBe(false);
    expect(table.now().selectedCount).toBe(0);
  });

  it('belongs to its query: another search or filter ends it, another sort does not', () => {
    const table = server();
    act(() => table.now().selectAllMatching());
    table.change({ query: { ...QUERY, sort: { id: 'name', desc: true } } });
    expect(table.now().allMatching).toBe(true);
    table.change({ query: { ...QUERY, filters: { name: { kind: 'text', text: 'x' } } } });
    expect(table.now().allMatching).toBe(false);
    expect(table.now().selectedCount).toBe(0);
    expect(table.now().banner).toBeNull();
  });

  it('ends when the table leaves server mode', () => {
    const table = server();
    act(() => table.now().selectAllMatching());
    table.change({ mode: 'client', displayedIds: () => ['a'], rowById: row });
    expect(table.now().allMatching).toBe(false);
    expect(table.now().selectedCount).toBe(0);
  });
});
