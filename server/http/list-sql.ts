/**
 * The SQL of the list engine (docs/lists.md): a list's definition (each column id of the
 * contract's table mapped to its SQL), and from it the where clause (scope, filters, search), the
 * order, the from clause a query needs, and the statement of a page. Every value reaches SQL as a
 * parameter; only the definition's own SQL is spliced in. The queries that run them:
 * server/http/list.ts.
 */
import {
  isSortable,
  type DateFilter,
  type ListColumn,
  type ListColumns,
  type NumberFilter,
} from '@/contract/lists';
import { PLANNED_PER_CALL, type SqlParam } from '../db/types';
import { pageOf } from './envelope';
import { dayStart, nextDay } from './zoned';

export interface ColumnSql {
  /** The value: text for text and select columns, a number, a date or timestamptz, a boolean. */
  sql: string;
  /** It may be null: nulls sort last in both directions, as in the portal's client mode. */
  nullable?: boolean;
  /** A timestamptz: date filters take the days of the request's time zone. */
  instant?: boolean;
  /** Text and select columns are searched unless false. */
  searchable?: boolean;
  /**
   * A text column of a table the list reaches by a foreign key ('co.name' through
   * l.customer_org_id): its filter and its search find the matching keys in that table before
   * the statement (LookupKeys, tested as `fk = any($keys)`; more keys than a parameter holds are
   * asked inside it, keysInside), instead of joining it to every row, so an index of the list's
   * table finds the rows and a million rows are not joined to be tested.
   */
  lookup?: {
    fk: string;
    from: string;
    key: string;
    /**
     * The name tested inside `from`, when it is not the column's own SQL: a column of the list's
     * own table whose few distinct values are also kept in a table of their own (the audit
     * trail's actors: a few hundred names over a million events). Its keys are then those
     * values (text): the rows are tested by equality, which a B-tree index answers and counts
     * from the index alone, where a substring test reads every matching row to recheck it.
     */
    name?: string;
    /**
     * The text tested inside `from`, when `from` names the column's text otherwise than its own
     * SQL and its keys are the table's own (a derived table of each row's names, by key).
     */
    text?: string;
    /**
     * Keys asked inside the statement stay an array (`fk = any(array(select …))`): for a list
     * whose every searched column has an index (the audit trail), so that the search's `or` is
     * a bitmap of those indexes; a hashed subplan's arm cannot be one, and the whole table is
     * read.
     */
    searchByIndex?: boolean;
    /**
     * A column of `from` that groups the keys as the list's rows are grouped (the chains an
     * actor acted in): where keys were found first, the rows are tested on the groups of those
     * keys too, `fk` of `group` among them, so that an index leading with the group (the
     * chain's, then the actor's) serves a list of every group (the Audit log) without an index
     * of the key alone.
     */
    group?: { fk: string; key: string };
  };
  /**
   * A select column computed from others (a state that depends on today's date): the predicate
   * of each value on the stored columns, which the planner can estimate and indexes can serve.
   * Every row meets exactly one of them: a sort by the column reads one value's rows after the
   * other (pageQuery).
   */
  when?: Readonly<Record<string, string>>;
  /**
   * The planner cannot price a filter of this column (isUnpriced): `when` predicates over
   * stored columns it prices as independent when they are not (a licence's state: 'Active' came
   * out at 0.7 of the truth at a million licences), or a value aggregated by a lateral join (a
   * customer's counts). A value computed by a subquery in its own SQL needs no flag.
   */
  unpriced?: boolean;
  /**
   * The sort's value, when the column's is reached through a join: a copy kept in the list's
   * own table as `orderOf` sorts the column (a text lowercased, collation "C"), which an index
   * orders after the scope (a licence's customer, product, subscription and user: migration
   * 096). Sorted by the joined value, a page walks the joined table in name order and each of
   * its rows' list rows, or sorts every row of the scope. The copy is exactly
   * `lower(sql) collate "C"` of the row it names (licence-sort-keys.test.ts holds them equal):
   * sortStart finds where a lookup's keys sort from that expression over the lookup's table.
   */
  sortKey?: string;
}
export type ColumnSqlMap<C extends ListColumns> = { readonly [K in keyof C]: ColumnSql };

