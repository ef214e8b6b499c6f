/**
 * Server mode's data (issue 16): one query per list state, cached by TanStack Query under
 * [...list key, 'list-page', params, { orgId }] (an invalidation of the list key refreshes every
 * page). The rows on screen stay while the next page arrives (no 'Loading Data...' on paging),
 * the next page is prefetched, and an answer that fails keeps the last good rows on screen with
 * its message. Answers for older params land in their own cache entries, so a stale answer
 * never overwrites a newer one; the source's signal lets TanStack cancel what is no longer shown.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  CancelledError,
  hashKey,
  keepPreviousData,
  useQuery,
  useQueryClient,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
  type QueryState,
} from '@tanstack/react-query';
import { isApiError } from '@/core/api';
import { orgQueryKey } from '@/core/query';
import { EMPTY_QUERY, isNarrowed, type ListParams } from './list-params';
import { checkListPage, type ListPage, type ListSource } from './list-source';
import { useTableRetry } from './use-client-data';
import type { RowRecord } from './types';
import { useLatest } from './use-latest';

/** The key part after the list key under which server pages are cached. */
export const LIST_PAGE_KEY = 'list-page';
/** A page answer stays fresh this long: paging back and forth, and the prefetched page, are instant. */
const PAGE_STALE_MS = 30_000;

export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/** The page that counts a list whole: one row, no search, no filters. */
const LIST_TOTAL_PARAMS: ListParams = { ...EMPTY_QUERY, page: 1, pageSize: 1 };

/**
 * One page of a list as a query (the page shown, the next one prefetched, the list's own total,
 * the size a whole-list fetch asks first): one key and one fetch, so that any two of them asking
 * the same page share one request and one cache entry.
 */
function listPageQuery<T extends RowRecord>(
  orgId: number | null,
  listKey: QueryKey,
  params: ListParams,
  sourceOf: () => ListSource<T> | undefined,
) {
  return {
    queryKey: orgQueryKey(orgId, ...listKey, LIST_PAGE_KEY, params),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const source = sourceOf();
      if (!source) throw new Error('No list source');
      return checkListPage<T>(await source.fetchPage(params, { signal }));
    },
    staleTime: PAGE_STALE_MS,
  };
}

export interface ServerPageOptions<T extends RowRecord> {
  enabled: boolean;
  source: ListSource<T> | undefined;
  /** The list's key, without the organisation. */
  listKey: QueryKey;
  orgId: number | null;
  params: ListParams;
  /** SPEC §2: the page asked for is beyond the last. */
  onPageBeyondLast: (lastPage: number) => void;
  /** Ask for the next page before it is wanted (default: yes). */
  prefetch?: boolean;
}

interface Shown<T> {
  scope: string;
  params: ListParams;
  page: ListPage<T>;
}

/** The message a failed page shows where the table is; null for the SPEC error state. */
function messageOf(error: unknown): string | null {
  if (isApiError(error)) {
    // A refused query's field errors say what to change ('search: Value must be at most 200…').
    const fields = Object.entries(error.fieldErrors).map(([field, e]) => `${field}: ${e.message}`);
    return [error.message, ...fields].join(' ');
  }
  if (error instanceof Error && error.name !== 'BadDataError') return error.message || null;
  return null;
}

export function useServerPage<T extends RowRecord>({
  enabled,
  source,
  listKey,
  orgId,
  params,
  onPageBeyondLast,
  prefetch = true,
}: ServerPageOptions<T>) {
  const queryClient = useQueryClient();
  const retry = useTableRetry();
  const sourceRef = useLatest(source);
  const pageQuery = useCallback(
    (page: ListParams) => listPageQuery<T>(orgId, listKey, page, () => sourceRef.current),
    [orgId, listKey, sourceRef],
  );
  const scope = JSON.stringify([orgId, listKey]);

  const query = useQuery({
    ...pageQuery(params),
    enabled: enabled && source !== undefined,
    placeholderData: keepPreviousData,
    retry,
  });

  const fresh = query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  const pageCount = fresh ? pageCountOf(fresh.total, params.pageSize) : null;
  const beyondLast = pageCount !== null && params.page > pageCount;

  // The rows on screen: this answer, else the last good one of this list (while the next page
  // arrives, after a failure, and while a page beyond the last jumps back).
  // Kept from render to render (React's 'information from previous renders' pattern).
  const [lastGood, setLastGood] = useState<Shown<T> | null>(null);
  if (fresh && !beyondLast && (lastGood?.page !== fresh || lastGood.scope !== scope)) {
    setLastGood({ scope, params, page: fresh });
  }
  const kept = lastGood?.scope === scope ? lastGood : null;
  const shown: Shown<T> | null = fresh && !beyondLast ? { scope, params, page: fresh } : kept;

  useEffect(() => {
    if (enabled && beyondLast && pageCount !== null) onPageBeyondLast(pageCount);
  }, [enabled, beyondLast, pageCount, onPageBeyondLast]);

  // The next page, before it is asked for.
  const nextPage =
    prefetch && fresh && pageCount !== null && params.page < pageCount ? params.page + 1 : null;
  useEffect(() => {
    if (!enabled || nextPage === null) return;
    void queryClient.prefetchQuery({ ...pageQuery({ ...params, page: nextPage }), retry: false });
  }, [enabled, nextPage, params, pageQuery, queryClient]);

  const failed = query.isError;
  return {
    rows: shown?.page.rows ?? [],
    total: shown?.page.total ?? 0,
    totalIsEstimate: shown?.page.totalIsEstimate ?? false,
    /** The list state of the rows on screen (the page the footer names). */
    shownParams: shown?.params ?? null,
    isLoading: enabled && !shown && !failed,
    isFetching: enabled && query.isFetching,
    /** Failed attempts of the query now retrying (0 when none failed). */
    failures: enabled ? query.failureCount : 0,
    /** Nothing to show: the SPEC error state. */
    isError: enabled && failed && !shown,
    /** The failure's message, shown above the rows. */
    errorMessage: enabled && failed ? messageOf(query.error) : null,
    refetch: query.refetch,
  };
}

