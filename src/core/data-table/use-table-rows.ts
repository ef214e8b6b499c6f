/**
 * The page both modes render (issue 16): server mode's page from the ListSource, or client
 * mode's search, filters, sort and slice over every row; the counts and totals the header and
 * footer say; and the refresh of both (SPEC §4).
 *
 * First rows at once: until a list is whole in the browser (a thousand rows on a slow network
 * take seconds, and the re-posts more), a table with a source shows the page asked for from the
 * source (one small request, the true total; the whole list is asked only once that total says
 * it can fit, useSourceTotal), then the list's own rows. Rows, selection and export follow the
 * rows on screen (`rowsMode`); the toolbar keeps to the mode.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { EXACT_COUNT_LIMIT } from '@/contract/lists';
import type { ListParams } from './list-params';
import type { ListSource } from './list-source';
import type { RowRecord } from './types';
import type { useClientData } from './use-client-data';
import { useClientRows } from './use-client-rows';
import type { ListParamsState } from './use-list-params';
import { LIST_PAGE_KEY, pageCountOf, useListTotal, useServerPage } from './use-server-page';
import type { useTableColumns } from './use-table-columns';
import { useLatest } from './use-latest';

export type TableMode = 'client' | 'server';

/** How complete the rows in the browser are, for the count, the footer and the notices. */
export interface TableTotals {
  /** The list's true total (client: totalAvailable; server: the query's total). */
  total: number;
  /** Server mode: the total is an estimate ('about N'). */
  isEstimate: boolean;
  /** Client mode: rows in the browser. */
  loaded: number;
  /** Client mode: the SPEC §7 re-posts are still bringing the rows on screen. */
  loadingMore: boolean;
  /** Client mode without a source: the re-posts ended short of the total. */
  incomplete: boolean;
  /** The list's own total for 'Search N records...' (no search, no filters); null until known. */
  listTotal: { total: number; isEstimate: boolean } | null;
}

// Stryker disable next-line ArrayDeclaration: server mode's client rows; the table shows the source's
const EMPTY_ROWS: never[] = [];

export interface TableRowsOptions<T extends RowRecord> {
  mode: TableMode;
  client: ReturnType<typeof useClientData<T>>;
  list: ListParamsState;
  /** The page asked of the source. */
  pageParams: ListParams;
  cols: ReturnType<typeof useTableColumns<T>>;
  source: ListSource<T> | undefined;
  enabled: boolean;
  orgId: number | null;
  listKey: QueryKey;
  rowId: (row: T, index: number) => string;
}

