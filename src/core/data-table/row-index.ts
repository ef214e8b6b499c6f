/**
 * The rows' search, filter and sort keys, computed once per data set, and the displayed order
 * derived from them. This is what keeps 50,000 rows smooth (issue 6, performance):
 *
 * - every key is computed at most once per row (lazily, per column, on first use);
 * - the sorted order of all rows is computed once per column and direction and cached, so a
 *   keystroke never sorts: filtering walks the cached order and keeps the matches (O(n) string
 *   tests on precomputed lower-case text, no allocation per row);
 * - TanStack Table then receives only the current page (manual sorting and filtering), so it
 *   builds row objects for 20-100 rows, not 50,000.
 */
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import { filterKindOf, filterPredicate, type FilterPredicate } from './filter-values';
import type { ColumnSetting, RowRecord } from './types';
import { canSearch, canSort, cellText, sortKey, type SortKey } from './values';

/** A row's key; a missing one (sortKey's null) is undefined. */
type Key = Exclude<SortKey, null> | undefined;

export class RowIndex<T extends RowRecord> {
  private readonly keyCache = new Map<string, Key[]>();
  private readonly orderCache = new Map<string, Int32Array>();
  private readonly searchText: string[] = [];
  private searchable: ReadonlyArray<ColumnSetting<T>> | undefined;
  private identity: Int32Array | undefined;
  private ids: string[] | undefined;
  private byId: Map<string, T> | undefined;

  constructor(
    readonly rows: readonly T[],
    readonly columns: ReadonlyArray<ColumnSetting<T>>,
    private readonly rowId: (row: T, position: number) => string,
  ) {}

  /** The id of the row at a position of the data. */
  idAt(position: number): string {
    this.ids ??= this.rows.map((row, position) => this.rowId(row, position));
    return this.ids[position] ?? String(position);
  }

  rowById(id: string): T | undefined {
    this.byId ??= new Map(this.rows.map((row, position) => [this.idAt(position), row]));
    return this.byId.get(id);
  }

  /** Sort and filter keys of one column (see sortKey). */
  keys(setting: ColumnSetting<T>): Key[] {
    let keys = this.keyCache.get(setting.id);
    if (!keys) {
      keys = this.rows.map((row) => sortKey(setting, row) ?? undefined);
      this.keyCache.set(setting.id, keys);
    }
    return keys;
  }

  /** Each row's searchable text, lower case (SPEC §5: case-insensitive, characters literal). */
  search(): string[] {
    this.buildSearchText(this.rows.length);
    return this.searchText;
  }

  private buildSearchText(upTo: number) {
    this.searchable ??= this.columns.filter((column) => canSearch(column as ColumnSetting<never>));
    const searchable = this.searchable;
    const end = Math.min(upTo, this.rows.length);
    for (let position = this.searchText.length; position < end; position++) {
      const row = this.rows[position] as T;
      this.searchText.push(
        searchable
          .map((column) => cellText(column, row))
          .join('\u0001')
          .toLowerCase(),
      );
    }
  }

  /**
   * One slice of the work a first keystroke or a first sort would otherwise pay: the search text
   * (2,000 rows a slice), each column's keys, each sortable column's ascending order. Run in idle
   * time; false when all is done.
   */
  warmStep(): boolean {
    if (this.searchText.length < this.rows.length) {
      this.buildSearchText(this.searchText.length + 2000);
      return true;
    }
    const column = this.columns.find((setting) => !this.keyCache.has(setting.id));
    if (column) {
      this.keys(column);
      return true;
    }
    const unsorted = this.columns.find(
      (setting) =>
        canSort(setting as ColumnSetting<never>) && !this.orderCache.has(`${setting.id}:asc`),
    );
    if (!unsorted) return false;
    // Stryker disable next-line BooleanLiteral: a descending order is built from the ascending one, which is cached the same; it only does more work
    this.order([{ id: unsorted.id, desc: false }]);
    return true;
  }

  /** Row positions in sorted order (stable: ties keep the data order; missing values last). */
  order(sorting: SortingState): Int32Array {
    const sort = sorting[0];
    const setting = sort && this.columns.find((column) => column.id === sort.id);
    if (!sort || !setting) {
      this.identity ??= Int32Array.from(this.rows, (_, index) => index);
      return this.identity;
    }
    const ascKey = `${sort.id}:asc`;
    let ascending = this.orderCache.get(ascKey);
    if (!ascending) {
      const keys = this.keys(setting);
      ascending = Int32Array.from(this.rows, (_, index) => index).sort((a, b) => {
        const x = keys[a];
        const y = keys[b];
        if (x === undefined) return y === undefined ? a - b : 1;
        if (y === undefined) return -1;
        // Plain comparison of lower-case text: a collator is ~10x slower over 50,000 rows.
        return x < y ? -1 : x > y ? 1 : a - b;
      });
      this.orderCache.set(ascKey, ascending);
    }
    if (!sort.desc) return ascending;
    const descKey = `${sort.id}:desc`;
    let descending = this.orderCache.get(descKey);
    if (!descending) {
      descending = reverseOrder(ascending, this.keys(setting));
      this.orderCache.set(descKey, descending);
    }
    return descending;
  }

  /** The displayed rows: positions in sorted order that pass the search and every filter. */
  displayed(sorting: SortingState, search: string, filters: ColumnFiltersState): Int32Array {
    const order = this.order(sorting);
    const tests: Array<{ keys: Key[]; predicate: FilterPredicate }> = [];
    for (const filter of filters) {
      const setting = this.columns.find((column) => column.id === filter.id);
      if (!setting) continue;
      const predicate = filterPredicate(
        filterKindOf(setting as ColumnSetting<never>),
        filter.value,
      );
      if (predicate) tests.push({ keys: this.keys(setting), predicate });
    }
    // Spaces around the text are not searched for, as the server's search trims them.
    const needle = search.trim().toLowerCase();
    if (!needle && tests.length === 0) return order;
    const haystack = needle ? this.search() : undefined;
    const out = new Int32Array(order.length);
    let count = 0;
    for (const index of order) {
      if (haystack && !(haystack[index] as string).includes(needle)) continue;
      let pass = true;
      for (const test of tests) {
        if (!test.predicate(test.keys[index])) {
          pass = false;
          break;
        }
      }
      if (pass) out[count++] = index;
    }
    return out.subarray(0, count);
  }
}

/**
 * The descending order from the ascending one in O(n): values reversed, but ties still in data
 * order and missing values still last (the same rules as a descending sort).
 */
function reverseOrder(ascending: Int32Array, keys: readonly Key[]): Int32Array {
  let definedEnd = ascending.length;
  while (definedEnd > 0 && keys[ascending[definedEnd - 1] as number] === undefined) definedEnd--;
  const out = new Int32Array(ascending.length);
  let o = 0;
  for (let i = definedEnd - 1; i >= 0;) {
    const key = keys[ascending[i] as number];
    let j = i;
    // No bound needed: at j = 0, ascending[-1] is undefined, and so is keys[undefined], which
    // no defined key equals.
    while (keys[ascending[j - 1] as number] === key) j--;
    for (let k = j; k <= i; k++) out[o++] = ascending[k] as number;
    i = j - 1;
  }
  out.set(ascending.subarray(definedEnd), definedEnd);
  return out;
}
