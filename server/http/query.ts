import type { Queryable, SqlParam } from '../db/types';
import { pageOf, paged } from './envelope';
import type { PagedResults } from '@/contract/envelope';

/**
 * A plain paged query for lists outside the portals' tables (the error sink's events). The
 * portals' lists use the list engine (server/http/list.ts: column filters, counting at any size,
 * exports and bulk actions).
 */
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
 * One statement: the page, with the total as an uncorrelated scalar subquery. Only a page past
 * the end (no row to carry the total) costs a second, counting query.
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
  if (search && q.searchable.length > 0) {
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where.push(`(${q.searchable.map((s) => `coalesce(${s}::text, '') ilike ${p}`).join(' or ')})`);
  }
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  // Own keys only: 'constructor' or '__proto__' must not reach the prototype (issue 14).
  const sortExpr =
    // Stryker disable next-line ConditionalExpression: no sortable column is named 'undefined'
    (input.sortBy && Object.hasOwn(q.sortable, input.sortBy) && q.sortable[input.sortBy]) ||
    q.defaultSort;
  const dir = input.sortDesc ? 'desc' : 'asc';
  const rows = await db.query<Row & { __total?: number }>(
    `select ${q.columns}, (select count(*)::int from ${q.from} ${whereSql}) as __total from ${q.from} ${whereSql} order by ${sortExpr} ${dir}, 1 asc limit ${take} offset ${skip}`,
    params,
  );
  let total = rows[0]?.__total;
  if (total === undefined) {
    const [count] =
      skip > 0
        ? await db.query<{ n: number }>(
            `select count(*)::int as n from ${q.from} ${whereSql}`,
            params,
          )
        : // Stryker disable next-line ArrayDeclaration: a first element without n reads as 0, as no element does
          [];
    total = count?.n ?? 0;
  }
  for (const row of rows) delete row.__total;
  return paged(rows.map(map), skip, total);
}
