import { z } from 'zod';

/** SPEC §3: every answer of the CRM and data services. */
export const fieldErrorSchema = z.object({ message: z.string(), errorCode: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    errors: z.record(z.string(), fieldErrorSchema).nullable().optional(),
    message: z.string().optional(),
    data: data.nullable().optional(),
  });

export interface Envelope<T> {
  success: boolean;
  errors?: Record<string, FieldError> | null;
  /** A message for the whole request; overrides the default text (SPEC §8). */
  message?: string;
  data?: T | null;
}

/** SPEC §3 paged results; the POST helper re-posts while fetched + skipped < total (SPEC §7). */
export const pagedResultsSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    fetchedCount: z.number().int().nonnegative(),
    skippedCount: z.number().int().nonnegative(),
    totalAvailable: z.number().int().nonnegative(),
  });

export interface PagedResults<T> {
  results: T[];
  fetchedCount: number;
  skippedCount: number;
  totalAvailable: number;
}

/** The paging request every list endpoint takes (POST body). */
export const pageRequestSchema = z.object({
  skip: z.number().int().nonnegative().default(0),
  take: z.number().int().positive().max(100_000).default(1000),
});
export type PageRequest = z.input<typeof pageRequestSchema>;

/** SPEC §3 table data response. */
export interface TableData<T> {
  tableData: T[];
  fetched: number;
  totalAvailable: number;
}

/** The server never returns more than this many rows in one page (follow-up re-posts). */
export const MAX_PAGE_SIZE = 1000;
