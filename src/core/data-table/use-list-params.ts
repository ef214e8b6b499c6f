/**
 * The table's list state, URL-backed (ra-core's useListParams, for this table): search, filter
 * row, sort and page live in the URL (list-params.ts), the page size in localStorage (SPEC §9).
 *
 * Typing must never wait for the URL: text (search box, filter boxes) is shown and, in client
 * mode, applied at once as `live`, and written to the URL (`query`, what a server is asked for)
 * after `debounceMs` of quiet. A page, sort or select change writes at once, taking any waiting
 * text with it. A URL changed from outside (back, forward, a link) resets the inputs through
 * `generation`.
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
import type { PageSize } from '@/core/storage';
import { usePageSize } from '@/core/storage/page-size';
import type { FilterValue } from './filter-values';
import {
  nextSort,
  readListQuery,
  sameFilters,
  withListQuery,
  type ListQuery,
  type ListQueryPatch,
  type SortState,
} from './list-params';
import { readPageParam } from './pagination';
import type { ColumnSetting } from './types';

export interface UseListParamsOptions {
  /** The shown columns (after permissions): only they sort and filter. */
  columns: ReadonlyArray<ColumnSetting<never>>;
  /** The sort when the URL names none (stable identity). */
  initialSort: SortState | null;
  /** Quiet time before typed text is committed to the URL (and a server query). */
  debounceMs: number;
}

export interface ListParamsState {
  /** The committed query (the URL): what a server is asked for. */
  query: ListQuery;
  /** What the inputs hold: the query with text typed but not committed yet. */
  live: ListQuery;
  /** 1-based: the URL's page, or 1 while new text waits (a new search shows its first page). */
  page: number;
  /** The URL's page: the committed query's. */
  queryPage: number;
  pageSize: PageSize;
  /** Changes when the URL changed under the inputs: they start again from `live`. */
  generation: number;
  setSearch: (text: string) => void;
  /** undefined or null removes the filter; select-like filters pass immediate. */
  setFilter: (id: string, value: FilterValue | null | undefined, immediate?: boolean) => void;
  setSort: (sort: SortState | null) => void;
  toggleSort: (id: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
}

interface PendingText {
  search?: string;
  filters?: Record<string, FilterValue | null>;
}

const textKey = (query: ListQuery) =>
  JSON.stringify([
    query.search,
    Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : 1)),
  ]);

function applyPending(query: ListQuery, pending: PendingText | null): ListQuery {
  if (!pending) return query;
  const changes = pending.filters ?? {};
  const filters: Record<string, FilterValue> = {};
  for (const [id, value] of Object.entries({ ...query.filters, ...changes })) {
    if (value) filters[id] = value;
  }
  return {
    search: pending.search ?? query.search,
    filters: sameFilters(filters, query.filters) ? query.filters : filters,
    sort: query.sort,
  };
}

export function useListParams({
  columns,
  initialSort,
  debounceMs,
}: UseListParamsOptions): ListParamsState {
  const [url, setUrl] = useSearchParams();
  const query = useMemo(
    () => readListQuery(url, columns, initialSort),
    [url, columns, initialSort],
  );
  const [pageSize, storePageSize] = usePageSize();
  const [pending, setPending] = useState<PendingText | null>(null);
  const [generation, setGeneration] = useState(0);

  // The latest known URL and settings: two writes before a render must not undo each other.
  const latest = useRef({ url, setUrl, columns, initialSort, debounceMs });
  const pendingRef = useRef<PendingText | null>(null);
  // The text states this hook wrote lately: a URL showing one of them is no change from outside.
  const ownTexts = useRef([textKey(query)]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLayoutEffect(() => {
    latest.current = { url, setUrl, columns, initialSort, debounceMs };
  });

  const write = useCallback((patch: ListQueryPatch) => {
    clearTimeout(timer.current);
    const waiting = pendingRef.current;
    pendingRef.current = null;
    const {
      url: current,
      setUrl: navigate,
      columns: shown,
      initialSort: fallback,
    } = latest.current;
    const merged: ListQueryPatch = { ...patch };
    if (waiting?.search !== undefined && patch.search === undefined) merged.search = waiting.search;
    if (waiting?.filters) merged.filters = { ...waiting.filters, ...patch.filters };
    const next = withListQuery(current, merged, fallback);
    latest.current = { ...latest.current, url: next };
    ownTexts.current = [textKey(readListQuery(next, shown, fallback)), ...ownTexts.current].slice(
      0,
      8,
    );
    setPending(null);
    if (next.toString() !== current.toString()) navigate(next, { replace: true });
  }, []);

  const commitLater = useCallback(() => {
    clearTimeout(timer.current);
    // Not a transition: in server mode the query starts with this render.
    timer.current = setTimeout(() => write({}), latest.current.debounceMs);
  }, [write]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const queue = useCallback(
    (change: PendingText) => {
      const next: PendingText = {
        ...pendingRef.current,
        ...change,
        filters: { ...pendingRef.current?.filters, ...change.filters },
      };
      pendingRef.current = next;
      // The input paints at once; the rows follow in a transition (SPEC §5, issue 6).
      startTransition(() => setPending(next));
      commitLater();
    },
    [commitLater],
  );

  const setSearch = useCallback((text: string) => queue({ search: text }), [queue]);
  const setFilter = useCallback(
    (id: string, value: FilterValue | null | undefined, immediate = false) => {
      if (immediate) startTransition(() => write({ filters: { [id]: value ?? null } }));
      else queue({ filters: { [id]: value ?? null } });
    },
    [queue, write],
  );
  const setSort = useCallback((sort: SortState | null) => write({ sort }), [write]);
  const toggleSort = useCallback(
    (id: string) => {
      const { url: current, columns: shown, initialSort: fallback } = latest.current;
      write({ sort: nextSort(readListQuery(current, shown, fallback).sort, id) });
    },
    [write],
  );
  const setPage = useCallback((page: number) => write({ page }), [write]);
  const setPageSize = useCallback(
    (size: PageSize) => {
      storePageSize(size);
      write({ page: 1 });
    },
    [storePageSize, write],
  );

  // A URL changed from outside: the inputs start again from it, and waiting text is dropped.
  const urlText = textKey(query);
  useEffect(() => {
    const own = ownTexts.current.indexOf(urlText);
    // One of ours: the older ones are behind us now (going back to one is a change from outside).
    ownTexts.current = own === -1 ? [urlText] : ownTexts.current.slice(0, own + 1);
    if (own !== -1) return;
    clearTimeout(timer.current);
    pendingRef.current = null;
    setPending(null);
    setGeneration((n) => n + 1);
  }, [urlText]);

  const live = useMemo(() => applyPending(query, pending), [query, pending]);
  const queryPage = readPageParam(url);
  return {
    query,
    live,
    page: pending ? 1 : queryPage,
    queryPage,
    pageSize,
    generation,
    setSearch,
    setFilter,
    setSort,
    toggleSort,
    setPage,
    setPageSize,
  };
}
