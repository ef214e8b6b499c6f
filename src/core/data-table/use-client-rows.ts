/**
 * Client mode's processing: search, filter row and sort over every row in the browser through
 * RowIndex (keys computed once, orders cached), and the current page as a slice. The search text
 * and sort keys are built while the user is idle, so the first keystroke and the first sort of a
 * column are as quick as the later ones.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import { onIdle } from '@/core/lazy';
import type { FilterValues } from './filter-values';
import type { ListQuery } from './list-params';
import { RowIndex } from './row-index';
import type { ColumnSetting, RowRecord } from './types';
import { useLatest } from './use-latest';

/**
 * Runs step() in idle slices until it returns false; returns the cancel function.
 * Warming only prepares RowIndex's keys ahead of use: a key not warmed yet is computed when first
 * asked for, so the mutants below change when that work happens, never what is shown.
 */
// Stryker disable ConditionalExpression,EqualityOperator,BooleanLiteral: timing only (above)
function warmInIdleTime(step: () => boolean): () => void {
  let cancelled = false;
  let cancelSlice: () => void;
  const run = (deadline?: IdleDeadline) => {
    const until = performance.now() + 8;
    let more = true;
    while (more && (deadline ? deadline.timeRemaining() > 1 : performance.now() < until)) {
      more = step();
    }
    // Cancelled during this slice (a step's work unmounted the table): no next slice.
    if (more && !cancelled) schedule();
  };
  const schedule = () => (cancelSlice = onIdle(run, { timeout: 2000, fallbackDelay: 50 }));
  schedule();
  return () => {
    cancelled = true;
    cancelSlice();
  };
}
// Stryker restore ConditionalExpression,EqualityOperator,BooleanLiteral

const defaultRowId = (row: RowRecord, index: number): string => {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
};

/** getRowId as given, else row.id, else the position. */
export function useRowId<T extends RowRecord>(
  getRowId: ((row: T, index: number) => string) | undefined,
) {
  // Screens often pass getRowId inline: read the latest through a ref, so that a new function
  // each render does not rebuild the index of 50,000 rows.
  const ref = useLatest(getRowId);
  return useCallback(
    (row: T, position: number) => {
      const custom = ref.current;
      return custom ? custom(row, position) : defaultRowId(row, position);
    },
    // Stryker disable next-line ArrayDeclaration: the ref never changes, so no list and [ref] are alike
    [ref],
  );
}

/** The list state as TanStack's sorting and column-filter state. */
export const sortingOf = (query: ListQuery): SortingState => (query.sort ? [query.sort] : []);
export const columnFiltersOf = (query: Pick<ListQuery, 'filters'>): ColumnFiltersState =>
  Object.entries(query.filters).map(([id, value]) => ({ id, value }));

export function useClientRows<T extends RowRecord>({
  data,
  columns,
  rowId,
  query,
  page,
  pageSize,
  settled,
}: {
  data: readonly T[];
  columns: ReadonlyArray<ColumnSetting<T>>;
  rowId: (row: T, position: number) => string;
  /** The live query: typed text applies at once. */
  query: ListQuery;
  /** 1-based, as asked for (the URL). */
  page: number;
  pageSize: number;
  /** The rows are all there: a page beyond the last shows the last (SPEC §2). */
  settled: boolean;
}) {
  const index = useMemo(() => new RowIndex(data, columns, rowId), [data, columns, rowId]);
  // Stryker disable next-line ArrayDeclaration: timing only (warmInIdleTime): an index not warmed computes its keys when asked
  useEffect(() => warmInIdleTime(() => index.warmStep()), [index]);
  // By content: the same sort and filters read afresh from the URL do not filter again.
  const sortId = query.sort?.id;
  const sortDesc = query.sort?.desc;
  const sorting: SortingState = useMemo(
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: RowIndex keeps the rows' order for a sort by no column, as for none
    () => (sortId === undefined ? [] : [{ id: sortId, desc: Boolean(sortDesc) }]),
    [sortId, sortDesc],
  );
  const filtersKey = JSON.stringify(query.filters);
  const filters: ColumnFiltersState = useMemo(
    () => columnFiltersOf({ filters: JSON.parse(filtersKey) as FilterValues }),
    [filtersKey],
  );
  const displayed = useMemo(
    () => index.displayed(sorting, query.search, filters),
    [index, sorting, query.search, filters],
  );
  const pageCount = Math.max(1, Math.ceil(displayed.length / pageSize));
  const shownPage = settled ? Math.min(page, pageCount) : page;
  const pagePositions = useMemo(
    () => displayed.subarray((shownPage - 1) * pageSize, shownPage * pageSize),
    [displayed, shownPage, pageSize],
  );
  const pageData = useMemo(
    () => Array.from(pagePositions, (position) => index.rows[position] as T),
    [pagePositions, index],
  );
  const pageRowId = useCallback(
    // TanStack asks for the ids of the page's rows only.
    (_row: T, indexInPage: number) => index.idAt(pagePositions[indexInPage] as number),
    [index, pagePositions],
  );
  // Ids and rows in displayed order, read on demand (selection ranges, export): a ref, so that
  // the callbacks stay stable while the user types.
  const current = useLatest({ index, displayed });
  const displayedIds = useCallback(() => {
    const { index: rows, displayed: order } = current.current;
    return Array.from(order, (position) => rows.idAt(position));
    // Stryker disable next-line ArrayDeclaration: a constant list either way: the callback reads a ref
  }, []);
  const displayedRows = useCallback(() => {
    const { index: rows, displayed: order } = current.current;
    return Array.from(order, (position) => rows.rows[position] as T);
    // Stryker disable next-line ArrayDeclaration: a constant list either way: the callback reads a ref
  }, []);
  return {
    index,
    displayed,
    rowCount: displayed.length,
    pageCount,
    shownPage,
    pageData,
    pageRowId,
    displayedIds,
    displayedRows,
  };
}
