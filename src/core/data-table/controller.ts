/**
 * The data table's logic (ra-core style controller): data loading, permissions, column defs,
 * search, filters, sorting, the page in the URL, the stored page size, selection, the modal and
 * refresh. The view reads it through DataTableContext.
 */
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  functionalUpdate,
  useTable,
  type ColumnFiltersState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useSelectedOrgId } from '@/core/org/context';
import { orgQueryKey } from '@/core/query';
import { hasAccess, usePermissionGrants } from '@/core/permissions';
import type { TableData } from '@/contract/envelope';
import { buildColumnDefs, tableFeatureSet, type TableRow } from './columns';
import { csvFileName, downloadCsv, recordsToCsvText, toCsvText } from './csv';
import { usePageSize } from '@/core/storage/page-size';
import type { PageSize } from '@/core/storage';
import { RowIndex } from './row-index';
import { readPageParam, withPageParam } from './pagination';
import {
  headerCheckboxState,
  nextSelection,
  toggleAll,
  type HeaderCheckboxState,
  type SelectionState,
} from './selection';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  type ColumnSettings,
  type FetchData,
  type FetchResult,
  type ModalState,
  type TableQuery,
  type RowAction,
  type RowRecord,
} from './types';
import { cellText } from './values';

/** SPEC §8: table data that is not an array is logged as 'Bad data' and shown as the error. */
export class BadDataError extends Error {
  constructor() {
    super('Bad data');
    this.name = 'BadDataError';
  }
}

const EMPTY_ROWS: never[] = [];
const EMPTY_TABLE_DATA: TableData<never> = { tableData: EMPTY_ROWS, fetched: 0, totalAvailable: 0 };

/**
 * What a caller-supplied fetch answered, as table data: nothing → empty rows, 0 fetched, 0 total
 * (SPEC §7); a plain list → that list; table data whose tableData is not an array → Bad data.
 */
export function toTableData<T>(result: FetchResult<T> | unknown): TableData<T> {
  if (result === null || result === undefined) return EMPTY_TABLE_DATA;
  if (Array.isArray(result)) {
    return { tableData: result as T[], fetched: result.length, totalAvailable: result.length };
  }
  const data = result as Partial<TableData<T>>;
  if (typeof result !== 'object' || !Array.isArray(data.tableData)) {
    console.error('Bad data', result);
    throw new BadDataError();
  }
  return {
    tableData: data.tableData,
    fetched: data.fetched ?? data.tableData.length,
    totalAvailable: data.totalAvailable ?? data.tableData.length,
  };
}

export interface DataTableOptions<T extends RowRecord, TEditor = unknown> {
  columnSettings: ColumnSettings<T>;
  /** An entity's list query: the rows come from (and stay in) its cache entry. */
  query?: TableQuery<T>;
  /** Loads the rows (through the caller's API hook); keyed by queryKey plus the org id. */
  fetchData?: FetchData<T>;
  queryKey?: QueryKey;
  /** Rows already at hand, instead of fetchData. */
  rows?: readonly T[];
  /** false: the query does not run (SPEC §4: the query can be disabled). */
  enabled?: boolean;
  /** SPEC §4: a refresh happens whenever this changes from its null start. */
  refreshTrigger?: unknown;
  actions?: ReadonlyArray<RowAction<T>>;
  editorSettings?: TEditor;
  /** A stable id per row; row.id, else the index. */
  getRowId?: (row: T, index: number) => string;
  /** Rows can be selected (default true). */
  selectable?: boolean;
}

export interface RowClickModifiers {
  /** Checkbox, first cell: toggle the row and keep the rest. */
  toggle?: boolean;
  ctrl?: boolean;
  shift?: boolean;
}

export interface DataTablePagination {
  /** 1-based, as in the URL. */
  page: number;
  pageCount: number;
  pageSize: PageSize;
  /** Rows after search and filters. */
  rowCount: number;
  setPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
}

