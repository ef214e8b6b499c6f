/**
 * Row selection (SPEC §4; pure rules in selection.ts), in both modes (issue 16):
 *
 * - client mode: ids over the whole list; the header checkbox toggles every displayed row;
 * - server mode: ids kept across pages and filters, with each row as it was seen (a row of
 *   another page is not in the browser); the header checkbox toggles the page, and once the page
 *   is all selected the banner offers every row matching the query ('all matching', minus rows
 *   unticked afterwards), and the way back. 'All matching' belongs to its query: a new search or
 *   filter ends it.
 *
 * What a bulk action receives is listSelection(): ids with their rows, or the query.
 */
import { useCallback, useMemo, useState } from 'react';
import { sameMatch, type ListQuery } from './list-params';
import type { ListSelection } from './list-source';
import {
  headerCheckboxState,
  nextSelection,
  toggleAll,
  type HeaderCheckboxState,
  type SelectionState,
} from './selection';
import type { RowRecord } from './types';
import { useLatest } from './use-latest';

export interface RowClickModifiers {
  /** Checkbox, first cell: toggle the row and keep the rest. */
  toggle?: boolean;
  ctrl?: boolean;
  shift?: boolean;
}

type Model<T> =
  | { kind: 'ids'; selected: SelectionState; rows: ReadonlyMap<string, T>; anchor: string | null }
  | { kind: 'matching'; query: ListQuery; excluded: SelectionState };

const NONE = { kind: 'ids', selected: {}, rows: new Map(), anchor: null } as const;

/** What the banner above the rows says (server mode). */
export type SelectionBanner =
  | { kind: 'page'; onPage: number; total: number; isEstimate: boolean }
  | { kind: 'matching'; count: number; isEstimate: boolean }
  | { kind: 'other-pages'; count: number; elsewhere: number }
  | null;

export interface SelectionOptions<T> {
  mode: 'client' | 'server';
  selectable: boolean;
  /** Client: every displayed row's id in order (read on demand). */
  displayedIds: () => readonly string[];
  /** Changes whenever the displayed rows do (client: the displayed order). */
  displayedKey: unknown;
  /** The rows on screen, with their ids. */
  pageRows: ReadonlyArray<{ id: string; original: T }>;
  /** Client: any row of the list by id. */
  rowById: (id: string) => T | undefined;
  /** The committed query (server mode's 'all matching' is for it). */
  query: ListQuery;
  /** Rows matching the query. */
  total: number;
  totalIsEstimate: boolean;
}