export interface ListDef<C extends ListColumns, Row, Out> {
  columns: C;
  /** Every column of the contract's table, mapped to SQL (the type makes it complete). */
  sql: ColumnSqlMap<C>;
  /**
   * from and join clauses, without 'from'. Every join must keep the rows of the first table as
   * they are (an inner join along a not-null foreign key, a left join on a unique key): the
   * engine leaves out the joins a query does not reference when it counts and pages.
   */
  from: string;
  /**
   * Optional: `from` for the rows of one key (an SQL expression), when the answer rows cannot
   * be found by joining the keys to `from` cheaply: a union whose branch PostgreSQL cannot
   * search by key (it groups or anti-joins) would be computed in full once per key. The engine
   * reads each key's row through it as a lateral source.
   */
  fromKeyed?: (key: string) => string;
  /** The rows' unique integer key ('l.id'): tie-breaker, selections, export chunks. */
  key: string;
  /** The select list of one answer row; map turns a database row into the answer. */
  select: string;
  map: (row: Row) => Out;
  /**
   * Optional, for a list whose answer row is built in SQL as JSON (`select` is one json column
   * `row` and `map` answers it as it is): the same select list with the row cast to text. A
   * page then passes each row's text through to the answer (listPageJson, server/http/list.ts)
   * instead of the driver parsing it and the serializer writing it again.
   */
  selectJson?: string;
  defaultSort: { by: keyof C & string; desc?: boolean };
  /**
   * Optional: lookup columns whose keys a page can be read by, key by key (pageQuery's
   * `byKey`): an index by the scope's column and the lookup's foreign key carries every value
   * the list sorts by and its key, so that the first rows of each key are read from it alone.
   */
  pagesByKey?: readonly (keyof C & string)[];
}

/** The part of a request that only the route knows: where clauses from the path and extras. */
export interface Scope {
  where: string[];
  /** $1.. of the scope's where clauses and of the definition's from clause. */
  params: SqlParam[];
}

export interface ListQueryInput {
  search?: string | undefined;
  sortBy?: string | undefined;
  sortDesc?: boolean | undefined;
  filters?: Record<string, unknown> | undefined;
  timeZone?: string | undefined;
}

/**
 * The text of a column contains the pattern (case-insensitive; `pattern` a parameter). A lookup
 * column asks its table for the keys inside the statement (keysInside), where the trigram
 * indexes of migration 040 find them; a short list's (`joined`) tests each row's joined name.
 */
function textMatch(map: ColumnSql, pattern: string, joined: boolean): string {
  if (!map.lookup || joined) return `(${map.sql}) ilike ${pattern}`;
  return keysInside({ sql: map.sql, lookup: map.lookup }, pattern);
}

/**
 * How a query tests its lookup columns' texts: by the keys found first (LookupKeys; a column
 * missing there asks for its keys inside the statement), each row's joined name (JOINED: a
 * short list, listLookups in list.ts), or, without either, inside the statement.
 */
export type Lookups = LookupKeys | typeof JOINED | undefined;
/** Each row's joined name tested as it stands: a short list's rows need no keys found first. */
export const JOINED = 'joined';

/**
 * The rows whose lookup key is among those matching `pattern`, asked inside the statement (more
 * keys than LOOKUP_KEYS_LIMIT, or a caller that did not ask first): `exists (select … where key
 * = fk and name ilike …)`. As a filter (a conjunct of the where clause) the planner makes it a
 * semi-join priced from the lookup table's statistics (at a million licences, a subscription
 * filter matching most of them: a page 250-580 → 1-5 ms, its estimate 100 → 586,044 rows for
 * 583,543). As an arm of the search's `or` it is a subplan the planner runs either way: hashed
 * (the lookup's matching keys read once) for many rows, or one probe of the lookup's key per
 * row for a few. An organisation's own 74 licences searched for 'a' among 100,000 subscriptions
 * took 48 ms a statement as `fk in (select …)`, which is always hashed, and take 1 ms. A
 * searchByIndex lookup keeps the array, an index arm of the search's `or` (`fk = any(array(
 * select …))`, priced as ten keys whatever matches).
 */
function keysInside(looked: Looked, pattern: string): string {
  const { fk, key, searchByIndex } = looked.lookup;
  const found = keysMatching(looked, pattern);
  return searchByIndex ? `${fk} = any(array(${found}))` : `exists (${found} and ${key} = ${fk})`;
}

/**
 * The keys of a list's lookup columns whose name contains a text, found before the list's
 * statement (lookupKeys, server/http/list.ts) and sent as a parameter: the planner then prices
 * the test by the keys themselves, where `fk = any(array(select …))` is priced as ten keys
 * whatever matches (at a million audit events a rare search walked the whole trail), and a
 * lookup that matches nothing is known to match nothing. `search`: the search's lookup columns
 * (one that matches nothing leaves no arm in the search's `or`); `filters`: the lookup columns
 * with a text filter. A column missing from either is asked inside the statement.
 */
export interface LookupKeys {
  readonly search: Readonly<Record<string, readonly Key[]>>;
  readonly filters: Readonly<Record<string, readonly Key[]>>;
}
/** A lookup's key: a row's integer key, or a value itself (`lookup.name`). */
type Key = number | string;

type Lookup = NonNullable<ColumnSql['lookup']>;
export type Looked = { sql: string; lookup: Lookup };

/**
 * The select of a lookup column's keys whose name contains `pattern` (a parameter); `distinct`:
 * each key once (a table of names grouped by `lookup.group` holds a name once per group).
 */
