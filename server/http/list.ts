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
}
export type ColumnSqlMap<C extends ListColumns> = { readonly [K in keyof C]: ColumnSql };

export interface ListDef<C extends ListColumns, Row, Out> {
  columns: C;
  /** Every column of the contract's table, mapped to SQL (the type makes it complete). */
  sql: ColumnSqlMap<C>;
  /** from and join clauses, without 'from'. */
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
      const text = String(value).trim();
      return text ? `${e} ilike ${sql.param(escapeLike(text))}` : null;
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
    const searched = searchedColumns(def);
    if (searched.length) {
      const p = sql.param(escapeLike(search));
      clauses.push(`(${searched.map((id) => `(${def.sql[id]?.sql}) ilike ${p}`).join(' or ')})`);
    }
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
 * One page with its total. The page asks one row more than it shows (hasMore). The total is
 * exact without a count when the page is the last; otherwise counted exactly up to
 * EXACT_COUNT_LIMIT, beyond that the planner's estimate (totalIsEstimate). A page past the end
 * is counted exactly, so the portal can go to the true last page.
 */
export async function listPage<C extends ListColumns, Row, Out>(
  db: Queryable,
  def: ListDef<C, Row, Out>,
  scope: Scope,
  query: ListQueryInput & { skip?: number | undefined; take?: number | undefined },
): Promise<ListPage<Out>> {
  const { skip, take } = pageOf(query);
  const { where, params } = whereOf(def as ListDef<C, unknown, unknown>, scope, query);
  const rows = await db.query<Row>(
    `select ${def.select} from ${def.from} ${where} order by ${orderOf(def as ListDef<C, unknown, unknown>, query)} limit ${take + 1} offset ${skip}`,
    params,
  );
  const hasMore = rows.length > take;
  const page = hasMore ? rows.slice(0, take) : rows;
  let total: number;
  let totalIsEstimate = false;
  if (!hasMore && (page.length > 0 || skip === 0)) {
    total = skip + page.length;
  } else if (!hasMore) {
    total = await countUpTo(db, def.from, where, params);
  } else {
    total = await countUpTo(db, def.from, where, params, EXACT_COUNT_LIMIT);
    if (total > EXACT_COUNT_LIMIT) {
      totalIsEstimate = true;
      total = Math.max(await estimate(db, def.from, where, params), total, skip + take + 1);
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
  const [row] = await db.query<{ keys: number[] | null }>(
    `select array_agg(${def.key} order by ${orderOf(def, selection)}) as keys from ${def.from} ${where}`,
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
