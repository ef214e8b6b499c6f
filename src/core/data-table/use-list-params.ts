/**
 * The table's list state, URL-backed (ra-core's useListParams, for this table): search, filter
 * row, sort and page live in the URL (list-params.ts), the page size in localStorage (SPEC §9).
 *
 * Every change is written to the URL at once, in a transition (the inputs keep their own text
 * and paint first). A page or sort change is a new history entry, so that Back and Forward walk
 * through them (issue 17); typed text, filters and the page size replace the entry (one entry per
 * keystroke would make Back useless), and so does a correction: what the table ignores in the
 * URL is taken out, and a page beyond the last becomes the page shown. No write is ever deferred:
 * a late write from a timer would navigate back to the list after the user had left it. What is
 * deferred is `committed`, the state a server is asked for: typed text waits for `debounceMs` of
 * quiet; a page, sort or select change commits at once. A URL changed from outside (back,
 * forward, a link) resets the inputs through `generation`.
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
  canonicalListParams,
  nextSort,
  readListQuery,
  scopedListParams,
  unscopedListParams,
  withListQuery,
  type ListQuery,
  type ListQueryPatch,
  type SortState,
} from './list-params';
import { readPageParam } from './pagination';
import type { ColumnSetting } from './types';
import { useLatest } from './use-latest';

export interface UseListParamsOptions {
  /** The shown columns (after permissions): only they sort and filter. */
  columns: ReadonlyArray<ColumnSetting<never>>;
  /** The sort when the URL names none (stable identity). */
  initialSort: SortState | null;
  /** Quiet time before typed text is committed (server mode asks the server then). */
  debounceMs: number;
  /**
   * The prefix of this table's URL parameters when a page holds several tables ('links':
   * `links.page`, `links.q`, …); none: the usual names.
   */
  urlKey?: string;
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
  /** Issue 17: takes the search and every filter away at once (the sort stays); the inputs empty. */
  clearQuery: () => void;
  /** The page shown instead of the URL's (SPEC §2: beyond the last): replaces the entry. */
  correctPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
}

/** The list part of a URL (search, filters, sort, page), as one comparable string. */
const listKey = ({ query, page }: CommittedList) =>
  JSON.stringify([
    query.search,
    Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : 1)),
    query.sort,
    page,
  ]);

