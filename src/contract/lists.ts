/**
 * Lists at any size (docs/lists.md): the column table of every list endpoint, the request schemas
 * built from it (paging, search, sort, per-column filters), the paged answer with its counting
 * flags, and the export and bulk-action requests and their streamed frames. Browser-safe: zod
 * only, shared by the portals and the local stack.
 */
import { z } from 'zod';
import { bodyIdSchema } from './common';
import { pageRequestSchema, pagedResultsSchema } from './envelope';

/**
 * The filter kinds of the table's filter row:
 * - text: a case-insensitive literal substring of what the cell shows;
 * - number: an inclusive range { min?, max? };
 * - date: an inclusive range of calendar days { from?, to? } (YYYY-MM-DD);
 * - select: one of the column's values, or any of several;
 * - boolean: true or false (switches and yes/no columns).
 */
export type ColumnKind = 'text' | 'number' | 'date' | 'select' | 'boolean';

interface ColumnBase {
  /** The list may be sorted by it (default true). */
  readonly sortable?: boolean;
  /** The list may be filtered by it (default true). */
  readonly filterable?: boolean;
}
export type ListColumn =
  | (ColumnBase & { readonly kind: 'text' | 'number' | 'date' | 'boolean' })
  | (ColumnBase & {
      readonly kind: 'select';
      /** The values, as the table shows them ('Active', 'Suspended'...). */
      readonly values: readonly [string, ...string[]];
    });
/** Column id (the portal's column id: 'customerOrg.name', 'expiry') → column. */
export type ListColumns = Readonly<Record<string, ListColumn>>;

/** Declares a list's column table with its literal types (ids, kinds, select values). */
export const defineListColumns = <const C extends ListColumns>(columns: C): C => columns;

export const MAX_FILTER_TEXT = 200;
export const MAX_SEARCH_TEXT = 200;
/** At most this many ids in a selection (`ids`) or excluded from all matching (`except`). */
export const MAX_SELECTED_IDS = 10_000;
/** What a bulk action or an export over more says, in its dialog (the selection is kept). */
const maxSelected = MAX_SELECTED_IDS.toLocaleString('en-US');
export const TOO_MANY_PICKED = `At most ${maxSelected} rows can be picked one by one: select all matching rows instead, with a search or filter if need be`;
export const TOO_MANY_UNPICKED = `At most ${maxSelected} rows can be left out of all matching rows: narrow the list with a search or filter instead`;

export const textFilterSchema = z.string().max(MAX_FILTER_TEXT);
export const numberFilterSchema = z.strictObject({
  min: z.number().optional(),
  max: z.number().optional(),
});
export const dateFilterSchema = z.strictObject({
  from: z.iso.date('Use a date YYYY-MM-DD').optional(),
  to: z.iso.date('Use a date YYYY-MM-DD').optional(),
});
export const booleanFilterSchema = z.boolean();
export type NumberFilter = z.infer<typeof numberFilterSchema>;
export type DateFilter = z.infer<typeof dateFilterSchema>;

type FilterOf<C> = C extends { kind: 'text' }
  ? string
  : C extends { kind: 'number' }
    ? NumberFilter
    : C extends { kind: 'date' }
      ? DateFilter
      : C extends { kind: 'select'; values: readonly (infer V)[] }
        ? V | V[]
        : C extends { kind: 'boolean' }
          ? boolean
          : never;
/** The `filters` object of a list: column id → filter value (every key optional). */
export type ListFilters<C extends ListColumns> = {
  -readonly [K in keyof C as C[K] extends { filterable: false } ? never : K]?: FilterOf<C[K]>;
};
/** The ids a list may be sorted by. */
export type SortableId<C extends ListColumns> = {
  [K in keyof C]: C[K] extends { sortable: false } ? never : K;
}[keyof C] &
  string;

export const isSortable = (c: ListColumn) => c.sortable !== false;
export const isFilterable = (c: ListColumn) => c.filterable !== false;

/** The zod schema of one column's filter value. */
export function filterSchemaOf(column: ListColumn): z.ZodType {
  switch (column.kind) {
    case 'text':
      return textFilterSchema;
    case 'number':
      return numberFilterSchema;
    case 'date':
      return dateFilterSchema;
    case 'boolean':
      return booleanFilterSchema;
    case 'select': {
      const one = z.enum(column.values);
      return z.union([one, z.array(one).min(1).max(column.values.length)]);
    }
  }
}

/** An IANA time zone name the runtime knows ('Europe/Oslo', 'UTC'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/Oslo');

/**
 * What selects and orders a list's rows, without paging: search, sort, filters and the time zone
 * of date filters on instants. Strict where a mistake would silently show other rows: an
 * unknown sort column or filter column, or a filter value of the wrong type, is a 400.
 */
