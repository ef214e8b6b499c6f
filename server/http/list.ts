/**
 * The list engine's queries (docs/lists.md): one page with its total (exact up to a threshold,
 * estimated beyond), and the ordered keys of a selection with the rows of some keys, which the
 * exports and bulk actions walk. The SQL they run is built in server/http/list-sql.ts.
 */
import {
  EXACT_COUNT_LIMIT,
  type ListColumn,
  type ListColumns,
  type ListPage,
} from '@/contract/lists';
import type { Queryable, SqlParam } from '../db/types';
import { JsonText, pageOf } from './envelope';
import {
  Sql,
  fromFor,
  orderOf,
  sampledFrom,
  pageQuery,
  escapeLike,
  keyedRowsQuery,
  searchedLookups,
  keysMatching,
  whereOf,
  JOINED,
  type Lookups,
  type ColumnSql,
  type Looked,
  type LookupKeys,
  type ListDef,
  type ListQueryInput,
  type Scope,
} from './list-sql';

export * from './list-sql';

/**
 * At most this many keys of one lookup column are sent as a parameter; a text matching more (a
 * common word among a million customers) has its keys asked inside the statement, where a hashed
 * subplan holds them, instead of shipping megabytes of keys twice (page, count).
 */
export const LOOKUP_KEYS_LIMIT = 10_000;

/** What lookupKeys asks: each lookup column of the search, and each with a text filter. */
function lookupAsks<C extends ListColumns>(
  def: Pick<ListDef<C, never, unknown>, 'columns' | 'sql'>,
  query: ListQueryInput,
  sql: Sql,
) {
  const asks: Array<{ kind: keyof LookupKeys; id: string; looked: Looked; pattern: string }> = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = sql.param(escapeLike(search));
    for (const { id, ...looked } of searchedLookups(def))
      asks.push({ kind: 'search', id, looked, pattern });
  }
  for (const [id, value] of Object.entries(query.filters ?? {})) {
    const map = Object.hasOwn(def.sql, id) ? (def.sql[id] as ColumnSql) : undefined;
    // Stryker disable next-line ConditionalExpression,OptionalChaining,EqualityOperator,StringLiteral,BooleanLiteral: the keys found first are for the plan; a filter not asked here is tested inside the statement and finds the same rows (the contract sends a known column's text as a string)
    if (!map?.lookup || typeof value !== 'string' || !value) continue;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: as above, for the plan only
    if ((def.columns[id] as ListColumn).kind !== 'text') continue;
    const looked = { sql: map.sql, lookup: map.lookup };
    asks.push({ kind: 'filters', id, looked, pattern: sql.param(escapeLike(value)) });
  }
  return asks;
}

/**
 * A list of at most `shortList` rows in its scope finds no lookup keys first: each of its rows'
 * joined names is tested as it stands (JOINED). Finding the keys first, or asking for them
 * inside the statement, reads every matching name of the lookup tables whatever the list's
 * size: an organisation's 143 licences searched for 'a' read 60,000 subscriptions and 11,000
 * users (150-340 ms a request on the embedded database; docs/performance.md, session 55).
 * Exported for the tests, which find the keys first on the demo's short lists.
 */
export const listLookups = { shortList: 1_000 };

/**
 * How a list's page or selection tests its lookup columns' texts (Lookups): JOINED for a short
 * list (listLookups: its scope's rows counted up to that, and remembered as an estimate is),
 * else by the keys found first (lookupKeys); nothing to ask for a query naming no lookup column.
 */
async function listLookupKeys<C extends ListColumns>(
  db: Queryable,
  def: ListDef<C, never, unknown>,
  scope: Scope,
  query: ListQueryInput,
): Promise<Lookups> {
  // Stryker disable next-line ArrayDeclaration: only how many asks there are is read here
  if (lookupAsks(def, query, new Sql([])).length === 0) return undefined;
  const scoped = scope.where.length ? `where ${scope.where.join(' and ')}` : '';
  const from = fromFor(def.from, scoped, def.key);
  // Four parts: never an estimate's key of the same rows (three parts), whatever the first says.
  // Stryker disable next-line StringLiteral: as above
  const key = JSON.stringify(['scope', from, scoped, scope.params]);
  const rows = await rememberedOr(db, key, () =>
    countUpTo(db, from, scoped, scope.params, listLookups.shortList),
  );
  return rows > listLookups.shortList ? lookupKeys(db, def, query) : JOINED;
}

