/**
 * The list engine (docs/lists.md): one declarative definition per list maps each column id of
 * the contract's column table to its SQL expression; from it come the filters, the search, the
 * sort, the page with its counting, and the ordered id snapshot that exports and bulk actions
 * walk. Every value reaches SQL as a parameter; only the definition's own SQL is spliced in.
 */
import {
  EXACT_COUNT_LIMIT,
  isSortable,
  type DateFilter,
  type ListColumn,
  type ListColumns,
  type ListPage,
  type NumberFilter,
} from '@/contract/lists';
import type { Queryable, SqlParam } from '../db/types';
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
   * l.customer_org_id): its filter and search ask that table for the matching keys
   * (`fk = any(array(select key from … where …))`) instead of joining it to every row, so
   * an index of the list's table finds the rows and a million rows are not joined to be tested.
   */
  lookup?: { fk: string; from: string; key: string };
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
  /** The rows' unique integer key ('l.id'): tie-breaker, selections, export chunks. */
  key: string;
  /** The select list of one answer row; map turns a database row into the answer. */
  select: string;
  map: (row: Row) => Out;
  defaultSort: { by: keyof C & string; desc?: boolean };
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

/** The text of a column contains the pattern (case-insensitive; `pattern` a parameter). */
function textMatch(map: ColumnSql, pattern: string): string {
  if (!map.lookup) return `(${map.sql}) ilike ${pattern}`;
  const { fk, from, key } = map.lookup;
  return `${fk} = any(array(select ${key} from ${from} where (${map.sql}) ilike ${pattern}))`;
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

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterSql(
  sql: Sql,
  column: ListColumn,
  map: ColumnSql,
  value: unknown,
  timeZone: string,
): string | null {
  const e = `(${map.sql})`;
  switch (column.kind) {
    case 'text': {
      // Literal, as typed (the filter row's text is not trimmed); empty is no filter.
      const text = String(value);
      return text ? textMatch(map, sql.param(escapeLike(text))) : null;
    }
    case 'number': {
      let { min, max } = value as NumberFilter;
      // SPEC §5 (date ranges): a start after the end swaps them; ranges of numbers alike.
      if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
      const parts = [
        ...(min !== undefined ? [`${e} >= ${sql.param(min, '::numeric')}`] : []),
        ...(max !== undefined ? [`${e} <= ${sql.param(max, '::numeric')}`] : []),
      ];
      return parts.length ? parts.join(' and ') : null;
    }
    case 'date': {
      let { from, to } = value as DateFilter;
      if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
      const parts: string[] = [];
      if (map.instant) {
        // Days of the user's time zone: [start of from, start of the day after to).
        if (from) parts.push(`${e} >= ${sql.param(dayStart(from, timeZone), '::timestamptz')}`);
        if (to) parts.push(`${e} < ${sql.param(dayStart(nextDay(to), timeZone), '::timestamptz')}`);
      } else {
        if (from) parts.push(`${e} >= ${sql.param(from, '::date')}`);
        if (to) parts.push(`${e} <= ${sql.param(to, '::date')}`);
      }
      return parts.length ? parts.join(' and ') : null;
    }
    case 'select': {
      const values = Array.isArray(value) ? value : [value];
      return `${e} = any(${sql.param(values.map(String), '::text[]')})`;
    }
    case 'boolean':
      return `coalesce(${e}, false) = ${sql.param(value === true, '::boolean')}`;
  }
}

/** The columns a list's search reads: its text and select columns, unless marked otherwise. */
export function searchedColumns<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
): string[] {
  return Object.keys(def.columns).filter((id) => {
    const c = def.columns[id] as ListColumn;
    return (c.kind === 'text' || c.kind === 'select') && def.sql[id]?.searchable !== false;
  });
}