export function listQuerySchema<const C extends ListColumns>(columns: C) {
  const ids = Object.keys(columns);
  const sortable = ids.filter((id) => isSortable(columns[id] as ListColumn));
  const filterShape = Object.fromEntries(
    ids
      .filter((id) => isFilterable(columns[id] as ListColumn))
      .map((id) => [id, filterSchemaOf(columns[id] as ListColumn).optional()]),
  );
  const filters = z.strictObject(filterShape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown filter column: ${issue.keys.join(', ')}`
        : undefined,
  });
  return z.object({
    search: z.string().max(MAX_SEARCH_TEXT).optional(),
    sortBy: z
      .enum(sortable as [string, ...string[]], {
        error: () => `Unknown sort column: use one of ${sortable.join(', ')}`,
      })
      .optional() as unknown as z.ZodOptional<z.ZodType<SortableId<C>>>,
    sortDesc: z.boolean().optional(),
    filters: filters.optional() as unknown as z.ZodOptional<z.ZodType<ListFilters<C>>>,
    /** The user's time zone: date filters on instants (created, updated...) use its days. */
    timeZone: timeZoneSchema.optional(),
  });
}
export type ListQuery<C extends ListColumns> = z.input<ReturnType<typeof listQuerySchema<C>>>;

/** POST …/list: paging plus the list query. */
export const listRequestSchemaFor = <const C extends ListColumns>(columns: C) =>
  pageRequestSchema.extend(listQuerySchema(columns).shape);

/**
 * A selection of a list's rows for an export or a bulk action: either `ids` (rows picked one by
 * one, kept across pages and filters), or `all: true` with the list query (every matching row,
 * minus `except`). The sort orders an export. Exactly one of the two: an empty body selects
 * nothing (400).
 */
export const selectionShape = {
  ids: z.array(bodyIdSchema).min(1).max(MAX_SELECTED_IDS, TOO_MANY_PICKED).optional(),
  all: z.literal(true).optional(),
  except: z.array(bodyIdSchema).max(MAX_SELECTED_IDS, TOO_MANY_UNPICKED).optional(),
};
export interface SelectionInput {
  ids?: number[] | undefined;
  all?: true | undefined;
  except?: number[] | undefined;
  search?: string | undefined;
  filters?: object | undefined;
}
/** The selection rules, checked after every other field (zod refinements come last). */
export function checkSelection(value: SelectionInput, ctx: z.RefinementCtx) {
  if ((value.ids === undefined) === (value.all === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ids'],
      message: 'Select rows by ids, or all matching rows with all: true',
    });
  }
  if (value.ids && (value.search || value.filters || value.except)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ids'],
      message: 'Search, filters and except apply to all: true only',
    });
  }
}
export const selectionRequestSchemaFor = <const C extends ListColumns>(columns: C) =>
  listQuerySchema(columns).extend(selectionShape);

/**
 * Everything a list endpoint takes, from its column table and its own extra fields (scope
 * options such as includeOrgLibraries): the list request, the export request, and the body of
 * a bulk action over its selections.
 */
export function listContract<
  const C extends ListColumns,
  const E extends z.ZodRawShape = Record<never, never>,
>(columns: C, extras?: E) {
  const own = (extras ?? {}) as E;
  return {
    columns,
    /** POST …/list */
    request: listRequestSchemaFor(columns).extend(own),
    /** POST …/export */
    selection: selectionRequestSchemaFor(columns).extend(own).superRefine(checkSelection),
    /** POST …/bulk/{action}: a selection plus the action's own fields. */
    bulk: <const A extends z.ZodRawShape>(action: A) =>
      selectionRequestSchemaFor(columns).extend(own).extend(action).superRefine(checkSelection),
  };
}

/**
 * SPEC §3 paged results plus what a list of any size needs: whether the total is an estimate
 * (very large results are counted exactly up to a threshold, then estimated: show "about N"),
 * and whether a next page exists (exact even when the total is estimated).
 */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  pagedResultsSchema(item).extend({
    totalIsEstimate: z.boolean(),
    hasMore: z.boolean(),
  });
export interface ListPage<T> {
  results: T[];
  fetchedCount: number;
  skippedCount: number;
  totalAvailable: number;
  totalIsEstimate: boolean;
  hasMore: boolean;
}

/** Beyond this many matching rows a list's total is estimated (docs/lists.md, counting). */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The export stream (POST …/export): NDJSON, one frame a line: `start` (the exact number of
 * rows selected), then `rows` frames in list order, then `end` (the number of rows sent). A
 * stream without `end` is incomplete; `error` ends it on a failure.
 */
export const exportFrameSchema = <T extends z.ZodType>(row: T) =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('start'), total: z.number().int().nonnegative() }),
    z.object({ kind: z.literal('rows'), rows: z.array(row) }),
    z.object({ kind: z.literal('end'), count: z.number().int().nonnegative() }),
    z.object({ kind: z.literal('error'), message: z.string() }),
  ]);
export type ExportFrame<T> =
  | { kind: 'start'; total: number }
  | { kind: 'rows'; rows: T[] }
  | { kind: 'end'; count: number }
  | { kind: 'error'; message: string };

/** Refused rows of a bulk action, grouped by reason; `ids` lists the first MAX_REFUSAL_IDS. */
export const bulkRefusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  count: z.number().int().nonnegative(),
  ids: z.array(z.number().int()),
});
export const MAX_REFUSAL_IDS = 100;
export const bulkResultSchema = z.object({
  /** Rows selected when the action started. */
  requested: z.number().int().nonnegative(),
  /** Rows the action changed. */
  done: z.number().int().nonnegative(),
  /** Rows refused (the sum of the refusals' counts). */
  refused: z.number().int().nonnegative(),
  refusals: z.array(bulkRefusalSchema),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

/**
 * A bulk action asked with `Accept: application/x-ndjson` streams its progress: `start` (rows
 * selected), a `progress` frame after every batch, then `end` with the result, or `error`.
 * Without that header the answer is the envelope with the result, once done.
 */
export const bulkFrameSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start'), total: z.number().int().nonnegative() }),
  z.object({
    kind: z.literal('progress'),
    done: z.number().int().nonnegative(),
    refused: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal('end'), result: bulkResultSchema }),
  z.object({ kind: z.literal('error'), message: z.string() }),
]);
export type BulkFrame = z.infer<typeof bulkFrameSchema>;
export const NDJSON = 'application/x-ndjson';