/**
 * The keys of the lookup columns whose name contains the search or the column's text filter
 * (LookupKeys in list-sql.ts), in one statement before the list's; undefined when the query
 * names no lookup column. Every key found is kept up to `limit` (a search matching hundreds of
 * organisations sends hundreds); a column matching more is left out, so the statement asks for
 * its keys itself.
 */
export async function lookupKeys<C extends ListColumns>(
  db: Queryable,
  def: Pick<ListDef<C, never, unknown>, 'columns' | 'sql'>,
  query: ListQueryInput,
  limit = LOOKUP_KEYS_LIMIT,
): Promise<LookupKeys | undefined> {
  const sql = new Sql([limit + 1]);
  const asks = lookupAsks(def, query, sql);
  if (asks.length === 0) return undefined;
  const arrays = asks.map(
    ({ looked, pattern }, i) =>
      `array(${keysMatching(looked, pattern, true)} order by ${looked.lookup.key} limit $1) as k${i}`,
  );
  const [row] = await db.query<Record<string, Array<number | string> | null>>(
    `select ${arrays.join(', ')}`,
    sql.params,
  );
  const found: { search: Record<string, Array<number | string>>; filters: typeof found.search } = {
    search: {},
    filters: {},
  };
  asks.forEach(({ kind, id }, i) => {
    // Stryker disable next-line OptionalChaining,ArrayDeclaration: a select of arrays answers one row, and array(…) is never null
    const keys = row?.[`k${i}`] ?? [];
    if (keys.length <= limit) found[kind][id] = keys;
  });
  return found;
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
  // Stryker disable next-line OptionalChaining: count(*) answers one row
  return row?.n ?? 0;
}

/**
 * Rows of the list's first table an estimate counts on a sample reads (a filter the planner
 * cannot price, isUnpriced): a random share of the table that holds about this many rows. A
 * total is estimated only past EXACT_COUNT_LIMIT matching rows, so in a table of a million rows
 * about 500 or more of the sample match (a 5 % error or less, one standard deviation; less as
 * more match). At a million licences: 50-80 ms (the whole table is read, few rows evaluated), once
 * per query and ESTIMATE_TTL_MS.
 */
export const SAMPLE_ROWS = 50_000;

/**
 * The matching rows counted on a sample of the first table, scaled to the whole; undefined when
 * the list's first table is a derived one.
 */
async function sampledEstimate(db: Queryable, from: string, where: string, params: SqlParam[]) {
  // The share of the table, from its row count as the last ANALYZE left it (-1, never: all).
  const sample = sampledFrom(
    from,
    (table) =>
      `(select least(100, 100.0 * ${SAMPLE_ROWS} / greatest(c.reltuples, 1)) from pg_class c where c.oid = '${table}'::regclass)`,
  );
  if (!sample) return undefined;
  const [row] = await db.query<{ n: number }>(
    `select (count(*) * 100 / ${sample.percent})::float8 as n from ${sample.from} ${where}`,
    params,
  );
  // Stryker disable next-line OptionalChaining: count(*) answers one row
  return Math.round(Number(row?.n ?? 0));
}

