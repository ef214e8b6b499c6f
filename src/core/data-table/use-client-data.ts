/**
 * Client mode's data: an entity's list query, the caller's fetch (SPEC §4: keyed by the query
 * key plus the organisation, can be disabled) or rows handed in. First rows at once (issue 16):
 * while the SPEC §7 re-posts run, each page is shown (the fetch's onProgress; an entity query's
 * fetchList through listenToListProgress, outside its cache entry) with the total marked as
 * still loading. When a ListSource can take over, the list's own total is asked of it first (the
 * page the table shows meanwhile: no request of its own); a list over what the browser holds is
 * then never asked whole, and the table goes to server mode. The same happens when the first
 * page says the list cannot arrive whole (the re-posts cannot reach totalAvailable): the fetch
 * stops there.
 */
import { useCallback, useEffect, useState } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TableData } from '@/contract/envelope';
import {
  fitsInBrowser,
  listenToListProgress,
  ListTooLargeError,
  WHOLE_LIST_MAX_ROWS,
} from '@/core/api/list';
import { BadDataError, EMPTY_TABLE_DATA, toTableData } from './table-data';
import type { FetchData, FetchResult, TableQuery } from './types';
import { useLatest } from './use-latest';

export { fitsInBrowser };

/** The list in the browser, flagged when it was stopped because it does not fit. */
export type ClientTableData<T> = TableData<T> & { tooLarge?: true };

/** The key of the query a table does not use (never enabled, never fetched). */
const UNUSED_KEY = ['data-table', 'unused'] as const;

export interface ClientDataOptions<T> {
  /**
   * An entity's list query (src/{portal}/entities): the cache entry holds the entity's list as
   * it is, shared with the other readers of that list; its fetch stops with ListTooLargeError
   * when the list cannot arrive whole (core/api/list.ts).
   */
  listQuery?: TableQuery<T> | undefined;
  fetchData: FetchData<T> | undefined;
  /** The full key (organisation included). */
  queryKey: QueryKey;
  orgId: number | null;
  rows: readonly T[] | undefined;
  enabled: boolean;
  /**
   * A ListSource can take over a list that does not fit: the list's own total as it says it
   * (useSourceTotal), asked before the whole list; null when it could not answer.
   */
  sourceTotal: ((signal: AbortSignal) => Promise<number | null>) | undefined;
}

