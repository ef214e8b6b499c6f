/**
 * The table's list state (issue 16): search, the filter row, the sort, the page and the page
 * size. The same in both modes: the client filters its rows with it, a ListSource sends it to
 * the server. The URL holds all of it but the page size (kept in localStorage, SPEC §9):
 *
 *   ?q=acme                       the search box
 *   &sort=expiry | sort=-expiry   the sorted column, '-' for descending; 'sort=' (empty) for no
 *                                 sort; absent for the column settings' initial sort
 *   &f.customerOrg.name=bor       a text filter (column id after 'f.')
 *   &f.seats=10..50               a number range; '10..' or '..50' for one bound
 *   &f.expiry=2024-01-01..2024-06-30   a date range (calendar days); either side may be empty
 *   &f.state=Suspended            a select filter's value
 *   &f.enabled=on                 a toggle column, on or off
 *   &page=3                       1-based; page 1 removes it (SPEC §2)
 *
 * Reading is forgiving: an unknown or hidden column, a column that cannot sort or filter, or a
 * value of the wrong kind is ignored (the table shows what it would without it), and then taken
 * out of the URL (issue 17: the address bar names the list on screen; see canonicalListParams).
 * Writing changes only the parts that changed, so the screen's own parameters (?view=customers)
 * stay.
 */
import type { ColumnSetting } from './types';
import { MAX_SEARCH_TEXT } from '@/contract/lists';
import {
  filterFromToken,
  filterToken,
  sameFilter,
  type FilterValue,
  type FilterValues,
} from './filter-values';
import { readPageParam, withPageParam } from './pagination';
import { canSort } from './values';

export interface SortState {
  /** A column id. */
  id: string;
  desc: boolean;
}

/** What selects and orders the rows: everything but the page. */
export interface ListQuery {
  search: string;
  /** By column id; a column without a filter is absent. */
  filters: FilterValues;
  sort: SortState | null;
}

/** One page of a query: what a ListSource answers. */
export interface ListParams extends ListQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export const LIST_PARAM = {
  search: 'q',
  sort: 'sort',
  filterPrefix: 'f.',
} as const;

/**
 * A table's own view of the URL when a page holds several tables (`urlKey`): its parameters
 * carry the key as a prefix (`links.page=2`, `links.q=anon`), and the view shows them without
 * it, so everything else reads and writes the usual names. Without a key, the URL itself.
 */
export function scopedListParams(params: URLSearchParams, urlKey: string | undefined) {
  if (!urlKey) return params;
  const prefix = `${urlKey}.`;
  const view = new URLSearchParams();
  for (const [name, value] of params) {
    if (name.startsWith(prefix)) view.append(name.slice(prefix.length), value);
  }
  return view;
}

/** The URL with a table's view written back under its key; other parameters stay. */
export function unscopedListParams(
  params: URLSearchParams,
  view: URLSearchParams,
  urlKey: string | undefined,
) {
  if (!urlKey) return view;
  const prefix = `${urlKey}.`;
  const next = new URLSearchParams();
  for (const [name, value] of params) if (!name.startsWith(prefix)) next.append(name, value);
  for (const [name, value] of view) next.append(prefix + name, value);
  return next;
}

export const EMPTY_QUERY: ListQuery = { search: '', filters: {}, sort: null };

/** A search or a filter narrows the list (a sort alone does not). */
export const isNarrowed = (query: ListQuery) =>
  query.search !== '' || Object.keys(query.filters).length > 0;

type Columns = ReadonlyArray<ColumnSetting<never>>;

/** The column settings' initial sort, when that column is shown. */
export function initialSort(
  settings: { sortIndex?: number; isDesc?: boolean; columns: Columns },
  shown: Columns,
): SortState | null {
  const column = settings.columns.find((_, index) => index === settings.sortIndex);
  return column && shown.some((candidate) => candidate.id === column.id)
    ? { id: column.id, desc: Boolean(settings.isDesc) }
    : null;
}

function readSort(raw: string | null, columns: Columns, fallback: SortState | null) {
  if (raw === null) return fallback;
  if (raw === '') return null;
  const desc = raw.startsWith('-');
  const id = desc ? raw.slice(1) : raw;
  const column = columns.find((candidate) => candidate.id === id);
  return column && canSort(column) ? { id, desc } : fallback;
}