/** The where clause of a list query: the scope, the filters and the search. */
export function whereOf<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  scope: Scope,
  query: ListQueryInput,
): { where: string; params: SqlParam[] } {
  const sql = new Sql(scope.params);
  const clauses = [...scope.where];
  const timeZone = query.timeZone ?? 'UTC';
  for (const [id, value] of Object.entries(query.filters ?? {})) {
    // Own keys of the definition only (the contract's strict schema already refused others).
    if (value === undefined || value === null || !Object.hasOwn(def.columns, id)) continue;
    const clause = filterSql(
      sql,
      def.columns[id] as ListColumn,
      def.sql[id] as ColumnSql,
      value,
      timeZone,
    );
    if (clause) clauses.push(clause);
  }
  const search = query.search?.trim();
  if (search) {
    let pattern: string | undefined;
    const needle = search.toLowerCase();
    const tests = searchedColumns(def).flatMap((id) => {
      const column = def.columns[id] as ListColumn;
      const map = def.sql[id] as ColumnSql;
      if (column.kind !== 'select')
        return [textMatch(map, (pattern ??= sql.param(escapeLike(search))))];
      // A select column's values are known: test them here, and the rows by equality.
      const hits = column.values.filter((v) => v.toLowerCase().includes(needle));
      return hits.length ? [`(${map.sql}) = any(${sql.param(hits, '::text[]')})`] : [];
    });
    clauses.push(tests.length ? `(${tests.join(' or ')})` : 'false');
  }
  return { where: clauses.length ? `where ${clauses.join(' and ')}` : '', params: sql.params };
}

/**
 * The order by clause: the column (text case-insensitively, in code point order as the portal's
 * client mode compares), then the key in the same direction, so that one index serves a column
 * both ways; nulls last in both directions.
 */
export function orderOf<C extends ListColumns>(
  def: ListDef<C, unknown, unknown>,
  query: ListQueryInput,
): string {
  const requested =
    query.sortBy && Object.hasOwn(def.columns, query.sortBy) ? query.sortBy : undefined;
  const by = requested ?? def.defaultSort.by;
  const desc = requested ? query.sortDesc === true : def.defaultSort.desc === true;
  const column = def.columns[by] as ListColumn;
  const map = def.sql[by] as ColumnSql;
  const dir = desc ? 'desc' : 'asc';
  if (!isSortable(column) || map.sql === def.key) return `${def.key} ${dir}`;
  const expr =
    column.kind === 'text'
      ? `lower(${map.sql}) collate "C"`
      : column.kind === 'select'
        ? `(${map.sql}) collate "C"`
        : `(${map.sql})`;
  return `${expr} ${dir}${map.nullable ? ' nulls last' : ''}, ${def.key} ${dir}`;
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

const aliasesIn = (sql: string) =>
  new Set([...sql.matchAll(/\b([a-z_]\w*)\./gi)].map((m) => m[1] as string));

/**
 * The from clause a query needs: the first table and the joins its SQL refers to (with the
 * joins those refer to), and those holding a parameter (every parameter must stay referenced).
 * A page deep in a million rows then walks one index, not six joins.
 */
export function fromFor(from: string, ...sql: string[]): string {
  const { table, joins } = parseFrom(from);
  const wanted = aliasesIn(sql.join(' '));
  for (const j of joins) if (j.sql.includes('$')) wanted.add(j.alias);
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

/** Counts matching rows, at most `limit` + 1 of them. */
async function countUpTo(
  db: Queryable,
  from: string,
  where: string,
  params: SqlParam[],
  limit?: number,
) {
  const inner = `select 1 from ${from} ${where}${limit === undefined ? '' : ` limit ${limit + 1}`}`;
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (${inner}) t`,
    params,
  );
  return row?.n ?? 0;
}

/** The planner's estimate of the matching rows (EXPLAIN, nothing run). */
async function estimate(db: Queryable, from: string, where: string, params: SqlParam[]) {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 from ${from} ${where}`,
    params,
  );
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Estimated totals, remembered for a short while by the query they count: a table in server
 * mode asks the same query for page after page (and prefetches the next), and a total that is
 * "about N" anyway need not be counted again each time. Exact totals are never cached.
 */
const ESTIMATE_TTL_MS = 30_000;
const estimates = new Map<string, { total: number; at: number }>();
function rememberedEstimate(key: string): number | undefined {
  const hit = estimates.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > ESTIMATE_TTL_MS) {
    estimates.delete(key);
    return undefined;
  }
  return hit.total;
}
function rememberEstimate(key: string, total: number) {
  if (estimates.size >= 1000) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { total, at: Date.now() });
}

/**
 * One page with its total. The page asks one row more than it shows (hasMore). The total is
 * exact without a count when the page is the last; otherwise counted exactly up to
 * EXACT_COUNT_LIMIT, beyond that the planner's estimate (totalIsEstimate, remembered for 30 s).
 * A page past the end is counted exactly, so the portal can go to the true last page.
 */