export function useTableRows<T extends RowRecord>(options: TableRowsOptions<T>) {
  const { mode, client, list, pageParams, cols, source, enabled, orgId, listKey, rowId } = options;
  const isServer = mode === 'server';
  // Client mode: the SPEC §7 re-posts are still bringing rows.
  const loadingMore =
    !isServer && client.isFetching && client.tableData.fetched < client.tableData.totalAvailable;
  // The list is not whole yet: its page from the source meanwhile. Until the re-posts end too:
  // the first thousand rows of 5,000 sorted in the browser are not the list's first rows, and
  // the footer would step back from the source's true total to the rows loaded so far.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: in server mode the client list was handed over or never asked (neither loading nor loading more), and the server page asks nothing without a source (use-server-page.ts): each check alone decides the same
  const preview = !isServer && source !== undefined && (client.isLoading || loadingMore);
  // --- server mode ----------------------------------------------------------------------------
  const server = useServerPage<T>({
    enabled: (isServer || preview) && enabled,
    source,
    listKey,
    orgId,
    params: pageParams,
    onPageBeyondLast: list.correctPage,
    prefetch: isServer,
  });
  const showsPreview = preview && server.shownParams !== null && !server.isError;
  const serverRows = isServer || showsPreview;
  const listTotal = useListTotal<T>({
    enabled: isServer && enabled,
    source,
    listKey,
    orgId,
    shown: server.shownParams
      ? { params: server.shownParams, total: server.total, isEstimate: server.totalIsEstimate }
      : null,
    // The list's first answer, when its total is exact: beyond EXACT_COUNT_LIMIT the server
    // estimates it, and the list's own page says so (asked once).
    fallback:
      client.tableData.tooLarge && client.tableData.totalAvailable <= EXACT_COUNT_LIMIT
        ? { total: client.tableData.totalAvailable, isEstimate: false }
        : null,
  });

  // --- client mode ----------------------------------------------------------------------------
  const data = isServer ? EMPTY_ROWS : client.tableData.tableData;
  const clientSettled = !client.isLoading && !client.isError && !loadingMore;
  const clientRows = useClientRows({
    data,
    columns: cols.columns,
    rowId,
    query: list.query,
    page: list.page,
    pageSize: list.pageSize,
    settled: clientSettled,
  });
  // SPEC §2: a page beyond the last jumps to the last page. The last page shows at once; the URL
  // follows after the commit (the router ignores navigation during its first layout pass), in
  // place of the page asked for (Back does not lead to a page that does not exist).
  const { correctPage } = list;
  useEffect(() => {
    // Stryker disable next-line EqualityOperator: on the last page itself, the correction goes to the page already shown
    if (!isServer && clientSettled && list.page > clientRows.pageCount)
      correctPage(clientRows.pageCount);
  }, [isServer, clientSettled, list.page, clientRows.pageCount, correctPage]);

  const pageData = serverRows ? (server.rows as T[]) : clientRows.pageData;

  const rowCount = serverRows ? server.total : clientRows.rowCount;
  const pageCount = serverRows ? pageCountOf(server.total, list.pageSize) : clientRows.pageCount;
  const page = serverRows
    ? server.shownParams
      ? Math.min(list.page, pageCount)
      : list.page
    : clientRows.shownPage;
  const totals: TableTotals = {
    total: serverRows ? server.total : client.tableData.totalAvailable,
    isEstimate: serverRows && server.totalIsEstimate,
    loaded: client.tableData.fetched,
    // Said of the client's own rows only (the source's page says the true total).
    loadingMore: loadingMore && !showsPreview,
    incomplete:
      !isServer && !client.isFetching && client.tableData.fetched < client.tableData.totalAvailable,
    // Unknown until the list has answered (the first page meanwhile is the source's), and after
    // it failed: no count then, never 'Search 0 records...'.
    listTotal: isServer
      ? listTotal
      : client.isLoading || client.isError
        ? null
        : { total: client.tableData.totalAvailable, isEstimate: false },
  };
  const isLoading = isServer
    ? server.isLoading || client.isLoading
    : client.isLoading && !showsPreview;
  const isFetching = isServer ? server.isFetching : client.isFetching;
  const isError = isServer ? server.isError : client.isError;
  // While still loading: how many attempts failed so far (the query retries, SPEC §9).
  const failures = isLoading ? Math.max(server.failures, client.failures) : 0;

  return {
    isServer,
    /** Whose rows are on screen: the source's (server mode, or the first page meanwhile). */
    rowsMode: (serverRows ? 'server' : 'client') as TableMode,
    server,
    clientRows,
    data,
    pageData,
    rowCount,
    pageCount,
    page,
    totals,
    isLoading,
    isFetching,
    isError,
    failures,
  };
}

/**
 * SPEC §4 refresh: invalidates the client list and every server page of the list; runs when the
 * trigger changes from its null start.
 */
export function useTableRefresh(clientKey: QueryKey, listKey: QueryKey, refreshTrigger: unknown) {
  const queryClient = useQueryClient();
  const keys = useLatest({ clientKey, listKey });
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.current.clientKey }),
      queryClient.invalidateQueries({ queryKey: [...keys.current.listKey, LIST_PAGE_KEY] }),
    ]);
  }, [queryClient]);
  const lastTrigger = useRef<unknown>(refreshTrigger);
  useEffect(() => {
    if (refreshTrigger !== lastTrigger.current) {
      lastTrigger.current = refreshTrigger;
      if (refreshTrigger !== null) void refresh();
    }
  }, [refreshTrigger, refresh]);
  return refresh;
}