/** The matching rows as the planner estimates them (EXPLAIN, nothing run), or on a sample. */
async function estimate(
  db: Queryable,
  from: string,
  where: string,
  params: SqlParam[],
  sampled: boolean,
) {
  const counted = sampled ? await sampledEstimate(db, from, where, params) : undefined;
  if (counted !== undefined) return counted;
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 from ${from} ${where}`,
    params,
  );
  // Stryker disable next-line OptionalChaining: EXPLAIN answers one row
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  // Stryker disable next-line OptionalChaining: EXPLAIN's JSON is a list of one plan with its rows
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Estimated totals, remembered for a short while by the database and the query they count: a
 * table in server mode asks the same query for page after page (and prefetches the next), and a
 * total that is "about N" anyway need not be counted again each time. Exact totals are never
 * cached. By database: the same query of another database (another app in the process, as the
 * test files are) counts other rows.
 */
const ESTIMATE_TTL_MS = 30_000;
const estimatesByDb = new WeakMap<Queryable, Map<string, { total: number; at: number }>>();
function estimatesOf(db: Queryable) {
  let estimates = estimatesByDb.get(db);
  if (!estimates) estimatesByDb.set(db, (estimates = new Map()));
  return estimates;
}
function rememberedEstimate(db: Queryable, key: string): number | undefined {
  const estimates = estimatesOf(db);
  const hit = estimates.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > ESTIMATE_TTL_MS) {
    estimates.delete(key);
    return undefined;
  }
  return hit.total;
}
function rememberEstimate(db: Queryable, key: string, total: number) {
  const estimates = estimatesOf(db);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound of memory: how many estimates are remembered changes how often one is asked again, never a page's rows or an exact total
  if (estimates.size >= 1000) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { total, at: Date.now() });
}
/** The size remembered under key, else the one `find` answers, then remembered. */
async function rememberedOr(db: Queryable, key: string, find: () => Promise<number>) {
  let rows = rememberedEstimate(db, key);
  if (rows === undefined) {
    rows = await find();
    rememberEstimate(db, key, rows);
  }
  return rows;
}

/**
 * One page with its total. The page asks one row more than it shows (hasMore). The total is
 * exact without a count when the page is the last; otherwise counted exactly up to
 * EXACT_COUNT_LIMIT, beyond that an estimate (totalIsEstimate, remembered for 30 s): the
 * planner's, or a sample's for a filter it cannot price (isUnpriced).
 * A page past the end is counted exactly, so the portal can go to the true last page, and so is
 * a deep page near the end, which is read from the end (listReading).
 */
export async function listPage<C extends ListColumns, Row, Out>(
  db: Queryable,
  def: ListDef<C, Row, Out>,
  scope: Scope,
  query: PageQuery,
): Promise<ListPage<Out>> {
  const { page, ...counted } = await pageRows<C, Row>(db, def, def.select, scope, query);
  return { results: page.map(def.map), ...counted };
}

type PageQuery = ListQueryInput & { skip?: number | undefined; take?: number | undefined };

/**
 * listPage for the list routes: a list whose rows are JSON built in SQL (selectJson) answers
 * its page as JSON text, each row's text as PostgreSQL wrote it. Parsing the rows in the driver
 * and writing them again in the serializer was the node process's largest own cost of a page
 * (about a seventh of its busy time per request in a CPU profile at 1M licences, ~0.1 ms). The
 * answer is the same JSON value as listPage's, field for field and in the same order; only its
 * spacing differs (json_build_object writes `"id" : 1`).
 */
export async function listPageJson<C extends ListColumns, Row, Out>(
  db: Queryable,
  def: ListDef<C, Row, Out>,
  scope: Scope,
  query: PageQuery,
): Promise<ListPage<Out> | JsonText> {
  // Stryker disable next-line ConditionalExpression: listPage answers the same JSON value (lists.test.ts compares the answers); the text is for speed
  if (def.selectJson === undefined) return listPage(db, def, scope, query);
  const { page, ...counted } = await pageRows<C, { row: string }>(
    db,
    def,
    def.selectJson,
    scope,
    query,
  );
  // `{"results":[rows…],` and the counts as listPage writes them, after its results.
  const counts = JSON.stringify(counted).slice(1);
  return new JsonText(`{"results":[${page.map((r) => r.row).join(',')}],${counts}`);
}

/**
 * Where a deep page is read from. The rows before a page are walked to reach it (an offset): a
 * page near the end of a million licences walked nearly all of them, a sort by a computed state
 * walked each state's rows that deep (1.1-1.5 s), and its total was the planner's estimate, so
 * the last page by that estimate was not the last. A page deeper than `fromEndAfter` rows that
 * lies in the last part of its list (at or past `fromEndShare` of the estimated size) is read
 * from the end instead: the rows are counted exactly (no further than where that part would
 * begin: beyond, the page is read from the start after all), and the page is read in the
 * reverse order, walking only the rows after it. Its total is exact: the last page is the true
 * one. Counting costs about what walking does on an index-only walk, so a plain deep page costs
 * the same either way (docs/performance.md, session 48). Exported for the tests, which read
 * every page of a small list from its end.
 */
export const listReading = { fromEndAfter: EXACT_COUNT_LIMIT, fromEndShare: 0.9 };

/**
 * The exact total of a list whose page `skip` rows deep lies in its last part (listReading);
 * undefined for a page read from the start. Whatever is learnt of the size is remembered as the
 * query's estimate.
 */
async function totalNearEnd(
  db: Queryable,
  counted: { from: string; where: string; params: SqlParam[]; key: string; sampled: boolean },
  skip: number,
  take: number,
): Promise<number | undefined> {
  const { from, where, params, key, sampled } = counted;
  const { fromEndAfter, fromEndShare: share } = listReading;
  if (skip <= fromEndAfter) return undefined;
  const estimated = await rememberedOr(db, key, () => estimate(db, from, where, params, sampled));
  // Stryker disable next-line EqualityOperator: at exactly that share both ways read the same rows; where the line falls is a choice of cost
  if (skip < share * estimated) return undefined;
  // The planner may be far off: count no further than a list whose last part holds the page.
  const cap = Math.floor(skip / share) + take; // Infinity for a share of 0 (the tests)
  const total = await countUpTo(db, from, where, params, Number.isFinite(cap) ? cap : undefined);
  // Exact, or past the cap: more than the estimate, which put the page in the last part.
  rememberEstimate(db, key, total);
  return total > cap ? undefined : total;
}

/**
 * When a page is read key by key (pageQuery's `byKey`): while the planner expects at most this
 * many matching rows. Its cost grows with the matches (every row of each matching key is read
 * from an index, about 0.5 µs a row), where a walk in the sort's order costs the rows it passes
 * before the page: few when the matches are spread over the order, all of them when they sort
 * together. At a million licences, 50,000 matches read key by key took 20-40 ms whatever the
 * sort (docs/performance.md, session 59). Exported for the tests.
 */
export const pagesByKey = { maxRows: 100_000 };

/** Whether the planner expects few enough matching rows to read a page key by key. */
async function fewMatches(
  db: Queryable,
  { from, where, params }: { from: string; where: string; params: SqlParam[] },
) {
  // Remembered apart from the total's estimate: a total counted exactly stays exact.
  const key = JSON.stringify(['by key', from, where, params]);
  const rows = await rememberedOr(db, key, () => estimate(db, from, where, params, false));
  return rows <= pagesByKey.maxRows;
}

/** One page's database rows (`select`: the definition's select list) with its total. */
async function pageRows<C extends ListColumns, Row>(
  db: Queryable,
  def: ListDef<C, never, unknown>,
  select: string,
  scope: Scope,
  query: PageQuery,
) {
  const { skip, take } = pageOf(query);
  const lookups = await listLookupKeys(db, def, scope, query);
  const forward = pageQuery(def, scope, query, lookups);
  const { from, where, whereParams: params, unpriced: sampled } = forward;
  const key = JSON.stringify([from, where, params]);
  const exact = await totalNearEnd(db, { from, where, params, key, sampled }, skip, take);
  if (exact !== undefined) {
    // The rows from skip to the page's end, counted from the list's end, last row first.
    const end = Math.min(skip + take, exact);
    const shown = Math.max(0, end - skip);
    const reverse = pageQuery(
      def,
      scope,
      { ...query, skip: exact - end, take: shown },
      lookups,
      true,
    );
    const keys = shown
      ? (await db.query<{ __key: number }>(reverse.sql, reverse.params))
          .slice(0, shown)
          .map((r) => r.__key)
          .reverse()
      : [];
    const page = await keyedRows<Row>(db, def, select, scope, keys);
    return withCounts(page, skip, exact, false, end < exact);
  }
  const read =
    forward.byKey && !sampled && (await fewMatches(db, { from, where, params }))
      ? forward.byKey
      : forward;
  const keys = (await db.query<{ __key: number }>(read.sql, read.params)).map((r) => r.__key);
  const hasMore = keys.length > take;
  const page = await keyedRows<Row>(db, def, select, scope, hasMore ? keys.slice(0, take) : keys);
  let total: number;
  let totalIsEstimate = false;
  // Stryker disable next-line ConditionalExpression: an empty first page counted instead answers 0 too
  if (!hasMore && (page.length > 0 || skip === 0)) {
    total = skip + page.length;
  } else if (!hasMore) {
    total = await countUpTo(db, from, where, params);
  } else {
    const remembered = rememberedEstimate(db, key);
    if (remembered !== undefined) {
      totalIsEstimate = true;
      total = Math.max(remembered, skip + take + 1);
    } else {
      total = await countUpTo(db, from, where, params, EXACT_COUNT_LIMIT);
      if (total > EXACT_COUNT_LIMIT) {
        totalIsEstimate = true;
        total = Math.max(await estimate(db, from, where, params, sampled), total);
        rememberEstimate(db, key, total);
        total = Math.max(total, skip + take + 1);
      }
    }
  }
  return withCounts(page, skip, total, totalIsEstimate, hasMore);
}

/** A page's rows with the counts of the answer (ListPage's fields). */
const withCounts = <Row>(
  page: Row[],
  skip: number,
  total: number,
  totalIsEstimate: boolean,
  hasMore: boolean,
) => ({
  page,
  fetchedCount: page.length,
  skippedCount: skip,
  totalAvailable: total,
  totalIsEstimate,
  hasMore,
});

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
  const clauses = [...scope.where];
  // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers
  if (selection.ids) clauses.push(`${def.key} = any(${sql.param(selection.ids, '::int[]')})`);
  if (selection.except?.length)
    // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers
    clauses.push(`not (${def.key} = any(${sql.param(selection.except, '::int[]')}))`);
  // Picked rows: the filters and search they were picked under do not apply.
  const query = selection.ids ? {} : selection;
  const narrowed: Scope = { where: clauses, params: sql.params };
  const lookups = await listLookupKeys(db, def as ListDef<C, never, unknown>, scope, query);
  const { where, params } = whereOf(def, narrowed, query, lookups);
  const order = orderOf(def, selection);
  const [row] = await db.query<{ keys: number[] | null }>(
    `select array_agg(${def.key} order by ${order}) as keys from ${fromFor(def.from, where, order, def.key)} ${where}`,
    params,
  );
  // Stryker disable next-line OptionalChaining: an aggregate answers one row
  return row?.keys ?? [];
}

/** The answer rows of some keys, in the keys' order (rows gone from the scope are skipped). */
export async function rowsByKeys<C extends ListColumns, Row, Out>(
  db: Queryable,
  def: ListDef<C, Row, Out>,
  scope: Scope,
  keys: number[],
): Promise<Out[]> {
  return (await keyedRows<Row>(db, def, def.select, scope, keys)).map(def.map);
}

/** The database rows of some keys (`select`: a select list of the definition), in their order. */
async function keyedRows<Row>(
  db: Queryable,
  def: Pick<ListDef<ListColumns, unknown, unknown>, 'from' | 'fromKeyed' | 'key'>,
  select: string,
  scope: Scope,
  keys: readonly number[],
): Promise<Row[]> {
  // Stryker disable next-line ConditionalExpression: a shortcut: no key selects no row
  if (keys.length === 0) return [];
  const { sql, params } = keyedRowsQuery(def, select, scope, keys);
  return db.query<Row>(sql, params);
}