/**
 * The list's own total (no search, no filters) for 'Search N records...' in server mode: from the
 * last unfiltered answer of this list (remembered while filters are on), else the client fetch's
 * totalAvailable, else asked once (a page of one row: a deep link that opens filtered).
 */
export function useListTotal<T extends RowRecord>({
  enabled,
  source,
  listKey,
  orgId,
  shown,
  fallback,
}: {
  enabled: boolean;
  source: ListSource<T> | undefined;
  listKey: QueryKey;
  orgId: number | null;
  /** The answer on screen and its params. */
  shown: { params: ListParams; total: number; isEstimate: boolean } | null;
  fallback: { total: number; isEstimate: boolean } | null;
}) {
  const retry = useTableRetry();
  const scope = JSON.stringify([orgId, listKey]);
  const unfiltered = shown !== null && !isNarrowed(shown.params);
  const [seen, setSeen] = useState<{ scope: string; total: number; isEstimate: boolean } | null>(
    null,
  );
  if (
    unfiltered &&
    (seen?.scope !== scope || seen.total !== shown.total || seen.isEstimate !== shown.isEstimate)
  ) {
    setSeen({ scope, total: shown.total, isEstimate: shown.isEstimate });
  }
  const known = unfiltered
    ? { total: shown.total, isEstimate: shown.isEstimate }
    : seen?.scope === scope
      ? { total: seen.total, isEstimate: seen.isEstimate }
      : fallback;
  const query = useQuery({
    ...listPageQuery(orgId, listKey, LIST_TOTAL_PARAMS, () => source),
    enabled: enabled && known === null && shown !== null && source !== undefined,
    retry,
  });
  if (known) return known;
  return query.data
    ? { total: query.data.total, isEstimate: query.data.totalIsEstimate ?? false }
    : null;
}

/**
 * The list's own total as its source says it, for a whole-list fetch to ask first (issue 16): a
 * list larger than the browser holds is then never asked whole (a thousand rows at every visit of
 * a list of a million, to learn it does not fit). It reads the page the table shows first when
 * that page is unfiltered (no request of its own), else the list total's page of one row (which
 * server mode asks anyway for 'Search N records...'); the query cache shares each between its
 * readers. Null when the source could not answer (the whole list is asked then, as without a
 * source). Undefined without a source.
 */
export function useSourceTotal<T extends RowRecord>({
  source,
  listKey,
  orgId,
  params,
}: {
  source: ListSource<T> | undefined;
  listKey: QueryKey;
  orgId: number | null;
  /** The page the table shows first. */
  params: ListParams;
}) {
  const queryClient = useQueryClient();
  const retry = useTableRetry();
  const latest = useLatest({ source, listKey, orgId, params, retry });
  const total = useCallback(
    async (signal: AbortSignal): Promise<number | null> => {
      // A page asked for params the table has left meanwhile (a sort, a search, another page
      // size before the first answer) is cancelled with no answer: the page now asked is read.
      for (let attempt = 0; attempt < MOST_PAGES_WAITED; attempt++) {
        const { source, listKey, orgId, params, retry } = latest.current;
        const counted = isNarrowed(params) ? LIST_TOTAL_PARAMS : params;
        const query = listPageQuery<T>(orgId, listKey, counted, () => source);
        const answer = await firstAnswer(queryClient, { ...query, retry }, signal);
        if (answer !== LEFT) return answer;
      }
      return null;
    },
    [queryClient, latest],
  );
  return source ? total : undefined;
}

/** How many pages, each left for another before it answered, the total waits for. */
const MOST_PAGES_WAITED = 5;
/** The page asked was cancelled before it answered (its params left). */
const LEFT = Symbol('left');

/**
 * A page query's total, asked as the table asks it (a fetch in flight shared, a fresh answer
 * kept, retried as the table's queries are: the page on screen may be this same query). At its
 * first failure, the total it had before or null (the whole list is asked meanwhile, not after
 * the page's retries); null when `signal` aborts; LEFT when it was cancelled unanswered.
 */
function firstAnswer(
  queryClient: QueryClient,
  query: FetchQueryOptions<ListPage<unknown>, Error, ListPage<unknown>, QueryKey>,
  signal: AbortSignal,
): Promise<number | null | typeof LEFT> {
  return new Promise((resolve) => {
    const hash = hashKey(query.queryKey);
    const settle = (answer: number | null | typeof LEFT) => {
      resolve(answer);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
    };
    // At a failure: the total it had before, if any (the page's retries are not waited for).
    const failed = (state: QueryState<ListPage<unknown>> | undefined) => {
      if (state && state.fetchFailureCount > 0) settle(state.data?.total ?? null);
    };
    const onAbort = () => settle(null);
    const unsubscribe = queryClient.getQueryCache().subscribe(({ query: changed }) => {
      if (changed.queryHash === hash) failed(changed.state as QueryState<ListPage<unknown>>);
    });
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) return settle(null);
    queryClient.fetchQuery(query).then(
      (page) => settle(page.total),
      (error: unknown) => settle(error instanceof CancelledError ? LEFT : null),
    );
    // A fetch joined between its retries has failed already.
    failed(queryClient.getQueryState<ListPage<unknown>>(query.queryKey));
  });
}
