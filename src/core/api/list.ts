import type { z } from 'zod';
import { pagedResultsSchema } from '@/contract/envelope';
import type { ApiClient } from './client';

/** The request of a whole list: the first page; the client posts again for the rest (SPEC §7). */
export const WHOLE_LIST = { skip: 0, take: 1000 } as const;

/**
 * POST {path} for a list in the paged-results shape (SPEC §3), parsed with the row's contract
 * schema; the API client re-posts until every page is in (SPEC §7). `body` adds to the page
 * request (filters, sort).
 */
export async function fetchList<S extends z.ZodType>(
  api: ApiClient,
  path: string,
  rowSchema: S,
  options: { body?: Record<string, unknown>; signal?: AbortSignal } = {},
): Promise<z.output<S>[]> {
  const data = await api.post<unknown>(
    path,
    { ...WHOLE_LIST, ...options.body },
    { signal: options.signal },
  );
  return pagedResultsSchema(rowSchema).parse(data).results;
}
