/**
 * A ListSource over a list endpoint of the stack (issue 16, docs/lists.md): the table's list
 * state becomes the endpoint's list request (search, sort, per-column filters, paging), one page
 * per request; a bulk action over a selection is one request for the whole selection (ids, or
 * every matching row). Column ids are the contract's (the list contracts name their columns as
 * the tables do). An export reads the list's export stream: every matching row in one request,
 * in frames of rows, written to the file as they arrive (no deep skip, memory flat).
 */
import type { z } from 'zod';
import {
  bulkResultSchema,
  exportFrameSchema,
  listPageSchema,
  type ListColumns,
} from '@/contract/lists';
import { ndjsonValues, type ApiClient } from '@/core/api';
import type { FilterValue } from './filter-values';
import type { ListQuery } from './list-params';
import type { BulkHandler, ListSelection, ListSource } from './list-source';
import type { RowRecord } from './types';

export interface ServerListOptions<T> {
  api: ApiClient;
  /** The list's path without /list: 'orgs/1/issued-licences'. */
  base: string;
  /** The row's contract schema. */
  row: z.ZodType<T>;
  /** The list's column table (the filter row takes a select column's values from it). */
  columns: ListColumns;
  /** Fields the endpoint takes beside the query (scope options). */
  body?: Readonly<Record<string, unknown>>;
  /** The bulk actions of the endpoint (POST {base}/bulk/{id}), by the table's bulk action ids. */
  bulk?: readonly string[];
}

/** An export stream that ended without its end frame (the connection dropped). */
export const EXPORT_CUT_SHORT = 'The export stopped before its end: the file is incomplete.';

/** A filter row's value as the contract's filter of its kind. */
function filterOf(value: FilterValue): unknown {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'number':
      return {
        ...(value.min === undefined ? {} : { min: value.min }),
        ...(value.max === undefined ? {} : { max: value.max }),
      };
    case 'date':
      return { ...(value.from ? { from: value.from } : {}), ...(value.to ? { to: value.to } : {}) };
    case 'select':
    case 'boolean':
      return value.value;
  }
}

/** The user's time zone: date filters on instants take its days. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
// The page's first date format loads the browser's locale data (about 16 ms; 66 ms on a phone
// of the benchmark's mobile profile): done as this module loads, while the page still waits for
// the user's organisations, instead of before the first page can be asked for.
timeZone();

/** The list query as the endpoint's request fields. */
export function queryBody(query: ListQuery): Record<string, unknown> {
  const filters = Object.fromEntries(
    Object.entries(query.filters).map(([id, value]) => [id, filterOf(value)]),
  );
  const search = query.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(query.sort ? { sortBy: query.sort.id, sortDesc: query.sort.desc } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    timeZone: timeZone(),
  };
}

/** A selection as the endpoint's selection fields: ids, or all matching minus the unticked. */
export function selectionBody<T>(selection: ListSelection<T>): Record<string, unknown> {
  if (selection.kind === 'ids') return { ids: selection.ids.map(Number) };
  return {
    all: true,
    ...queryBody(selection.query),
    ...(selection.excludedIds.length > 0 ? { except: selection.excludedIds.map(Number) } : {}),
  };
}

export function serverListSource<T extends RowRecord>({
  api,
  base,
  row,
  columns,
  body = {},
  bulk = [],
}: ServerListOptions<T>): ListSource<T> {
  const pageSchema = listPageSchema(row);
  const frameSchema = exportFrameSchema(row);
  const bulkHandler =
    (action: string): BulkHandler<T> =>
    async (selection, { signal, params }) => {
      const answer = await api.post<unknown>(
        `${base}/bulk/${action}`,
        { ...body, ...params, ...selectionBody(selection) },
        { signal, onePage: true },
      );
      const result = bulkResultSchema.parse(answer);
      return {
        done: result.done,
        refused: result.refused,
        reasons: result.refusals.map((r) => ({ reason: r.message, count: r.count })),
      };
    };
  return {
    columns,
    async fetchPage(params, { signal }) {
      const answer = await api.post<unknown>(
        `${base}/list`,
        {
          ...body,
          // A page past any list asks the furthest skip the contract takes: the answer is past
          // the end, with the total, and the table goes to the last page (SPEC §2).
          skip: Math.min((params.page - 1) * params.pageSize, Number.MAX_SAFE_INTEGER),
          take: params.pageSize,
          ...queryBody(params),
        },
        { signal, onePage: true },
      );
      const page = pageSchema.parse(answer);
      return {
        rows: page.results as T[],
        total: page.totalAvailable,
        totalIsEstimate: page.totalIsEstimate,
      };
    },
    async *exportRows(query, { signal }) {
      const stream = await api.post<ReadableStream<Uint8Array>>(
        `${base}/export`,
        { ...body, all: true, ...queryBody(query) },
        { signal, isStream: true },
      );
      for await (const value of ndjsonValues(stream)) {
        const frame = frameSchema.parse(value);
        if (frame.kind === 'rows') yield frame.rows as T[];
        else if (frame.kind === 'error') throw new Error(frame.message);
        else if (frame.kind === 'end') return;
      }
      throw new Error(EXPORT_CUT_SHORT);
    },
    bulk: Object.fromEntries(bulk.map((action) => [action, bulkHandler(action)])),
  };
}
