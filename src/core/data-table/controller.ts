/**
 * The data table's controller (ra-core's useListController, for this table): it composes the
 * hooks that each own one part and can be tested alone, and answers what the view reads through
 * DataTableContext (SPEC §3's context fields and the view state).
 *
 *   useTableColumns   columns and actions the user may see (SPEC §6)
 *   useListParams     search, filter row, sort, page (the URL) and page size (localStorage)
 *   useClientData     client mode's list: the caller's fetch, first page at once (SPEC §7);
 *     useSourceTotal    a list its source says is too large is never asked whole
 *   useTableRows      the page both modes render, counts and totals, refresh:
 *     useServerPage     server mode's page from the ListSource (cached, previous rows kept)
 *     useClientRows     client mode's search, filters, sort and page over every row
 *   useSelection      selection by id; server mode's 'all matching'
 *   useTableModal     the modal (SPEC §4)
 *   useTableExport    CSV of the displayed or matching rows (SPEC §7)
 *   useBulkAction     confirm → run → result of a bulk action
 *
 * Two modes, one table (issue 16): client mode while the whole list is in the browser; server
 * mode when a ListSource is given and the list does not fit (or no fetchData is given at all).
 */
import { useCallback, useMemo } from 'react';
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import type { PageSize } from '@/core/storage';
import { useSelectedOrgId } from '@/core/org/context';
import { orgQueryKey } from '@/core/query';
import { tableFeatureSet, type TableRow } from './columns';
import type { ListSource } from './list-source';
import { useBulkAction } from './use-bulk-action';
import { useClientData } from './use-client-data';
import { columnFiltersOf, sortingOf, useRowId } from './use-client-rows';
import { isNarrowed } from './list-params';
import { useListParams } from './use-list-params';
import { useSourceTotal } from './use-server-page';
import { useSelection } from './use-selection';
import { useTableColumns } from './use-table-columns';
import { useTableExport } from './use-table-export';
import { useTableModal } from './use-table-modal';
import { useTableRefresh, useTableRows, type TableMode } from './use-table-rows';
import {
  ActionKind,
  type BulkActionSetting,
  type ColumnSetting,
  type ColumnSettings,
  type FetchData,
  type TableQuery,
  type RowAction,
  type RowRecord,
} from './types';

export { BadDataError, toTableData } from './table-data';
export type { RowClickModifiers } from './use-selection';
export type { TableMode, TableTotals } from './use-table-rows';

/**
 * Server mode: typed text waits this long before a query. Short: the rows must follow the keys
 * (issue 16: p95 ≤ 150 ms from keystroke to rows at a million rows); answers are cached and a
 * superseded one is cancelled, so a fast typist costs little. Client mode filters at once.
 */
export const SERVER_TEXT_DEBOUNCE_MS = 50;

export interface DataTableOptions<T extends RowRecord, TEditor = unknown> {
  columnSettings: ColumnSettings<T>;
  /**
   * An entity's list query (client mode): the rows come from (and stay in) its cache entry,
   * shared with the list's other readers.
   */
  query?: TableQuery<T>;
  /** Loads the whole list (client mode); keyed by queryKey plus the org id. */
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
  /** A stable id per row; row.id, else the index (server mode needs a real id). */
  getRowId?: (row: T, index: number) => string;
  /** Rows can be selected (default true). */
  selectable?: boolean;
  /**
   * Issue 16: the server list behind query or fetchData. Server mode takes over when the whole
   * list's first answer shows it will not fit, or from the start when neither is given.
   */
  source?: ListSource<T>;
  /** Bulk actions on the selection or on every matching row (run by source.bulk[id]). */
  bulkActions?: ReadonlyArray<BulkActionSetting>;
  /**
   * A page with several tables gives each a key: its search, filters, sort and page live in the
   * URL under that prefix (`links.page=2`), so the tables do not share them.
   */
  urlKey?: string;
}

export interface DataTablePagination {
  /** 1-based, as in the URL. */
  page: number;
  pageCount: number;
  pageSize: PageSize;
  /** Rows after search and filters (server mode: the query's total). */
  rowCount: number;
  setPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
}