export function useClientData<T>({
  listQuery,
  fetchData,
  queryKey,
  orgId,
  rows: givenRows,
  enabled,
  sourceTotal,
}: ClientDataOptions<T>) {
  const queryClient = useQueryClient();
  const retry = useTableRetry();
  const canSwitch = sourceTotal !== undefined;
  // Read when a fetch runs: whether a source can take over, and its total.
  const sourceTotalRef = useLatest(sourceTotal);
  /**
   * The source's total when it proves the list cannot fit, asked before anything is asked whole;
   * null at once without a source, and when the list is in the cache already (a refetch: a list
   * grown too large meanwhile is found by its first answer). The fetch then starts in the same
   * tick, as it always did.
   */
  const tooLargeTotal = useCallback(
    (key: QueryKey, signal: AbortSignal) => {
      const askSource = sourceTotalRef.current;
      if (!askSource || queryClient.getQueryData(key) !== undefined) return null;
      return askSource(signal).then((total) => {
        signal.throwIfAborted();
        return total !== null && total > WHOLE_LIST_MAX_ROWS ? total : null;
      });
    },
    [queryClient, sourceTotalRef],
  );
  // The first pages of an entity's list while the rest is still coming (never in its cache).
  const [partial, setPartial] = useState<{ key: string; data: TableData<T> } | null>(null);
  const entityKey = JSON.stringify(listQuery?.queryKey ?? UNUSED_KEY);
  const entityFn = listQuery?.queryFn;
  const entity = useQuery<FetchResult<T>, Error, TableData<T>>({
    queryKey: listQuery?.queryKey ?? UNUSED_KEY,
    queryFn:
      typeof entityFn === 'function'
        ? async (context) => {
            const asked = tooLargeTotal(context.queryKey, context.signal);
            const tooLarge = asked && (await asked);
            if (tooLarge) throw new ListTooLargeError(tooLarge);
            listenToListProgress(context.signal, (rows, totalAvailable) =>
              setPartial({
                key: entityKey,
                data: { tableData: rows as T[], fetched: rows.length, totalAvailable },
              }),
            );
            return entityFn(context);
          }
        : (entityFn ?? skipToken),
    // A list found too large is not fetched again (refresh, window focus): the source has it.
    enabled: (cached) =>
      listQuery !== undefined &&
      listQuery.enabled !== false &&
      enabled &&
      givenRows === undefined &&
      !(cached.state.error instanceof ListTooLargeError),
    // The cache holds the entity's list as it is; the table reads it as table data.
    select: toTableData,
    retry: (count, error) => !(error instanceof ListTooLargeError) && retry(count, error),
  });
  // One observer per cache entry: with an entity query this one keeps to a key of its own (two
  // observers of one key would share one queryFn, the last one's).
  const query = useQuery({
    queryKey: listQuery ? UNUSED_KEY : queryKey,
    queryFn: async ({ signal }): Promise<ClientTableData<T>> => {
      if (!fetchData) return EMPTY_TABLE_DATA;
      const asked = tooLargeTotal(queryKey, signal);
      const tooLarge = asked && (await asked);
      if (tooLarge) return { ...EMPTY_TABLE_DATA, totalAvailable: tooLarge, tooLarge: true };
      // The fetch gets its own signal, so that a list found too large can be stopped.
      const stopper = new AbortController();
      const stop = () => stopper.abort(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      // A refetch keeps the rows on screen until the new list is whole.
      const showProgress = queryClient.getQueryData(queryKey) === undefined;
      let firstPage: number | null = null;
      // Resolves when the first page shows the list will not fit: the table does not wait for a
      // fetch that ignores its signal.
      let handOver: (data: ClientTableData<T>) => void = () => undefined;
      const handedOver = new Promise<ClientTableData<T>>((resolve) => (handOver = resolve));
      const onProgress = (partial: TableData<T>) => {
        if (stopper.signal.aborted) return;
        const data = toTableData<T>(partial);
        firstPage ??= data.fetched;
        if (sourceTotalRef.current && !fitsInBrowser(firstPage, data.totalAvailable)) {
          handOver({ ...data, tooLarge: true });
          stopper.abort();
          return;
        }
        if (showProgress && data.fetched < data.totalAvailable) {
          queryClient.setQueryData<ClientTableData<T>>(queryKey, data);
        }
      };
      const whole = (async (): Promise<ClientTableData<T>> => {
        const data = toTableData<T>(await fetchData({ orgId, signal: stopper.signal, onProgress }));
        // The whole fetch ran and still fell short (a fetch without onProgress, or rows added
        // meanwhile): the source takes over.
        if (sourceTotalRef.current && data.fetched < data.totalAvailable) {
          return { ...data, tooLarge: true };
        }
        return data;
      })();
      // After a hand-over the stopped fetch's rejection is expected: not an unhandled one.
      whole.catch(() => undefined);
      try {
        return await Promise.race([whole, handedOver]);
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
    // A list handed to the source is not fetched again (refresh, window focus).
    enabled: (cached) =>
      Boolean(fetchData) &&
      listQuery === undefined &&
      enabled &&
      givenRows === undefined &&
      !cached.state.data?.tooLarge,
    retry,
  });

  const givenIsBad = givenRows !== undefined && !Array.isArray(givenRows);
  useEffect(() => {
    if (givenIsBad) console.error('Bad data', givenRows);
  }, [givenIsBad, givenRows]);

  if (givenRows !== undefined) {
    const tableData: ClientTableData<T> = givenIsBad
      ? EMPTY_TABLE_DATA
      : {
          tableData: givenRows as T[],
          fetched: givenRows.length,
          totalAvailable: givenRows.length,
        };
    return {
      tableData,
      isLoading: false,
      isFetching: false,
      isError: givenIsBad,
      error: null,
      failures: 0,
    };
  }
  if (listQuery) {
    if (entity.error instanceof ListTooLargeError) {
      const tooLarge: ClientTableData<T> = {
        ...(EMPTY_TABLE_DATA as TableData<T>),
        totalAvailable: entity.error.totalAvailable,
        ...(canSwitch ? { tooLarge: true as const } : {}),
      };
      return {
        tableData: tooLarge,
        isLoading: false,
        isFetching: false,
        isError: !canSwitch,
        error: entity.error,
        failures: 0,
      };
    }
    // First rows at once: the pages in so far, the total marked as still loading.
    if (entity.isLoading && partial?.key === entityKey) {
      return {
        tableData: partial.data as ClientTableData<T>,
        isLoading: false,
        isFetching: true,
        isError: false,
        error: null,
        failures: entity.failureCount,
      };
    }
    return {
      tableData: (entity.data ?? EMPTY_TABLE_DATA) as ClientTableData<T>,
      isLoading: entity.isLoading,
      isFetching: entity.isFetching,
      isError: entity.isError,
      error: entity.error,
      failures: entity.failureCount,
    };
  }
  return {
    tableData: query.data ?? (EMPTY_TABLE_DATA as ClientTableData<T>),
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    failures: query.failureCount,
  };
}

/** The app's retry policy, except that 'Bad data' is never retried (it will not get better). */
export function useTableRetry() {
  const queryClient = useQueryClient();
  return useCallback(
    (count: number, error: unknown) => {
      if (error instanceof BadDataError) return false;
      const policy = queryClient.getDefaultOptions().queries?.retry ?? 3;
      if (typeof policy === 'function') return policy(count, error as Error);
      return typeof policy === 'boolean' ? policy : count < policy;
    },
    [queryClient],
  );
}