export function useSelection<T extends RowRecord>({
  mode,
  selectable,
  displayedIds,
  displayedKey,
  pageRows,
  rowById,
  query,
  total,
  totalIsEstimate,
}: SelectionOptions<T>) {
  const [stored, setModel] = useState<Model<T>>(NONE);
  // 'All matching' of an earlier query is no selection.
  const model: Model<T> =
    stored.kind === 'matching' && (mode !== 'server' || !sameMatch(stored.query, query))
      ? NONE
      : stored;
  const [isRowSelectMode, setRowSelectMode] = useState(false);
  const latest = useLatest({ model, pageRows, mode });

  const pageIds = useMemo(() => pageRows.map((row) => row.id), [pageRows]);
  const server = mode === 'server';

  const onRowClick = useCallback(
    (id: string, modifiers: RowClickModifiers) => {
      if (!selectable) return;
      const { model: current, pageRows: rows, mode: now } = latest.current;
      const click = {
        id,
        toggle: Boolean(modifiers.toggle) || isRowSelectMode,
        ctrl: Boolean(modifiers.ctrl),
        shift: Boolean(modifiers.shift),
      };
      if (current.kind === 'matching') {
        const { [id]: wasExcluded, ...rest } = current.excluded;
        if (click.toggle || click.ctrl || click.shift) {
          setModel({ ...current, excluded: wasExcluded ? rest : { ...rest, [id]: true } });
          return;
        }
      }
      // Stryker disable next-line ConditionalExpression: a click here in 'matching' mode is a plain one, which selects its row alone whatever came before
      const previous = current.kind === 'ids' ? current : NONE;
      const ids = now === 'server' ? () => rows.map((row) => row.id) : displayedIds;
      const next = nextSelection(previous.selected, previous.anchor, click, ids);
      setModel({
        kind: 'ids',
        selected: next.selection,
        anchor: next.anchor,
        rows: keepRows(next.selection, previous.rows, rows),
      });
    },
    [selectable, isRowSelectMode, displayedIds],
  );

  const selection: SelectionState = useMemo(() => {
    if (model.kind === 'ids') return model.selected;
    const onPage: Record<string, true> = {};
    for (const id of pageIds) if (!model.excluded[id]) onPage[id] = true;
    return onPage;
  }, [model, pageIds]);

  const headerState: HeaderCheckboxState = useMemo(() => {
    // A shortcut: with nothing picked, 'none' without walking every displayed id (100,000 rows).
    // Stryker disable next-line ConditionalExpression,StringLiteral: headerCheckboxState answers 'none' for an empty selection too, only slower
    if (model.kind === 'ids' && Object.keys(model.selected).length === 0) return 'none';
    return headerCheckboxState(selection, server ? pageIds : displayedIds());
    // displayedKey: displayedIds() reads the rows that displayedKey stands for.
  }, [model, selection, server, pageIds, displayedIds, displayedKey]);

  const onHeaderCheckbox = useCallback(() => {
    const { model: current, pageRows: rows, mode: now } = latest.current;
    if (now !== 'server') {
      setModel({
        kind: 'ids',
        selected: toggleAll(headerState, displayedIds()),
        rows: new Map(),
        anchor: null,
      });
      return;
    }
    if (current.kind === 'matching') {
      setModel(NONE);
      return;
    }
    // The page's rows join the selection, or leave it.
    const onPage = new Set(rows.map((row) => row.id));
    const selected: Record<string, true> = {};
    for (const id of Object.keys(current.selected)) if (!onPage.has(id)) selected[id] = true;
    if (headerState === 'none') for (const id of onPage) selected[id] = true;
    setModel({ kind: 'ids', selected, rows: keepRows(selected, current.rows, rows), anchor: null });
  }, [headerState, displayedIds]);

  // Stryker disable next-line ArrayDeclaration: a constant list either way (setModel is stable)
  const clearSelection = useCallback(() => setModel(NONE), []);
  const selectAllMatching = useCallback(
    () => setModel({ kind: 'matching', query, excluded: {} }),
    [query],
  );
  // Stryker disable next-line ArrayDeclaration: a constant list either way (the setter is stable)
  const toggleRowSelectMode = useCallback(() => setRowSelectMode((value) => !value), []);

  const selectedRows: T[] = useMemo(() => {
    if (model.kind !== 'ids') return [];
    const onPage = new Map(pageRows.map((row) => [row.id, row.original]));
    return Object.keys(model.selected)
      .map((id) => (server ? (onPage.get(id) ?? model.rows.get(id)) : rowById(id)))
      .filter((row): row is T => row !== undefined);
  }, [model, pageRows, server, rowById]);

  const excludedCount = model.kind === 'matching' ? Object.keys(model.excluded).length : 0;
  const selectedCount =
    model.kind === 'matching'
      ? Math.max(0, total - excludedCount)
      : Object.keys(model.selected).length;
  const countIsEstimate = model.kind === 'matching' && totalIsEstimate;

  const listSelection = useCallback((): ListSelection<T> => {
    if (model.kind === 'matching') {
      return {
        kind: 'matching',
        query: model.query,
        excludedIds: Object.keys(model.excluded),
        count: selectedCount,
        countIsEstimate,
      };
    }
    return { kind: 'ids', ids: Object.keys(model.selected), rows: selectedRows };
  }, [model, selectedCount, countIsEstimate, selectedRows]);

  let banner: SelectionBanner = null;
  if (server && selectable) {
    const onPage = pageIds.filter((id) => selection[id]).length;
    if (model.kind === 'matching')
      banner = { kind: 'matching', count: selectedCount, isEstimate: countIsEstimate };
    else if (headerState === 'all' && total > pageIds.length && selectedCount === onPage) {
      banner = { kind: 'page', onPage, total, isEstimate: totalIsEstimate };
    } else if (selectedCount > onPage) {
      banner = { kind: 'other-pages', count: selectedCount, elsewhere: selectedCount - onPage };
    }
  }

  return {
    selection,
    isSelected: (id: string) => selection[id] === true,
    selectedRows,
    selectedCount,
    countIsEstimate,
    allMatching: model.kind === 'matching',
    headerCheckboxState: headerState,
    onHeaderCheckbox,
    onRowClick,
    clearSelection,
    selectAllMatching,
    listSelection,
    banner,
    isRowSelectMode,
    toggleRowSelectMode,
  };
}

/** The rows of the selected ids: the ones already kept, and the ones on this page. */
function keepRows<T>(
  selected: SelectionState,
  kept: ReadonlyMap<string, T>,
  pageRows: ReadonlyArray<{ id: string; original: T }>,
): ReadonlyMap<string, T> {
  const rows = new Map<string, T>();
  const onPage = new Map(pageRows.map((row) => [row.id, row.original]));
  for (const id of Object.keys(selected)) {
    const row = onPage.get(id) ?? kept.get(id);
    // Stryker disable next-line ConditionalExpression: an id kept without its row reads as undefined either way, and selectedRows leaves it out
    if (row !== undefined) rows.set(id, row);
  }
  return rows;
}