export function keysMatching({ sql, lookup }: Looked, pattern: string, distinct = false): string {
  const { key, from, name, text } = lookup;
  return `select ${distinct ? 'distinct ' : ''}${key} from ${from} where (${name ?? text ?? sql}) ilike ${pattern}`;
}

/** The search's lookup columns: its text columns named through a lookup. */
export function searchedLookups<C extends ListColumns>(
  def: Pick<ListDef<C, never, unknown>, 'columns' | 'sql'>,
): Array<{ id: string } & Looked> {
  return searchedColumns(def).flatMap((id) => {
    const { sql, lookup } = def.sql[id] as ColumnSql;
    return (def.columns[id] as ListColumn).kind === 'text' && lookup ? [{ id, sql, lookup }] : [];
  });
}

/**
 * The rows whose lookup key is one of `keys` (a parameter): `fk = any($keys)`. PostgreSQL (14 and
 * later) tests a constant array of more than eight keys by a hash of it, one probe a row, and
 * prices it by its keys: an index of `fk` for a few, a walk of the sort's index for many, an
 * index arm of the search's `or`. (It was `fk in (select unnest($keys))`: alone in the where
 * clause that became a semi-join, which PostgreSQL 15 ran as a nested loop comparing each row
 * with every key. At a million licences sorted by customer, a search matching 1,335 customers
 * took 1.2 s a page, one matching one customer 0.2-1 s, now 180 and 7 ms.) The statement is
 * planned for its keys each time (PLANNED_PER_CALL): one actor's events and three hundred
 * organisations' need different plans, which a kept generic plan would price alike.
 */
function keysTest(sql: Sql, lookup: Lookup, keys: readonly Key[]): { test: string; keys: string } {
  const { fk, key, from, group } = lookup;
  const list = `${sql.param([...keys], lookup.name ? '::text[]' : '::int[]')} ${PLANNED_PER_CALL}`;
  const test = `${fk} = any(${list})`;
  if (!group) return { test, keys: list };
  const groups = `select ${group.key} from ${from} where ${key} = any(${list})`;
  return { test: `(${group.fk} = any(array(${groups})) and ${test})`, keys: list };
}
/** Told the placeholder of the keys a test sends (whereOf's `keyed`). */
type OnKeys = (list: string) => void;

/**
 * The search's test of a lookup column. With its keys found: none, no arm; else the rows whose
 * key is one of them (keysTest). Without them, the keys are asked inside the statement.
 */
function searchLookup(
  sql: Sql,
  { id, ...map }: { id: string } & Looked,
  pattern: () => string,
  keys: readonly Key[] | undefined,
): SearchArm[] {
  if (!keys) return [{ id, test: keysInside(map, pattern()) }];
  if (keys.length === 0) return [];
  return [{ id, ...keysTest(sql, map.lookup, keys) }];
}

/** A SQL fragment builder that numbers its parameters after the scope's. */
export class Sql {
  readonly params: SqlParam[];
  constructor(params: readonly SqlParam[]) {
    this.params = [...params];
  }
  param(value: SqlParam, cast = ''): string {
    this.params.push(value);
    return `$${this.params.length}${cast}`;
  }
}

export const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterSql(
  sql: Sql,
  column: ListColumn,
  map: ColumnSql,
  value: unknown,
  timeZone: string,
  keys: readonly Key[] | undefined,
  onKeys: OnKeys,
  joined: boolean,
): string | null {
  const e = `(${map.sql})`;
  switch (column.kind) {
    case 'text': {
      // Literal, as typed (the filter row's text is not trimmed); empty is no filter.
      const text = String(value);
      if (!text) return null;
      // Stryker disable next-line ConditionalExpression: the keys found first and the join's own test find the same rows; the keys are for the plan (search-index.test.ts, lookup-keys.test.ts)
      if (map.lookup && keys) {
        if (keys.length === 0) return 'false';
        const found = keysTest(sql, map.lookup, keys);
        onKeys(found.keys);
        return found.test;
      }
      return textMatch(map, sql.param(escapeLike(text)), joined);
    }
    case 'number': {
      let { min, max } = value as NumberFilter;
      // SPEC §5 (date ranges): a start after the end swaps them; ranges of numbers alike.
      if ((min ?? -Infinity) > (max ?? Infinity)) [min, max] = [max, min];
      // A whole bound is a bigint, which an integer column meets as itself: the planner reads
      // the column's statistics and its index. Against a numeric bound the column was cast,
      // and every range priced at a fixed share: 550,188 licences of 5 to 15 seats were
      // "about 10001". A fraction, or a whole number past 2^53, is numeric (any column compares).
      const bound = (n: number) => sql.param(n, Number.isSafeInteger(n) ? '::bigint' : '::numeric');
      const parts = [
        ...(min !== undefined ? [`${e} >= ${bound(min)}`] : []),
        ...(max !== undefined ? [`${e} <= ${bound(max)}`] : []),
      ];
      return parts.length ? parts.join(' and ') : null;
    }
    case 'date': {
      let { from, to } = value as DateFilter;
      // Days as YYYY-MM-DD compare as text.
      if ((from ?? '') > (to ?? '9999-12-31')) [from, to] = [to, from];
      const parts: string[] = [];
      if (map.instant) {
        // Days of the user's time zone: [start of from, start of the day after to).
        // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from the column anyway
        if (from) parts.push(`${e} >= ${sql.param(dayStart(from, timeZone), '::timestamptz')}`);
        // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from the column anyway
        if (to) parts.push(`${e} < ${sql.param(dayStart(nextDay(to), timeZone), '::timestamptz')}`);
      } else {
        // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from the column anyway
        if (from) parts.push(`${e} >= ${sql.param(from, '::date')}`);
        // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from the column anyway
        if (to) parts.push(`${e} <= ${sql.param(to, '::date')}`);
      }
      return parts.length ? parts.join(' and ') : null;
    }
    case 'select': {
      const values = (Array.isArray(value) ? value : [value]).map(String);
      // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: the same rows either way: the predicates are for the planner (licence-sort-keys.test.ts), and every value has one
      if (map.when) return `(${values.map((v) => `(${map.when?.[v] ?? 'false'})`).join(' or ')})`;
      // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from the column anyway
      return `${e} = any(${sql.param(values, '::text[]')})`;
    }
    case 'boolean':
      // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from the column anyway
      return `coalesce(${e}, false) = ${sql.param(value === true, '::boolean')}`;
  }
}

