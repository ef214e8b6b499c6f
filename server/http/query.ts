import type { Queryable, SqlParam } from '../db/types';
import { pageOf, paged } from './envelope';
import type { PagedResults } from '@/contract/envelope';

export interface PagedQuery {
  /** select list, e.g. 'o.id, o.name'. */
  columns: string;
  /** from and join clauses without 'from', e.g. 'offerings o join orgs g on g.id = o.org_id'. */
  from: string;
  /** where clause without 'where' (may be empty). */
  where: string[];
  params: SqlParam[];
  /** Allowed sort columns: api name → SQL expression. */
  sortable: Record<string, string>;
  defaultSort: string;
  /** SQL expressions searched case-insensitively with the request's search text. */
  searchable: string[];
  /**
   * A cheaper from clause that counts the same rows (e.g. the main table alone when every inner
   * join follows a not-null foreign key and the rest are left joins on a primary key). Used only
   * when no search is given and the where clauses reference its tables alone.
   */
  countFrom?: string;
  /**
   * A SQL expression building each row's answer as json (json_build_object), used instead of
   * columns + a mapping in JavaScript: PGlite decodes every field of every row in JavaScript, so
   * one json field per row costs a fraction of a dozen columns (docs/performance.md). The map
   * function then receives the parsed json.
   */
  json?: string;
}

export interface ListInput {
  skip?: number | undefined;
  take?: number | undefined;
  search?: string | undefined;
  sortBy?: string | undefined;
  sortDesc?: boolean | undefined;
}

/**
 * Runs a paged list with total count; search is escaped (SPEC §5: special characters literal).
 * One statement: the page, with the total as an uncorrelated scalar subquery (planned and run
 * once, not per row; unlike count(*) over (), it does not join and sort every row to count
 * them). Only a page past the end (no row to carry the total) costs a second, counting query.
 */
export async function pagedQuery<Row, Out>(
  db: Queryable,
  q: PagedQuery,
  input: ListInput,
  map: (row: Row) => Out,
): Promise<PagedResults<Out>> {
  const { skip, take } = pageOf(input);
  const where = [...q.where];
  const params = [...q.params];
  const search = input.search?.trim();
  const searching = Boolean(search && q.searchable.length > 0);
  if (search && searching) {
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where.push(`(${q.searchable.map((s) => `coalesce(${s}::text, '') ilike ${p}`).join(' or ')})`);
  }
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const counted = `from ${(!searching && q.countFrom) || q.from} ${whereSql}`;
  const sortExpr = (input.sortBy && q.sortable[input.sortBy]) || q.defaultSort;
  const dir = input.sortDesc ? 'desc' : 'asc';
  // In json mode the first column is the default sort key, the tie-breaker "1 asc" sorts by.
  const columns = q.json ? `${q.defaultSort} as __key, ${q.json} as __row` : q.columns;
  const rows = await db.query<Row & { __total?: number; __row?: Row }>(
    `select ${columns}, (select count(*)::int ${counted}) as __total from ${q.from} ${whereSql} order by ${sortExpr} ${dir}, 1 asc limit ${take} offset ${skip}`,
    params,
  );
  let total = rows[0]?.__total;
  if (total === undefined) {
    const [count] =
      skip > 0 ? await db.query<{ n: number }>(`select count(*)::int as n ${counted}`, params) : [];
    total = count?.n ?? 0;
  }
  if (q.json)
    return paged(
      rows.map((r) => map(r.__row as Row)),
      skip,
      total,
    );
  for (const row of rows) delete row.__total;
  return paged(rows.map(map), skip, total);
}
