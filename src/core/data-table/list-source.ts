/**
 * The seam between the table and a server list (issue 16). The table speaks only this; an
 * entity module adapts its endpoint to it (request body from ListParams, the paged answer to a
 * ListPage, the bulk routes to BulkHandlers). See docs/data-table.md, 'The ListSource seam'.
 */
import type { ListColumns } from '@/contract/lists';
import type { ListParams, ListQuery } from './list-params';
import { BadDataError } from './table-data';
import type { RowRecord } from './types';

/** One page of a query. */
export interface ListPage<T> {
  rows: readonly T[];
  /** Every row matching the query (not only this page). */
  total: number;
  /** The total is an estimate (very large results): the table says 'about N'. */
  totalIsEstimate?: boolean;
}

export interface SourceContext {
  /** Aborted when the answer is no longer wanted (a newer query, Cancel, unmount). */
  signal: AbortSignal;
}

/** Which rows a bulk action or an export is for. */
export type ListSelection<T> =
  /** Rows picked one by one (kept by id across pages and filters); rows as they were seen. */
  | { kind: 'ids'; ids: readonly string[]; rows: readonly T[] }
  /** Every row matching the query (all pages), except the ones unticked afterwards. */
  | {
      kind: 'matching';
      query: ListQuery;
      excludedIds: readonly string[];
      /** What the table showed: total minus the excluded rows. */
      count: number;
      countIsEstimate: boolean;
    };

export interface BulkContext extends SourceContext {
  /** Optional: how far a long action is (rows done of rows to do); without it the bar is indeterminate. */
  onProgress: (done: number, total: number) => void;
  /** What the user gave the action before it ran (BulkActionSetting.input): the request's fields. */
  params?: Readonly<Record<string, unknown>>;
}

/** What a bulk action did: the rows done, the rows refused and why. */
export interface BulkResult {
  done: number;
  refused: number;
  /** Why rows were refused, e.g. [{ reason: 'Licence is suspended', count: 12 }]. */
  reasons?: ReadonlyArray<{ reason: string; count: number }>;
}

/** One request for the whole selection: ids, or the query of 'all matching' (never a call per row). */
export type BulkHandler<T> = (
  selection: ListSelection<T>,
  context: BulkContext,
) => Promise<BulkResult>;

export interface ListSource<T extends RowRecord> {
  /**
   * Optional: the server list's column table (src/contract/lists.ts), so that the filter row
   * asks what the server takes (a select column's values).
   */
  columns?: ListColumns;
  /** One page of rows matching params, and the total. Reject with the server's message on a 400. */
  fetchPage: (params: ListParams, context: SourceContext) => Promise<ListPage<T>>;
  /**
   * Optional: every row matching the query, in the query's order, in batches as they arrive
   * (a streamed export endpoint). Without it an export reads fetchPage page after page.
   */
  exportRows?: (query: ListQuery, context: SourceContext) => AsyncIterable<readonly T[]>;
  /** Bulk actions by id (the table's bulkActions name them). */
  bulk?: Readonly<Record<string, BulkHandler<T>>>;
}

/** Rows an export reads per fetchPage call when the source has no exportRows. */
export const EXPORT_PAGE_SIZE = 1000;

/** Checks a source's answer: rows an array and a total that is a whole number (else Bad data). */
export function checkListPage<T>(answer: unknown): ListPage<T> {
  const page = answer as Partial<ListPage<T>> | null;
  if (
    !page ||
    !Array.isArray(page.rows) ||
    typeof page.total !== 'number' ||
    !Number.isFinite(page.total) ||
    page.total < 0
  ) {
    console.error('Bad data', answer);
    throw new BadDataError();
  }
  return { rows: page.rows, total: page.total, totalIsEstimate: Boolean(page.totalIsEstimate) };
}

/**
 * Every row matching the query, in batches: the source's exportRows, else fetchPage page after
 * page until a short page (the last). Nothing is kept: each batch is handed on and dropped.
 */
export async function* matchingRows<T extends RowRecord>(
  source: ListSource<T>,
  query: ListQuery,
  context: SourceContext,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<readonly T[]> {
  if (source.exportRows) {
    yield* source.exportRows(query, context);
    return;
  }
  for (let page = 1; ; page++) {
    context.signal.throwIfAborted();
    const answer = checkListPage<T>(await source.fetchPage({ ...query, page, pageSize }, context));
    if (answer.rows.length > 0) yield answer.rows;
    if (answer.rows.length < pageSize) return;
  }
}