/** The columns a list's search reads: its text and select columns, unless marked otherwise. */
export function searchedColumns<C extends ListColumns>(
  def: Pick<ListDef<C, never, unknown>, 'columns' | 'sql'>,
): string[] {
  return Object.keys(def.columns).filter((id) => {
    const c = def.columns[id] as ListColumn;
    return (c.kind === 'text' || c.kind === 'select') && def.sql[id]?.searchable !== false;
  });
}

/**
 * The where clause of a list query: the scope, the filters and the search (`lookups`: how the
 * lookup columns' texts are tested; see Lookups). `keyed`: the lookup columns whose
 * keys every row must have (a filter's, or those of the search's only arm), each with its keys'
 * placeholder.
 */
export function whereOf<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  scope: Scope,
  query: ListQueryInput,
  lookups?: Lookups,
): {
  where: string;
  params: SqlParam[];
  keyed: Record<string, string>;
  /** The scope's and the filters' clauses: the where clause but for the search. */
  base: string[];
  /** The search's arms, any of which a row matches; none without a search. */
  arms: SearchArm[];
  /** A filter the planner cannot price is in the clause (isUnpriced): estimate on a sample. */
  unpriced: boolean;
} {
  const sql = new Sql(scope.params);
  const clauses = [...scope.where];
  const keyed: Record<string, string> = {};
  const timeZone = query.timeZone ?? 'UTC';
  const joined = lookups === JOINED;
  const found = joined ? undefined : lookups;
  let unpriced = false;
  for (const [id, value] of Object.entries(query.filters ?? {})) {
    // Own keys of the definition only (the contract's strict schema already refused others).
    if (value === undefined || value === null || !Object.hasOwn(def.columns, id)) continue;
    const clause = filterSql(
      sql,
      def.columns[id] as ListColumn,
      def.sql[id] as ColumnSql,
      value,
      timeZone,
      // Stryker disable next-line ConditionalExpression: the keys found first and the join's own test find the same rows; the keys are for the plan (search-index.test.ts, lookup-keys.test.ts)
      found && Object.hasOwn(found.filters, id) ? found.filters[id] : undefined,
      (list) => (keyed[id] = list),
      joined,
    );
    if (clause) {
      clauses.push(clause);
      unpriced ||= isUnpriced(def.sql[id] as ColumnSql);
    }
  }
  const base = [...clauses];
  const arms = searchArms(def, sql, query.search, found, joined);
  if (arms) {
    clauses.push(arms.length ? `(${arms.map((a) => a.test).join(' or ')})` : 'false');
    // The search's only arm is a lookup's keys: every row has one of them.
    const only = arms.length === 1 ? arms[0] : undefined;
    if (only?.keys) keyed[only.id] = only.keys;
  }
  return {
    where: clauses.length ? `where ${clauses.join(' and ')}` : '',
    params: sql.params,
    keyed,
    base,
    arms: arms ?? [],
    unpriced,
  };
}

/** One test of the search's `or`: of column `id`; `keys`: the placeholder of its lookup's keys. */
export interface SearchArm {
  id: string;
  test: string;
  keys?: string;
}

/**
 * The search's arms (undefined without a search; empty when nothing can match): each searched
 * column's test of the text (`lookups`: the keys of its lookup columns, found first; `joined`:
 * each row's joined names tested as they stand).
 */