/** The query in the URL, for the shown columns (see the top of this file). */
export function readListQuery(
  params: URLSearchParams,
  columns: Columns,
  fallbackSort: SortState | null,
): ListQuery {
  const search = params.get(LIST_PARAM.search) ?? '';
  // A Map, then fromEntries: a column id such as 'constructor' or '__proto__' is a key like any
  // other (in a plain object the first is inherited and the second sets the prototype).
  const filters = new Map<string, FilterValue>();
  for (const [name, token] of params) {
    if (!name.startsWith(LIST_PARAM.filterPrefix)) continue;
    const id = name.slice(LIST_PARAM.filterPrefix.length);
    const column = columns.find((candidate) => candidate.id === id);
    // A column that cannot filter reads no token (filterFromToken); the first token of an id wins.
    if (!column || filters.has(id)) continue;
    const value = filterFromToken(column, token);
    if (value) filters.set(id, value);
  }
  return {
    search: search.length > MAX_SEARCH_TEXT ? '' : search,
    filters: Object.fromEntries(filters),
    sort: readSort(params.get(LIST_PARAM.sort), columns, fallbackSort),
  };
}

/** A change to the URL state; absent parts stay as they are. */
export interface ListQueryPatch {
  search?: string;
  /** undefined or null removes a column's filter. */
  filters?: Readonly<Record<string, FilterValue | null | undefined>>;
  sort?: SortState | null;
  page?: number;
}

/**
 * A copy of the URL parameters with the patch written in. A new search or filter goes back to
 * page 1 unless the patch names a page. The initial sort is written as no parameter.
 */
export function withListQuery(
  params: URLSearchParams,
  patch: ListQueryPatch,
  fallbackSort: SortState | null,
): URLSearchParams {
  let next = new URLSearchParams(params);
  if (patch.search !== undefined) {
    if (patch.search) next.set(LIST_PARAM.search, patch.search);
    else next.delete(LIST_PARAM.search);
  }
  for (const [id, value] of Object.entries(patch.filters ?? {})) {
    const name = LIST_PARAM.filterPrefix + id;
    if (value) next.set(name, filterToken(value));
    else next.delete(name);
  }
  if (patch.sort !== undefined) {
    const sort = patch.sort;
    if (sameSort(sort, fallbackSort)) next.delete(LIST_PARAM.sort);
    else next.set(LIST_PARAM.sort, sort ? `${sort.desc ? '-' : ''}${sort.id}` : '');
  }
  const textChanged = patch.search !== undefined || patch.filters !== undefined;
  if (patch.page !== undefined) next = withPageParam(next, patch.page);
  else if (textChanged) next = withPageParam(next, 1);
  return next;
}

/**
 * The URL as the table reads it (issue 17): what it ignores (an unknown column, a value of the
 * wrong kind, a page that is no whole number from 1) is removed, what it reads is written the
 * way the table writes it (page 1 as no parameter). Other parameters stay where they are.
 */
export function canonicalListParams(
  params: URLSearchParams,
  columns: Columns,
  fallbackSort: SortState | null,
): URLSearchParams {
  const query = readListQuery(params, columns, fallbackSort);
  // fromEntries: a column id such as '__proto__' or 'constructor' is a key like any other.
  const filters = Object.fromEntries(
    // Stryker disable next-line MethodExpression: without the filter, a name without the prefix only adds the id of an absent parameter (deleting it does nothing) or of one listed anyway
    [...params.keys()]
      .filter((name) => name.startsWith(LIST_PARAM.filterPrefix))
      .map((name) => name.slice(LIST_PARAM.filterPrefix.length))
      .map((id) => [id, Object.hasOwn(query.filters, id) ? query.filters[id] : null]),
  );
  return withListQuery(
    params,
    {
      search: query.search,
      filters,
      sort: params.has(LIST_PARAM.sort) ? query.sort : undefined,
      page: readPageParam(params),
    },
    fallbackSort,
  );
}

export const sameSort = (a: SortState | null, b: SortState | null) =>
  a === b || (a !== null && b !== null && a.id === b.id && a.desc === b.desc);

export function sameFilters(a: FilterValues, b: FilterValues): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameFilter(a[key], b[key]));
}

/** The same rows match (sort and page aside). */
export const sameMatch = (a: ListQuery, b: ListQuery) =>
  a.search === b.search && sameFilters(a.filters, b.filters);

export const sameQuery = (a: ListQuery, b: ListQuery) =>
  sameMatch(a, b) && sameSort(a.sort, b.sort);

/**
 * A heading click (SPEC §4): an unsorted column sorts ascending, then descending, then the sort
 * is removed. Removing it shows the table's initial order; where that is the order already on
 * screen (the column the table opens sorted by, in that direction: the Audit log's newest
 * first), the click turns the direction instead, so that every click changes something.
 */
export function nextSort(
  current: SortState | null,
  id: string,
  initial: SortState | null = null,
): SortState | null {
  if (current?.id !== id) return { id, desc: false };
  if (!current.desc) return { id, desc: true };
  return sameSort(current, initial) ? { id, desc: false } : null;
}