export async function listPage<C extends ListColumns, Row, Out>(
  db: Queryable,
  def: ListDef<C, Row, Out>,
  scope: Scope,
  query: ListQueryInput & { skip?: number | undefined; take?: number | undefined },
): Promise<ListPage<Out>> {
  const { skip, take } = pageOf(query);
  const { where, params } = whereOf(def as ListDef<C, unknown, unknown>, scope, query);
  const order = orderOf(def as ListDef<C, unknown, unknown>, query);
  const from = fromFor(def.from, where, order, def.key);
  // The page's keys first, over the joins the filters and the sort need; then its rows (in
  // the scope again: a key names a row only within it, e.g. a user among an org's members).
  const scoped = scope.where.length ? `where ${scope.where.join(' and ')}` : '';
  const rows = await db.query<Row>(
    `select ${def.select} from ${def.from}
       join unnest(array(select ${def.key} from ${from} ${where} order by ${order} limit ${take + 1} offset ${skip}))
         with ordinality as __page(__key, __n) on ${def.key} = __page.__key
     ${scoped} order by __page.__n`,
    params,
  );
  const hasMore = rows.length > take;
  const page = hasMore ? rows.slice(0, take) : rows;
  let total: number;
  let totalIsEstimate = false;
  if (!hasMore && (page.length > 0 || skip === 0)) {
    total = skip + page.length;
  } else if (!hasMore) {
    total = await countUpTo(db, from, where, params);
  } else {
    const key = JSON.stringify([from, where, params]);
    const remembered = rememberedEstimate(key);
    if (remembered !== undefined) {
      totalIsEstimate = true;
      total = Math.max(remembered, skip + take + 1);
    } else {
      total = await countUpTo(db, from, where, params, EXACT_COUNT_LIMIT);
      if (total > EXACT_COUNT_LIMIT) {
        totalIsEstimate = true;
        total = Math.max(await estimate(db, from, where, params), total);
        rememberEstimate(key, total);
        total = Math.max(total, skip + take + 1);
      }
    }
  }
  return {
    results: page.map(def.map),
    fetchedCount: page.length,
    skippedCount: skip,
    totalAvailable: total,
    totalIsEstimate,
    hasMore,
  };
}

export interface SelectionQuery extends ListQueryInput {
  ids?: number[] | undefined;
  all?: true | undefined;
  except?: number[] | undefined;
}

/**
 * The keys of the selected rows in list order, read once (an export or a bulk action then walks
 * them in chunks, whatever happens to the sort keys meanwhile). `ids`: those of them the scope
 * holds (filters and search do not apply: a selection is kept across filters); `all`: every
 * matching row but `except`.
 */
export async function selectedKeys<C extends ListColumns>(
  db: Queryable,
  def: ListDef<C, unknown, unknown>,
  scope: Scope,
  selection: SelectionQuery,
): Promise<number[]> {
  const sql = new Sql(scope.params);
  const narrowed: Scope = { where: [...scope.where], params: [] };
  if (selection.ids)
    narrowed.where.push(`${def.key} = any(${sql.param(selection.ids, '::int[]')})`);
  if (selection.except?.length)
    narrowed.where.push(`not (${def.key} = any(${sql.param(selection.except, '::int[]')}))`);
  narrowed.params = sql.params;
  const query = selection.ids
    ? { sortBy: selection.sortBy, sortDesc: selection.sortDesc }
    : selection;
  const { where, params } = whereOf(def, narrowed, query);
  const order = orderOf(def, selection);
  const [row] = await db.query<{ keys: number[] | null }>(
    `select array_agg(${def.key} order by ${order}) as keys from ${fromFor(def.from, where, order, def.key)} ${where}`,
    params,
  );
  return row?.keys ?? [];
}

/** The answer rows of some keys, in the keys' order (rows gone from the scope are skipped). */
export async function rowsByKeys<C extends ListColumns, Row, Out>(
  db: Queryable,
  def: ListDef<C, Row, Out>,
  scope: Scope,
  keys: number[],
): Promise<Out[]> {
  if (keys.length === 0) return [];
  const sql = new Sql(scope.params);
  const list = sql.param(keys, '::int[]');
  const where = scope.where.length ? `where ${scope.where.join(' and ')}` : '';
  const rows = await db.query<Row>(
    `select ${def.select} from ${def.from}
       join unnest(${list}) with ordinality as __sel(__key, __n) on ${def.key} = __sel.__key
     ${where} order by __sel.__n`,
    sql.params,
  );
  return rows.map(def.map);
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