function searchArms<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  sql: Sql,
  text: string | undefined,
  lookups: LookupKeys | undefined,
  joined: boolean,
): SearchArm[] | undefined {
  const search = text?.trim();
  if (!search) return undefined;
  let pattern: string | undefined;
  const patternParam = () => (pattern ??= sql.param(escapeLike(search)));
  const needle = search.toLowerCase();
  return searchedColumns(def).flatMap((id): SearchArm[] => {
    const column = def.columns[id] as ListColumn;
    const map = def.sql[id] as ColumnSql;
    // Stryker disable next-line ConditionalExpression,StringLiteral: a select column's text tested as text finds the same rows; its known values are for the plan
    if (column.kind !== 'select') {
      // Stryker disable next-line ConditionalExpression: the keys found first and the join's own test find the same rows; the keys are for the plan (search-index.test.ts, lookup-keys.test.ts)
      if (!map.lookup || joined) return [{ id, test: textMatch(map, patternParam(), joined) }];
      // Stryker disable next-line ConditionalExpression: the keys found first and the join's own test find the same rows; the keys are for the plan (search-index.test.ts, lookup-keys.test.ts)
      const keys = lookups && Object.hasOwn(lookups.search, id) ? lookups.search[id] : undefined;
      return searchLookup(sql, { id, sql: map.sql, lookup: map.lookup }, patternParam, keys);
    }
    // A select column's values are known: test them here, and the rows by equality.
    const hits = column.values.filter((v) => v.toLowerCase().includes(needle));
    // Stryker disable next-line ConditionalExpression: an empty list of values matches no row, as no clause does
    if (hits.length === 0) return [];
    // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: the same rows either way: the predicates are for the planner (licence-sort-keys.test.ts), and every value has one
    if (map.when) return hits.map((v) => ({ id, test: `(${map.when?.[v] ?? 'false'})` }));
    // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from the column anyway
    return [{ id, test: `(${map.sql}) = any(${sql.param(hits, '::text[]')})` }];
  });
}

/** The column a query sorts by (the list's default unless it names a sortable one) and how. */
function sortOf<C extends ListColumns>(def: ListDef<C, unknown, unknown>, query: ListQueryInput) {
  const requested =
    query.sortBy && Object.hasOwn(def.columns, query.sortBy) ? query.sortBy : undefined;
  const by = requested ?? def.defaultSort.by;
  const desc = requested ? query.sortDesc === true : def.defaultSort.desc === true;
  return { by, column: def.columns[by] as ListColumn, map: def.sql[by] as ColumnSql, desc };
}

/**
 * The order by clause: the column (text case-insensitively, in code point order as the portal's
 * client mode compares), then the key in the same direction, so that one index serves a column
 * both ways; nulls last in both directions. `reverse`: the same order read from its end (each
 * direction turned, nulls first), which an index serving the order serves read backwards.
 * `named`: the same order of a subquery's columns, the sorted value and the key so named.
 */
export function orderOf<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  query: ListQueryInput,
  reverse = false,
  named?: { value: string; key: string },
): string {
  const { column, map, desc } = sortOf(def, query);
  const dir = desc !== reverse ? 'desc' : 'asc';
  const key = named?.key ?? def.key;
  if (!isSortable(column) || map.sql === def.key) return `${key} ${dir}`;
  const expr = sortValue(column, map);
  const nulls = map.nullable ? (reverse ? ' nulls first' : ' nulls last') : '';
  return `${named?.value ?? expr} ${dir}${nulls}, ${key} ${dir}`;
}

/** The value a sortable column sorts by (orderOf). */
function sortValue(column: ListColumn, map: ColumnSql): string {
  if (map.sortKey) return map.sortKey;
  if (column.kind === 'text') return `lower(${map.sql}) collate "C"`;
  // Stryker disable next-line ConditionalExpression,StringLiteral: every select column's values are capitalised ASCII words (states, statuses), which any collation orders by code point
  return column.kind === 'select' ? `(${map.sql}) collate "C"` : `(${map.sql})`;
}

/**
 * A sort by a computed select column (`when`: a state that depends on today's date, so no index
 * holds its order) as one branch per value, in the sort's order: each branch the rows of that
 * value in key order, as an index of the scope and the key reads them, up to the page's end. A
 * page then reads at most a page's depth of rows per value, where the column's own order
 * computed the value of every row of the scope and sorted them all (a million licences by
 * state: 100-400 ms a page). Null when the sort is not by such a column.
 */
function perValueOrder<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  query: ListQueryInput,
  reverse: boolean,
): { desc: boolean; predicates: string[] } | null {
  const { column, map, desc: sortDesc } = sortOf(def, query);
  // Read from the end: the values and each value's keys the other way (no nulls here).
  const desc = sortDesc !== reverse;
  // Every value needs its predicate and every row one of them: a row matching none, or a null,
  // would drop out of the page.
  if (!isSortable(column) || column.kind !== 'select' || !map.when || map.nullable) return null;
  const when = map.when;
  // The code point order of `orderOf`'s collate "C" (the values are ASCII words).
  const values = [...column.values].sort();
  if (!values.every((v) => Object.hasOwn(when, v))) return null;
  if (desc) values.reverse();
  return { desc, predicates: values.map((v) => when[v] as string) };
}