export function useListParams({
  columns,
  initialSort,
  debounceMs,
  urlKey,
}: UseListParamsOptions): ListParamsState {
  const [pageUrl, setPageUrl] = useSearchParams();
  // The table's own parameters (all of them without a urlKey): the rest reads only these.
  const url = useMemo(() => scopedListParams(pageUrl, urlKey), [pageUrl, urlKey]);
  const setUrl = useCallback(
    (next: URLSearchParams, options: { replace: boolean }) =>
      setPageUrl((current) => unscopedListParams(current, next, urlKey), options),
    [setPageUrl, urlKey],
  );
  const query = useMemo(
    () => readListQuery(url, columns, initialSort),
    [url, columns, initialSort],
  );
  const page = readPageParam(url);
  // The page size shown changes in the same render as the page (a transition, as the router's
  // navigation is): the stored one changes at once. A change of the stored size from elsewhere
  // (another table, another tab) is followed as it comes.
  const [storedSize, storePageSize] = usePageSize();
  const [pageSize, setShownSize] = useState(storedSize);
  const [followedSize, setFollowedSize] = useState(storedSize);
  if (storedSize !== followedSize) {
    setFollowedSize(storedSize);
    setShownSize(storedSize);
  }
  const [generation, setGeneration] = useState(0);
  // What a server is asked for: set by each write, at once or once typing is quiet (a timer that
  // only sets this state: it never navigates).
  const [committed, setCommitted] = useState<CommittedList>({ query, page });

  // The latest known URL and settings: two writes before a render must not undo each other.
  const latest = useRef({ url, setUrl, columns, initialSort, debounceMs });
  // The URL this hook wrote last, over the router's URL of that moment. The router navigates in
  // a transition: a render before it lands (the table's own state) still shows the older URL, and
  // must not put it back (a select's change, then a number typed at once, undid the select).
  // A URL the router has not shown before (the write landed, or back, forward, a link) is taken.
  const written = useRef<{ over: URLSearchParams; url: URLSearchParams } | null>(null);
  const shownUrl = useLatest(url);
  useLayoutEffect(() => {
    const pending = written.current?.over === url ? written.current.url : url;
    latest.current = { url: pending, setUrl, columns, initialSort, debounceMs };
  });
  // The list states this hook wrote lately: a URL showing one of them is no change from outside.
  const ownKeys = useRef([listKey({ query, page })]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const navigate = useCallback((next: URLSearchParams, replace: boolean) => {
    written.current = { over: shownUrl.current, url: next };
    latest.current = { ...latest.current, url: next };
    const { setUrl } = latest.current;
    startTransition(() => {
      try {
        setUrl(next, { replace });
      } catch (error) {
        // A browser limiting history updates (Safari: 100 in 30 s) leaves the URL behind; the
        // table goes on from its own state.
        console.warn('The list state could not be written to the URL', error);
      }
    });
  }, []);

  const write = useCallback(
    (patch: ListQueryPatch, immediate: boolean, history: 'push' | 'replace' = 'replace') => {
      const { url: current, columns: shown, initialSort: fallback } = latest.current;
      const next = withListQuery(current, patch, fallback);
      if (next.toString() === current.toString()) return;
      const state = { query: readListQuery(next, shown, fallback), page: readPageParam(next) };
      ownKeys.current = [listKey(state), ...ownKeys.current].slice(0, 8);
      clearTimeout(timer.current);
      if (immediate) setCommitted(state);
      else timer.current = setTimeout(() => setCommitted(state), latest.current.debounceMs);
      navigate(next, history === 'replace');
    },
    [navigate],
  );

  // Issue 17: what the table ignores does not stay in the address bar. The same list (no new
  // entry, no new query): only the URL's text changes.
  useEffect(() => {
    const fixed = canonicalListParams(url, columns, initialSort);
    if (fixed.toString() !== url.toString()) navigate(fixed, true);
  }, [url, columns, initialSort, navigate]);

  const setSearch = useCallback((text: string) => write({ search: text }, false), [write]);
  const setFilter = useCallback(
    (id: string, value: FilterValue | null | undefined, immediate = false) =>
      write({ filters: { [id]: value ?? null } }, immediate),
    [write],
  );
  // A sort is chosen like a page (a click, not typing): Back undoes it.
  const setSort = useCallback((sort: SortState | null) => write({ sort }, true, 'push'), [write]);
  const toggleSort = useCallback(
    (id: string) => {
      const { url: current, columns: shown, initialSort: fallback } = latest.current;
      write(
        { sort: nextSort(readListQuery(current, shown, fallback).sort, id, fallback) },
        true,
        'push',
      );
    },
    [write],
  );
  const setPage = useCallback((next: number) => write({ page: next }, true, 'push'), [write]);
  const clearQuery = useCallback(() => {
    const { url: current, columns: shown, initialSort: fallback } = latest.current;
    const { filters } = readListQuery(current, shown, fallback);
    const none = Object.fromEntries(Object.keys(filters).map((id) => [id, null]));
    // A click, not typing: Back brings the search back.
    write({ search: '', filters: none }, true, 'push');
    // The inputs keep their own text: they start again, with the URL they are written with.
    startTransition(() => setGeneration((n) => n + 1));
  }, [write]);
  const correctPage = useCallback((next: number) => write({ page: next }, true), [write]);
  // The rows at the top of the page stay in view: the page that holds the first of them, shown
  // with the new size in one render (page 4 of 245 rows at 100 a page was corrected to the last,
  // 201–245, before page 1 arrived, and stayed there).
  const setPageSize = useCallback(
    (size: PageSize) => {
      const first = (readPageParam(latest.current.url) - 1) * pageSize;
      setFollowedSize(size);
      storePageSize(size);
      startTransition(() => setShownSize(size));
      write({ page: Math.floor(first / size) + 1 }, true);
    },
    [storePageSize, write, pageSize, latest],
  );

  // A URL changed from outside (back, forward, a link): the inputs start again from it, and it
  // is committed at once.
  const stateKey = listKey({ query, page });
  useEffect(() => {
    const own = ownKeys.current.indexOf(stateKey);
    // One of ours: the older ones are behind us now (going back to one is a change from outside).
    ownKeys.current = own === -1 ? [stateKey] : ownKeys.current.slice(0, own + 1);
    if (own !== -1) return;
    clearTimeout(timer.current);
    setCommitted({ query, page });
    setGeneration((n) => n + 1);
  }, [stateKey, query, page]);

  return {
    query,
    page,
    committed,
    pageSize,
    generation,
    setSearch,
    setFilter,
    setSort,
    toggleSort,
    setPage,
    clearQuery,
    correctPage,
    setPageSize,
  };
}