/** Runs step() in idle slices until it returns false; returns the cancel function. */
function warmInIdleTime(step: () => boolean): () => void {
  let cancelled = false;
  let handle: number | undefined;
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const run = (deadline?: IdleDeadline) => {
    if (cancelled) return;
    const until = performance.now() + 8;
    let more = true;
    while (more && (deadline ? deadline.timeRemaining() > 1 : performance.now() < until)) {
      more = step();
    }
    if (more) schedule();
  };
  const schedule = () => {
    handle = hasIdle
      ? window.requestIdleCallback(run, { timeout: 2000 })
      : window.setTimeout(run, 50);
  };
  schedule();
  return () => {
    cancelled = true;
    if (handle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

const defaultRowId = (row: RowRecord, index: number): string => {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
};

export function useDataTableController<T extends RowRecord, TEditor = unknown>(
  options: DataTableOptions<T, TEditor>,
) {
  const {
    columnSettings,
    query: listQuery,
    fetchData,
    queryKey,
    rows: givenRows,
    enabled = true,
    refreshTrigger = null,
    actions,
    editorSettings,
    getRowId,
    selectable = true,
  } = options;

  // --- data -----------------------------------------------------------------------------------
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  // SPEC §4: keyed by a query key plus the selected organisation id (an entity's list query
  // carries both).
  const fullKey: QueryKey =
    listQuery?.queryKey ??
    orgQueryKey(orgId, ...(queryKey ?? ['data-table', columnSettings.entity]));
  const keyRef = useRef(fullKey);
  useLayoutEffect(() => {
    keyRef.current = fullKey;
  });
  // Bad data will not get better by asking again; otherwise the app's retry policy applies.
  const retry = (count: number, error: Error) => {
    if (error instanceof BadDataError) return false;
    const policy = queryClient.getDefaultOptions().queries?.retry ?? 3;
    if (typeof policy === 'function') return policy(count, error);
    return typeof policy === 'boolean' ? policy : count < policy;
  };
  const query = useQuery<FetchResult<T>, Error, TableData<T>>(
    listQuery
      ? {
          queryKey: fullKey,
          queryFn: listQuery.queryFn,
          enabled: listQuery.enabled !== false && enabled && givenRows === undefined,
          // The cache holds the entity's list as it is; the table reads it as table data.
          select: toTableData,
          retry,
        }
      : {
          queryKey: fullKey,
          queryFn: async ({ signal }) =>
            toTableData<T>(fetchData ? await fetchData({ orgId, signal }) : null),
          enabled: Boolean(fetchData) && enabled && givenRows === undefined,
          retry,
        },
  );

  const givenIsBad = givenRows !== undefined && !Array.isArray(givenRows);
  useEffect(() => {
    if (givenIsBad) console.error('Bad data', givenRows);
  }, [givenIsBad, givenRows]);

  const tableData: TableData<T> =
    givenRows !== undefined
      ? givenIsBad
        ? EMPTY_TABLE_DATA
        : {
            tableData: givenRows as T[],
            fetched: givenRows.length,
            totalAvailable: givenRows.length,
          }
      : (query.data ?? EMPTY_TABLE_DATA);
  const data = tableData.tableData;
  const isLoading = givenRows === undefined && query.isLoading;
  const isFetching = givenRows === undefined && query.isFetching;
  const isError = givenIsBad || (givenRows === undefined && query.isError);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: keyRef.current }),
    [queryClient],
  );
  // SPEC §4: refresh when the trigger changes from its null start.
  const lastTrigger = useRef<unknown>(refreshTrigger);
  useEffect(() => {
    if (refreshTrigger !== lastTrigger.current) {
      lastTrigger.current = refreshTrigger;
      if (refreshTrigger !== null) void refresh();
    }
  }, [refreshTrigger, refresh]);

  // --- columns and actions (SPEC §6) ------------------------------------------------------------
  const grants = usePermissionGrants();
  const columns = useMemo(
    () =>
      columnSettings.columns.filter(
        (column) => column.isVisible !== false && hasAccess(column.permissions, grants),
      ),
    [columnSettings, grants],
  );
  const columnDefs = useMemo(() => buildColumnDefs(columns), [columns]);
  const permittedActions = useMemo(
    () =>
      (actions ?? []).filter(
        (action) => action.isVisible !== false && hasAccess(action.permissions, grants),
      ),
    [actions, grants],
  );
  const ribbonActions = useMemo(
    () => permittedActions.filter((action) => action.display === ActionDisplay.BUTTON),
    [permittedActions],
  );
  const inlineActions = useMemo(
    () => permittedActions.filter((action) => action.display === ActionDisplay.INLINE),
    [permittedActions],
  );

  // --- search, sorting, filters, page, page size ------------------------------------------------
  const [search, setSearchState] = useState('');
  const [params, setParams] = useSearchParams();
  const page = readPageParam(params);
  const [pageSize, storePageSize] = usePageSize();
  const setPage = useCallback(
    (next: number) => {
      setParams((current) => withPageParam(current, next), { replace: true });
    },
    [setParams],
  );
  const setSearch = useCallback(
    (text: string) => {
      // The input updates at once; filtering is a transition that never blocks it.
      startTransition(() => {
        setSearchState(text);
        if (page !== 1) setPage(1);
      });
    },
    [page, setPage],
  );
  const setPageSize = useCallback(
    (size: PageSize) => {
      storePageSize(size);
      setPage(1);
    },
    [storePageSize, setPage],
  );

  const [sorting, setSorting] = useState<SortingState>(() => {
    const column =
      columnSettings.sortIndex === undefined
        ? undefined
        : columnSettings.columns[columnSettings.sortIndex];
    return column && columns.includes(column)
      ? [{ id: column.id, desc: Boolean(columnSettings.isDesc) }]
      : [];
  });
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);

  // Screens often pass getRowId inline: read the latest through a ref, so that a new function
  // each render does not rebuild the index of 50,000 rows.
  const getRowIdRef = useRef(getRowId);
  useLayoutEffect(() => {
    getRowIdRef.current = getRowId;
  });
  const resolveRowId = useCallback((row: T, position: number) => {
    const custom = getRowIdRef.current;
    return custom ? custom(row, position) : defaultRowId(row, position);
  }, []);
  // Keys, orders and ids of every row, computed once per data set (see row-index.ts).
  const index = useMemo(
    () => new RowIndex(data, columns, resolveRowId),
    [data, columns, resolveRowId],
  );
  // Build the search text and sort keys while the user is idle, so that the first keystroke and
  // the first sort of a column are as quick as the later ones.
  useEffect(() => warmInIdleTime(() => index.warmStep()), [index]);
  const displayed = useMemo(
    () => index.displayed(sorting, search, columnFilters),
    [index, sorting, search, columnFilters],
  );
  const rowCount = displayed.length;
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  // SPEC §2: a page beyond the last jumps to the last page. The last page shows at once; the URL
  // follows after the commit (the router ignores navigation during its first layout pass).
  const settled = !isLoading && !isError;
  const shownPage = settled ? Math.min(page, pageCount) : page;
  useEffect(() => {
    if (settled && page > pageCount) setPage(pageCount);
  }, [settled, page, pageCount, setPage]);

  // Only the current page goes to TanStack Table and is rendered.
  const pagePositions = useMemo(
    () => displayed.subarray((shownPage - 1) * pageSize, shownPage * pageSize),
    [displayed, shownPage, pageSize],
  );
  const pageData = useMemo(
    () => Array.from(pagePositions, (position) => index.rows[position] as T),
    [pagePositions, index],
  );
  const pageRowId = useCallback(
    (_row: T, indexInPage: number) => index.idAt(pagePositions[indexInPage] ?? -1),
    [index, pagePositions],
  );
  const table = useTable({
    features: tableFeatureSet,
    columns: columnDefs,
    data: pageData,
    getRowId: pageRowId,
    state: { sorting, columnFilters },
    onSortingChange: (updater: Updater<SortingState>) =>
      setSorting((previous) => functionalUpdate(updater, previous)),
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) =>
      startTransition(() => setColumnFilters((previous) => functionalUpdate(updater, previous))),
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
  });
  const tableRef = useRef(table);
  const displayedRef = useRef({ index, displayed });
  useLayoutEffect(() => {
    tableRef.current = table;
    displayedRef.current = { index, displayed };
  });
  const pageRows = table.getRowModel().rows as TableRow<T>[];

  const setColumnFilter = useCallback(
    (id: string, value: unknown) => {
      tableRef.current.getColumn(id)?.setFilterValue(value);
      // A new filter shows its first page.
      startTransition(() => setPage(1));
    },
    [setPage],
  );
  const toggleSort = useCallback((id: string) => {
    const column = tableRef.current.getColumn(id);
    if (column?.getCanSort()) column.toggleSorting(undefined, false);
  }, []);

  // --- selection (SPEC §4) ---------------------------------------------------------------------
  const [selectionState, setSelectionState] = useState<{
    selection: SelectionState;
    anchor: string | null;
  }>({ selection: {}, anchor: null });
  const [isRowSelectMode, setRowSelectMode] = useState(false);
  const selectModeRef = useRef(isRowSelectMode);
  useLayoutEffect(() => {
    selectModeRef.current = isRowSelectMode;
  });
  /** Ids of the displayed rows (search and filters applied, sorted; every page). */
  const displayedIds = useCallback(() => {
    const current = displayedRef.current;
    return Array.from(current.displayed, (position) => current.index.idAt(position));
  }, []);
  const onRowClick = useCallback(
    (id: string, modifiers: RowClickModifiers) => {
      if (!selectable) return;
      const click = {
        id,
        toggle: Boolean(modifiers.toggle) || selectModeRef.current,
        ctrl: Boolean(modifiers.ctrl),
        shift: Boolean(modifiers.shift),
      };
      setSelectionState((previous) =>
        nextSelection(previous.selection, previous.anchor, click, displayedIds),
      );
    },
    [selectable, displayedIds],
  );
  const selection = selectionState.selection;
  const headerState: HeaderCheckboxState = useMemo(
    () =>
      Object.keys(selection).length === 0
        ? 'none'
        : headerCheckboxState(
            selection,
            Array.from(displayed, (position) => index.idAt(position)),
          ),
    [selection, displayed, index],
  );
  const onHeaderCheckbox = useCallback(() => {
    setSelectionState({ selection: toggleAll(headerState, displayedIds()), anchor: null });
  }, [headerState, displayedIds]);
  const clearSelection = useCallback(() => setSelectionState({ selection: {}, anchor: null }), []);
  const toggleRowSelectMode = useCallback(() => setRowSelectMode((value) => !value), []);

  const selectedRows = useMemo(
    () =>
      Object.keys(selection)
        .map((id) => index.rowById(id))
        .filter((row): row is T => row !== undefined),
    [selection, index],
  );

  // --- modal (SPEC §4) ---------------------------------------------------------------------------
  const [modal, setModal] = useState<ModalState>({
    isOpen: false,
    action: null,
    initialData: null,
  });
  const openModal = useCallback((action: ActionKind, initialData: unknown) => {
    setModal({ isOpen: true, action, initialData });
  }, []);
  // A cell or inline action opens the modal with its row; a ribbon EDIT with the selected row;
  // DELETE and DISABLE with the selected rows. CREATE's initial data is not a row.
  const modalRows = useMemo((): T[] => {
    const data = modal.initialData;
    if (modal.action === ActionKind.CREATE || modal.action === ActionKind.MULTI_CREATE) return [];
    if (Array.isArray(data)) return data as T[];
    return data === null || data === undefined ? [] : [data as T];
  }, [modal]);
  const closeModal = useCallback(() => {
    setModal({ isOpen: false, action: null, initialData: null });
  }, []);

  /** A ribbon action's state and initial data from the selection. */
  const ribbonActionState = useCallback(
    (action: RowAction<T>) => {
      const single = selectedRows.length === 1 ? (selectedRows[0] ?? null) : null;
      let disabled = Boolean(action.isDisabled);
      let initialData: unknown = action.initialData ?? null;
      if (action.action === ActionKind.EDIT) {
        disabled ||= single === null;
        initialData = single;
      } else if (action.action === ActionKind.DELETE || action.action === ActionKind.DISABLE) {
        disabled ||= selectedRows.length === 0;
        initialData = selectedRows;
      }
      disabled ||= action.isDisabledFn?.(single, selectedRows) ?? false;
      const visible = action.isVisibleFn?.(single, selectedRows) ?? true;
      return { disabled, visible, initialData };
    },
    [selectedRows],
  );

  // --- CSV (SPEC §7) -----------------------------------------------------------------------------
  /** The displayed rows (after search, filters and sorting; every page), as CSV text. */
  const buildCsv = useCallback((): string => {
    const current = displayedRef.current;
    const rows = Array.from(current.displayed, (position) => current.index.rows[position] as T);
    if (columnSettings.csvMapperFn) return recordsToCsvText(rows.map(columnSettings.csvMapperFn));
    const csvColumns = columns.filter((column) => column.type !== ColumnType.BUTTON_DROPDOWN);
    return toCsvText(
      csvColumns.map((column) => column.title),
      rows.map((row) => csvColumns.map((column) => cellText(column, row))),
    );
  }, [columnSettings, columns]);
  const exportCsv = useCallback(() => {
    downloadCsv(csvFileName(columnSettings.entity), buildCsv());
  }, [buildCsv, columnSettings.entity]);

  const paginationValue: DataTablePagination = useMemo(
    () => ({ page: shownPage, pageCount, pageSize, rowCount, setPage, setPageSize }),
    [shownPage, pageCount, pageSize, rowCount, setPage, setPageSize],
  );

  return {
    table,
    // SPEC §3 data table context
    isModalOpen: modal.isOpen,
    modalAction: modal.action,
    modalInitialData: modal.initialData,
    modalRows,
    openModal,
    closeModal,
    isLoading,
    isFetching,
    isError,
    rows: data,
    fetched: tableData.fetched,
    totalAvailable: tableData.totalAvailable,
    columnSettings,
    editorSettings,
    pagination: paginationValue,
    refresh,
    isRowSelectMode,
    toggleRowSelectMode,
    // view state
    columns,
    ribbonActions,
    inlineActions,
    ribbonActionState,
    search,
    setSearch,
    sorting,
    columnFilters,
    setColumnFilter,
    toggleSort,
    pageRows,
    selectable,
    selection,
    selectedRows,
    headerCheckboxState: headerState,
    onHeaderCheckbox,
    onRowClick,
    clearSelection,
    buildCsv,
    exportCsv,
  };
}

export type DataTableController<T extends RowRecord = RowRecord, TEditor = unknown> = ReturnType<
  typeof useDataTableController<T, TEditor>
>;