interface Join {
  alias: string;
  sql: string;
}
const parsedFroms = new Map<string, { table: string; joins: Join[] }>();

/** Splits a from clause into its first table and its top-level joins, each with its alias. */
function parseFrom(from: string) {
  let parsed = parsedFroms.get(from);
  if (parsed) return parsed;
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const re = /[()]|\b(?:(?:left|inner)\s+)?join\b/gi;
  for (let m = re.exec(from); m; m = re.exec(from)) {
    if (m[0] === '(') depth++;
    else if (m[0] === ')') depth--;
    else if (depth === 0) {
      parts.push(from.slice(start, m.index).trim());
      start = m.index;
    }
  }
  parts.push(from.slice(start).trim());
  const [table = '', ...rest] = parts;
  const joins = rest.map((sql) => {
    const alias = /\s(\w+)\s+on\s/i.exec(sql)?.[1];
    if (!alias) throw new Error(`A list's join without an alias: ${sql}`);
    return { alias, sql };
  });
  parsed = { table, joins };
  parsedFroms.set(from, parsed);
  return parsed;
}

/**
 * A filter on this column is one the planner cannot price: a value computed by a subquery (a
 * subscription's seats used: a fixed third of the rows whatever the bound), or a column marked
 * `unpriced`. Such a query's estimate is counted on a sample instead (sampledFrom).
 */
