/**
 * The table's list state, URL-backed (ra-core's useListParams, for this table): search, filter
 * row, sort and page live in the URL (list-params.ts), the page size in localStorage (SPEC §9).
 *
 * Every change is written to the URL at once (replace, in a transition: the inputs keep their
 * own text and paint first). No write is ever deferred: a late write from a timer would navigate
 * back to the list after the user had left it. What is deferred is `committed`, the state a
 * server is asked for: typed text waits for `debounceMs` of quiet; a page, sort or select change
 * commits at once. A URL changed from outside (back, forward, a link) resets the inputs through
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
  sameQuery,
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
  /** Quiet time before typed text is committed (server mode asks the server then). */
  debounceMs: number;
}

export interface CommittedList {
  query: ListQuery;
  page: number;
}

export interface ListParamsState {
  /** The URL's query: what the inputs show and client mode applies. */
  query: ListQuery;
  /** 1-based, the URL's. */
  page: number;
  /** The query and page after typing went quiet: what a server is asked for. */
  committed: CommittedList;
  pageSize: PageSize;
  /** Changes when the URL changed under the inputs: they start again from `query`. */
  generation: number;
  setSearch: (text: string) => void;
  /** undefined or null removes the filter; select-like filters pass immediate. */
  setFilter: (id: string, value: FilterValue | null | undefined, immediate?: boolean) => void;
  setSort: (sort: SortState | null) => void;
  toggleSort: (id: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
}

const textKey = (query: ListQuery) =>
  JSON.stringify([
    query.search,
    Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : 1)),
  ]);

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
  const page = readPageParam(url);
  const [pageSize, storePageSize] = usePageSize();
  const [generation, setGeneration] = useState(0);

  // The latest known URL and settings: two writes before a render must not undo each other.
  const latest = useRef({ url, setUrl, columns, initialSort });
  useLayoutEffect(() => {
    latest.current = { url, setUrl, columns, initialSort };
  });
  // The text states this hook wrote lately: a URL showing one of them is no change from outside.
  const ownTexts = useRef([textKey(query)]);
  // The next commit skips the quiet time (page, sort, select).
  const commitNow = useRef(false);

  const write = useCallback((patch: ListQueryPatch, immediate: boolean) => {
    const {
      url: current,
      setUrl: navigate,
      columns: shown,
      initialSort: fallback,
    } = latest.current;
    const next = withListQuery(current, patch, fallback);
    if (next.toString() === current.toString()) return;
    latest.current = { ...latest.current, url: next };
    ownTexts.current = [textKey(readListQuery(next, shown, fallback)), ...ownTexts.current].slice(
      0,
      8,
    );
    if (immediate) commitNow.current = true;
    startTransition(() => {
      try {
        navigate(next, { replace: true });
      } catch (error) {
        // A browser limiting history updates (Safari: 100 in 30 s) leaves the URL behind; the
        // table goes on from its own state.
        console.warn('The list state could not be written to the URL', error);
      }
    });
  }, []);

  const setSearch = useCallback((text: string) => write({ search: text }, false), [write]);
  const setFilter = useCallback(
    (id: string, value: FilterValue | null | undefined, immediate = false) =>
      write({ filters: { [id]: value ?? null } }, immediate),
    [write],
  );
  const setSort = useCallback((sort: SortState | null) => write({ sort }, true), [write]);
  const toggleSort = useCallback(
    (id: string) => {
      const { url: current, columns: shown, initialSort: fallback } = latest.current;
      write({ sort: nextSort(readListQuery(current, shown, fallback).sort, id) }, true);
    },
    [write],
  );
  const setPage = useCallback((next: number) => write({ page: next }, true), [write]);
  const setPageSize = useCallback(
    (size: PageSize) => {
      storePageSize(size);
      write({ page: 1 }, true);
    },
    [storePageSize, write],
  );

  // A URL changed from outside: the inputs start again from it.
  const urlText = textKey(query);
  useEffect(() => {
    const own = ownTexts.current.indexOf(urlText);
    // One of ours: the older ones are behind us now (going back to one is a change from outside).
    ownTexts.current = own === -1 ? [urlText] : ownTexts.current.slice(0, own + 1);
    if (own !== -1) return;
    commitNow.current = true;
    setGeneration((n) => n + 1);
  }, [urlText]);

  // What a server is asked for: the URL's state once typing is quiet (or at once).
  const [committed, setCommitted] = useState<CommittedList>({ query, page });
  const pending = !sameQuery(committed.query, query) || committed.page !== page;
  useEffect(() => {
    if (!pending) return undefined;
    const commit = () => setCommitted({ query, page });
    if (commitNow.current || sameQuery(committed.query, query)) {
      commitNow.current = false;
      commit();
      return undefined;
    }
    const timer = setTimeout(commit, debounceMs);
    return () => clearTimeout(timer);
  }, [pending, query, page, committed.query, debounceMs]);

  const current = useMemo(() => ({ query, page }), [query, page]);
  return {
    query,
    page,
    committed: pending ? committed : current,
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