/** A query key with a stable identity while its content stays (screens often pass it inline). */
function useStableKey(key: QueryKey): QueryKey {
  const hash = hashKey(key);
  // The hash stands for the key: a new array with the same content keeps the first identity.
  return useMemo(() => key, [hash]);
}

export function useDataTableController<T extends RowRecord, TEditor = unknown>(
  options: DataTableOptions<T, TEditor>,
) {
  const {
    columnSettings,
    query: listQuery,
    fetchData,
    rows: givenRows,
    enabled = true,
    refreshTrigger = null,
  } = options;
  const { actions, editorSettings, getRowId, selectable = true, source, bulkActions } = options;
  const orgId = useSelectedOrgId();
  // SPEC §4: keyed by a query key plus the selected organisation id (an entity's list query
  // carries both; its server pages are keyed under it, so the entity's changes refetch them).
  const listKey = useStableKey(
    listQuery?.queryKey ?? options.queryKey ?? ['data-table', columnSettings.entity],
  );
  const clientKey = useMemo(
    () => (listQuery ? listKey : orgQueryKey(orgId, ...listKey)),
    [listQuery, orgId, listKey],
  );

  const cols = useTableColumns(columnSettings, actions, bulkActions, source);
  const list = useListParams({
    columns: cols.columns as ReadonlyArray<ColumnSetting<never>>,
    initialSort: cols.defaultSort,
    debounceMs: SERVER_TEXT_DEBOUNCE_MS,
    urlKey: options.urlKey,
  });
  // The page a source is asked for (server mode, and the first page while the list loads).
  const pageParams = useMemo(
    () => ({ ...list.committed.query, page: list.committed.page, pageSize: list.pageSize }),
    [list.committed, list.pageSize],
  );
  const client = useClientData<T>({
    listQuery,
    fetchData,
    queryKey: clientKey,
    orgId,
    rows: givenRows,
    enabled,
    sourceTotal: useSourceTotal({ source, listKey, orgId, params: pageParams }),
  });
  const mode: TableMode =
    source && givenRows === undefined && ((!fetchData && !listQuery) || client.tableData.tooLarge)
      ? 'server'
      : 'client';
  const isServer = mode === 'server';

  const rowId = useRowId(getRowId);
  const view = useTableRows<T>({
    mode,
    client,
    list,
    pageParams,
    cols,
    source,
    enabled,
    orgId,
    listKey,
    rowId,
  });
  const { clientRows, server, data, pageData, rowCount, pageCount, page, totals, rowsMode } = view;
  const serverRows = rowsMode === 'server';
  const { isLoading, isFetching, isError, failures } = view;
  const table = useTable({
    features: tableFeatureSet,
    columns: cols.columnDefs,
    data: pageData,
    getRowId: serverRows ? rowId : clientRows.pageRowId,
    state: { sorting: sortingOf(list.query), columnFilters: columnFiltersOf(list.query) },
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
  });
  const pageRows = table.getRowModel().rows as TableRow<T>[];
  const refresh = useTableRefresh(clientKey, listKey, refreshTrigger);
  const { setPage } = list;

  // --- selection, modal, ribbon state ---------------------------------------------------------
  const rowById = useCallback((id: string) => clientRows.index.rowById(id), [clientRows.index]);
  const selection = useSelection<T>({
    mode: rowsMode,
    selectable,
    displayedIds: clientRows.displayedIds,
    displayedKey: clientRows.displayed,
    pageRows,
    rowById,
    query: list.committed.query,
    total: rowCount,
    totalIsEstimate: totals.isEstimate,
  });
  const { modal, modalRows, openModal, closeModal } = useTableModal<T>();
  const { selectedRows } = selection;
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

  // --- export and bulk actions ----------------------------------------------------------------
  const exporter = useTableExport<T>({
    mode: rowsMode,
    columnSettings,
    columns: cols.columns,
    displayedRows: clientRows.displayedRows,
    source,
    rowId,
    // What the inputs show, typed a moment ago or not.
    query: list.query,
    total: rowCount,
    totalIsEstimate: totals.isEstimate,
  });
  const { exportSelection } = exporter;
  const { listSelection, clearSelection } = selection;
  const exportSelected = useCallback(() => {
    if (serverRows) {
      exportSelection(listSelection());
      return;
    }
    const chosen = listSelection();
    const ids = clientRows.displayedIds();
    const picked = new Set(chosen.kind === 'ids' ? chosen.ids : []);
    const rows = clientRows.displayedRows().filter((_, index) => picked.has(ids[index] ?? ''));
    exportSelection({ kind: 'ids', ids: [...picked], rows });
  }, [serverRows, exportSelection, listSelection, clientRows]);
  const bulk = useBulkAction<T>({
    source,
    listSelection,
    afterRun: (answered) => {
      if (answered) clearSelection();
      void refresh();
    },
  });

  // Issue 17: a list with no record at all is one empty state (no search box that can find
  // nothing, no filter row); a search or filter that matches nothing keeps its controls and can
  // be cleared.
  const settled = !isLoading && !isError && !totals.loadingMore;
  const hasQuery = isNarrowed(list.query);
  const knownEmpty = totals.listTotal?.total === 0 && !totals.listTotal.isEstimate;
  const isListEmpty = settled && (knownEmpty || (rowCount === 0 && !hasQuery));
  const isNoMatch = settled && !isListEmpty && rowCount === 0 && hasQuery;

  const pagination: DataTablePagination = useMemo(
    () => ({
      page,
      pageCount,
      pageSize: list.pageSize,
      rowCount,
      setPage,
      setPageSize: list.setPageSize,
    }),
    [page, pageCount, list.pageSize, rowCount, setPage, list.setPageSize],
  );

  return {
    table,
    mode,
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
    /** While loading: the failed attempts so far, the query retrying them (SPEC §9). */
    failures,
    /** The list has no record at all (not a search or filter matching nothing). */
    isListEmpty,
    /** A search or filter matches no record of a list that has some. */
    isNoMatch,
    /** Takes the search and the filters away. */
    clearQuery: list.clearQuery,
    /** Client mode: every row in the browser; server mode: the rows of this page. */
    rows: serverRows ? (server.rows as T[]) : data,
    fetched: serverRows ? server.rows.length : client.tableData.fetched,
    totalAvailable: totals.total,
    totals,
    /** Server mode: the message of a failed query, shown above the last good rows. */
    errorMessage: isServer ? server.errorMessage : null,
    columnSettings,
    editorSettings,
    pagination,
    refresh,
    isRowSelectMode: selection.isRowSelectMode,
    toggleRowSelectMode: selection.toggleRowSelectMode,
    // view state
    columns: cols.columns,
    ribbonActions: cols.ribbonActions,
    inlineActions: cols.inlineActions,
    // Both modes: one request for the selection (client mode: its ids; server mode: ids across
    // pages or every matching row), with the count before it runs and what it did after.
    bulkActions: cols.bulkActions,
    ribbonActionState,
    /** The inputs' text and values (the URL's; client mode applies them at once). */
    search: list.query.search,
    filters: list.query.filters,
    /** Changes when the URL changed under the inputs (back, forward, a link). */
    inputGeneration: list.generation,
    setSearch: list.setSearch,
    sorting: sortingOf(list.query),
    columnFilters: columnFiltersOf(list.query),
    /** A column's filter: null removes it; select-like filters apply at once (immediate). */
    setColumnFilter: list.setFilter,
    toggleSort: list.toggleSort,
    pageRows,
    selectable,
    selection: selection.selection,
    selectedRows,
    selectedCount: selection.selectedCount,
    selectionIsEstimate: selection.countIsEstimate,
    selectionBanner: selection.banner,
    selectAllMatching: selection.selectAllMatching,
    listSelection,
    headerCheckboxState: selection.headerCheckboxState,
    onHeaderCheckbox: selection.onHeaderCheckbox,
    onRowClick: selection.onRowClick,
    clearSelection,
    buildCsv: exporter.buildCsv,
    exportCsv: exporter.exportCsv,
    exportSelected,
    exportState: exporter.exportState,
    cancelExport: exporter.cancelExport,
    dismissExportError: exporter.dismissExportError,
    bulkState: bulk.bulkState,
    startBulk: bulk.startBulk,
    confirmBulk: bulk.confirmBulk,
    closeBulk: bulk.closeBulk,
  };
}

export type DataTableController<T extends RowRecord = RowRecord, TEditor = unknown> = ReturnType<
  typeof useDataTableController<T, TEditor>
>;