export const isUnpriced = (map: ColumnSql) => map.unpriced ?? /\(\s*select\b/i.test(map.sql);

/**
 * `from` with its first table read as a random sample (`tablesample bernoulli`), the same rows
 * at each call while the table is unchanged, and the share it reads (percent, an SQL expression
 * `share` makes of the table's name). Counted on it and scaled, an estimate of the matching rows
 * that holds whatever the planner can price. Null when `from` starts with a derived table.
 */
export function sampledFrom(from: string, share: (table: string) => string) {
  const { table } = parseFrom(from);
  const name = /^(\w+)\s+\w+$/.exec(table)?.[1];
  if (!name) return null;
  const percent = share(name);
  return {
    from: `${table} tablesample bernoulli (${percent}) repeatable (0)${from.slice(table.length)}`,
    percent,
  };
}

const aliasesIn = (sql: string) =>
  new Set([...sql.matchAll(/\b([a-z_]\w*)\./gi)].map((m) => m[1] as string));

/**
 * The from clause a query needs: the first table and the joins its SQL refers to (with the
 * joins those refer to), and those holding a parameter the query's SQL does not (every
 * parameter must stay referenced). A page deep in a million rows then walks one index, not six
 * joins; a page of customers by name walks the organisations, not their grouped sales.
 */
export function fromFor(from: string, ...sql: string[]): string {
  const { table, joins } = parseFrom(from);
  const text = sql.join(' ');
  const wanted = aliasesIn(text);
  const placed = new Set(text.match(/\$\d+/g));
  for (const j of joins)
    if (j.sql.match(/\$\d+/g)?.some((p) => !placed.has(p))) wanted.add(j.alias);
  let grew = true;
  while (grew) {
    grew = false;
    for (const j of joins) {
      if (!wanted.has(j.alias)) continue;
      for (const a of aliasesIn(j.sql)) {
        if (!wanted.has(a)) {
          wanted.add(a);
          grew = true;
        }
      }
    }
  }
  return [table, ...joins.filter((j) => wanted.has(j.alias)).map((j) => j.sql)].join(' ');
}

/**
 * The answer rows of a set of keys (`keys`: a from item named `alias` with columns __key and
 * __n): joined to the definition's from clause, or through its fromKeyed one key at a time.
 */
export function rowsOfKeys(
  def: Pick<ListDef<ListColumns, unknown, unknown>, 'from' | 'fromKeyed' | 'key'>,
  keys: string,
  alias: string,
): string {
  return def.fromKeyed
    ? `${keys} cross join lateral ${def.fromKeyed(`${alias}.__key`)}`
    : `${def.from} join ${keys} on ${def.key} = ${alias}.__key`;
}

/**
 * The statement of one page's keys (one more than asked, for hasMore), over the joins the
 * filters and the sort need; its rows are read by key in a second statement (keyedRowsQuery).
 * Two statements, because PostgreSQL plans them apart: the keys' plan depends on how few rows
 * are wanted and is made for each call, but it holds one table and the joins its filters and
 * sort name; the rows' statement, the definition's whole join (six tables for a licence), is
 * planned once per connection. As one statement the join was planned again for every page
 * (1M licences: 1.4 ms of planning per page, more than running it; pg_stat_statements).
 * `reverse`: skip and take count from the list's end, and the keys come last row first.
 */
export function pageQuery<C extends ListColumns, Row, Out>(
  def: ListDef<C, Row, Out>,
  scope: Scope,
  query: ListQueryInput & { skip?: number | undefined; take?: number | undefined },
  lookups?: Lookups,
  reverse = false,
) {
  const { skip, take } = pageOf(query);
  const { where, params, keyed, base, arms, unpriced } = whereOf(
    def as ListDef<C, unknown, unknown>,
    scope,
    query,
    lookups,
  );
  const order = orderOf(def as ListDef<C, unknown, unknown>, query, reverse);
  const from = fromFor(def.from, where, order, def.key);
  const scoped = scope.where.length ? `where ${scope.where.join(' and ')}` : '';
  // Limit and offset as parameters: one statement text per query shape, prepared once.
  const page = new Sql(params);
  // A plain page (the scope alone, in key order: what a list shows first and pages through)
  // walks the key's order whatever its limit and offset. Those are read through a subquery,
  // which the planner does not look into, so that every plan prices the same rows and
  // PostgreSQL keeps its generic plan. Filtered, searched and sorted pages keep their limit in
  // sight: their plans depend on how few rows are wanted.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: the same rows either way; which plan PostgreSQL keeps (docs/performance.md, session 34)
  const plain = where === scoped && (order === `${def.key} asc` || order === `${def.key} desc`);
  const bound = (placeholder: string) => (plain ? `(select ${placeholder})` : placeholder);
  const limit = bound(page.param(take + 1, '::int'));
  const offset = bound(page.param(skip, '::int'));
  const perValue = perValueOrder(def as ListDef<C, unknown, unknown>, query, reverse);
  if (perValue) {
    // Stryker disable next-line StringLiteral: ascending is the default order
    const dir = perValue.desc ? 'desc' : 'asc';
    // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers for a limit anyway
    const depth = page.param(skip + take + 1, '::int');
    const byKey = fromFor(def.from, where, def.key, ...perValue.predicates);
    const branches = perValue.predicates.map(
      (test, i) =>
        `(select ${def.key} as __key, ${i} as __v from ${byKey} ${where ? `${where} and` : 'where'} (${test}) order by ${def.key} ${dir} limit ${depth})`,
    );
    const sql = `select __key from (${branches.join(' union all ')}) __values order by __v, __key ${dir} limit ${limit} offset ${offset}`;
    return { sql, params: page.params, from, where, whereParams: params, unpriced };
  }
  const listDef = def as ListDef<C, unknown, unknown>;
  const { by, column, map } = sortOf(listDef, query);
  // The search's arm of the sorted column, when no filter keys it (a start needs its keys).
  const keyedBy = Object.hasOwn(keyed, by) ? keyed[by] : undefined;
  const own = keyedBy ? undefined : arms.find((a) => a.id === by);
  const start = sortStart(listDef, query, keyedBy ?? own?.keys, reverse);
  if (start && own) {
    // Its rows from where their names start, and the other arms' rows as their own plan finds
    // them, each up to the page's end; the page is taken from the two.
    // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers for a limit anyway
    const depth = page.param(skip + take + 1, '::int');
    const others = arms.filter((a) => a !== own).map((a) => a.test);
    const branch = (test: string) =>
      `(select ${def.key} as __key, ${sortValue(column, map)} as __v from ${from} where ${[...base, test].join(' and ')} order by ${order} limit ${depth})`;
    const named = orderOf(listDef, query, reverse, { value: '__v', key: '__key' });
    const sql = `select __key from (${branch(`${own.test} and ${start}`)} union ${branch(`(${others.join(' or ')})`)}) __arms order by ${named} limit ${limit} offset ${offset}`;
    return { sql, params: page.params, from, where, whereParams: params, unpriced };
  }
  const walked = start ? `${where} and ${start}` : where;
  const sql = `select ${def.key} as __key from ${from} ${walked} order by ${order} limit ${limit} offset ${offset}`;
  const byKey = start || reverse ? undefined : byKeyPage(listDef, query, where, keyed, params);
  return { sql, params: page.params, from, where, whereParams: params, unpriced, byKey };
}

/**
 * The same page read key by key (ListDef's pagesByKey): every row has one of a lookup's keys
 * (whereOf's `keyed`), so the page is taken from each key's first rows in the sort's order,
 * each key's read from the index by the scope and the lookup's foreign key. A walk in the
 * sort's order, testing each row's key, passes every row that sorts before the page's matches:
 * when the matching keys' rows sort together (the subscriptions of the customers a name
 * matches, far into their order), hundreds of thousands of rows. This costs what the matches hold instead, whatever the order, so the
 * list asks for it only when they are few (pagesByKey in list.ts). Undefined for a page it does
 * not serve: the sort by that lookup column (sortStart's walk), or no such keys; and in key
 * order, where the walk is what a plain page does and reading every key's first rows cost the
 * search of the lists benchmark (at a million licences, 'ridge' in key order) 60 % of its
 * throughput under load (docs/performance.md, session 59).
 */
function byKeyPage<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  query: ListQueryInput & { skip?: number | undefined; take?: number | undefined },
  where: string,
  keyed: Record<string, string>,
  params: readonly SqlParam[],
): { sql: string; params: SqlParam[] } | undefined {
  const { by, column, map } = sortOf(def, query);
  const id = def.pagesByKey?.find((c) => c !== by && Object.hasOwn(keyed, c));
  const lookup = id === undefined ? undefined : (def.sql[id] as ColumnSql).lookup;
  if (id === undefined || !lookup || lookup.group) return undefined;
  const { skip, take } = pageOf(query);
  const page = new Sql(params);
  const order = orderOf(def, query);
  const named = orderOf(def, query, false, { value: '__v', key: '__key' });
  if (!named.includes('__v')) return undefined;
  // Keyed rows have a where clause: the keys' test is in it.
  const of = `${where} and ${lookup.fk} = __k.v`;
  const from = fromFor(def.from, of, order, def.key);
  // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers for a limit anyway
  const depth = page.param(skip + take + 1, '::int');
  const firsts = `select ${def.key} as __key, ${sortValue(column, map)} as __v from ${from} ${of} order by ${order} limit ${depth}`;
  const limit = page.param(take + 1, '::int');
  const offset = page.param(skip, '::int');
  const sql = `select __key from unnest(${keyed[id]}) as __k(v) cross join lateral (${firsts}) __firsts order by ${named} limit ${limit} offset ${offset}`;
  return { sql, params: page.params };
}

/**
 * Where the walk of a page sorted by a lookup column starts, when every row it walks has one of
 * that lookup's keys (`list`: their placeholder; whereOf's `keyed`, or the search's arm of that
 * column in a branch of its own): at the first of those keys' names in the sort's direction
 * (`value >= min(lower(name))` ascending, the value its sortKey or the joined name lowercased;
 * `reverse`: read from the end). The planner walks the sort's index expecting the matching rows
 * to be spread over it; here they are where their names sort. At a million licences sorted by
 * customer, a search matching only customers named 'Ridge…' walked from 'a' to 'r' (1.4 s a
 * page); 100,000 subscriptions sorted by subscriber probed each customer's from 'a' (95 ms).
 * Only the page's statement has it: the count and the estimate of the total are of the same
 * rows without it, which the planner would otherwise price twice.
 */
function sortStart<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  query: ListQueryInput,
  list: string | undefined,
  reverse: boolean,
): string | null {
  const { column, map, desc } = sortOf(def, query);
  if (!list || !map.lookup) return null;
  const { from, key, name, text } = map.lookup;
  const first = desc !== reverse ? 'max' : 'min';
  const names = `select ${first}(lower(${name ?? text ?? map.sql}) collate "C") from ${from} where ${name ?? key} = any(${list})`;
  return `${sortValue(column, map)} ${first === 'max' ? '<=' : '>='} (${names})`;
}

/**
 * The statement of the rows of some keys (`select`: the definition's select list), in the keys'
 * order, within the scope again (a key names a row only within it, e.g. a user among an
 * organisation's members): rows gone from the scope are skipped.
 */
export function keyedRowsQuery(
  def: Pick<ListDef<ListColumns, unknown, unknown>, 'from' | 'fromKeyed' | 'key'>,
  select: string,
  scope: Scope,
  keys: readonly number[],
) {
  const sql = new Sql(scope.params);
  const list = sql.param([...keys], '::int[]');
  const where = scope.where.length ? `where ${scope.where.join(' and ')}` : '';
  return {
    sql: `select ${select} from ${rowsOfKeys(def, `unnest(${list}) with ordinality as __sel(__key, __n)`, '__sel')}
     ${where} order by __sel.__n`,
    params: sql.params,
  };
}

/**
 * The user cell as the portals show it (SPEC §3, src/core/format formatUser): 'First Last
 * <email>', or 'Pending user activation' without a first name; null without a user.
 */
export const userDisplaySql = (u: string) => `case
  when ${u}.id is null then null
  when btrim(coalesce(${u}.first_name, '')) = '' then 'Pending user activation'
  else btrim(btrim(${u}.first_name) || ' ' || btrim(coalesce(${u}.last_name, ''))) || ' <' || lower(btrim(${u}.email)) || '>'
end`;

/** The SQL of the contract's personColumns for the users table under alias `u`. */
export const personSql = (u: string) => ({
  id: { sql: `${u}.id` },
  user: { sql: userDisplaySql(u) },
  email: { sql: `${u}.email` },
  firstName: { sql: `${u}.first_name`, nullable: true },
  lastName: { sql: `${u}.last_name`, nullable: true },
});
