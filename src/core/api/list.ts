import type { z } from 'zod';
import { pagedResultsSchema } from '@/contract/envelope';
import { listPageSchema } from '@/contract/lists';
import type { ApiClient, PagedProgress } from './client';
import { MAX_FOLLOW_UP_PAGES } from './constants';
import { ListTooLargeError } from './errors';

export { ListTooLargeError };

/** The request of a whole list: the first page; the client posts again for the rest (SPEC §7). */
export const WHOLE_LIST = { skip: 0, take: 1000 } as const;

/** The most rows a whole list can have (its first page and the re-posts): a longer one never fits. */
export const WHOLE_LIST_MAX_ROWS = WHOLE_LIST.take * (1 + MAX_FOLLOW_UP_PAGES);

/** A whole-list fetch's rows so far, while the SPEC §7 re-posts still run. */
export type ListProgress = (rows: unknown[], totalAvailable: number) => void;

const progressOfFetch = new WeakMap<AbortSignal, ListProgress>();

/**
 * First rows at once (issue 16): whoever starts a whole-list fetch with this signal (a table's
 * query function) hears of each page before the whole list is in. The list's cache entry only
 * ever holds the whole list: a partial one is the listener's to show, marked as still loading.
 */
export function listenToListProgress(signal: AbortSignal, listener: ListProgress): void {
  progressOfFetch.set(signal, listener);
}

/** A list fits when the first answer's page size times the answers SPEC §7 allows covers it. */
export const fitsInBrowser = (firstPage: number, totalAvailable: number) =>
  totalAvailable <= firstPage * (1 + MAX_FOLLOW_UP_PAGES);

/**
 * POST {path} for a whole list in the paged-results shape (SPEC §3), parsed with the row's
 * contract schema; the API client re-posts until every page is in (SPEC §7). `body` adds to the
 * page request (filters, sort). When an answer shows the re-posts cannot reach the total (the
 * first, or a later one after rows were added meanwhile), nothing more is asked and it rejects
 * with ListTooLargeError.
 */
export async function fetchList<S extends z.ZodType>(
  api: ApiClient,
  path: string,
  rowSchema: S,
  options: { body?: Record<string, unknown>; signal?: AbortSignal } = {},
): Promise<z.output<S>[]> {
  const stopper = new AbortController();
  // Stryker disable next-line OptionalChaining: stop only runs as the signal's abort listener: the signal is there
  const stop = () => stopper.abort(options.signal?.reason);
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts only once, and the finally below removes the listener anyway
  options.signal?.addEventListener('abort', stop, { once: true });
  let tooLarge: number | undefined;
  const listener = options.signal && progressOfFetch.get(options.signal);
  const rows = pagedResultsSchema(rowSchema).shape.results;
  let firstPage = 0;
  const onPage = (progress: PagedProgress) => {
    if (progress.pages === 1) firstPage = progress.fetchedCount;
    // Every answer's total, not only the first's: rows added while the re-posts run can take the
    // list past what they reach, and its end would be missing without a word (issue 16).
    if (!fitsInBrowser(firstPage, progress.totalAvailable)) {
      tooLarge = progress.totalAvailable;
      stopper.abort();
      return;
    }
    if (progress.done) return;
    // Rows that do not parse wait for the whole list, whose parse reports them.
    const parsed = listener ? rows.safeParse(progress.results) : undefined;
    // Stryker disable next-line OptionalChaining: parsed is undefined only without a listener, where `listener &&` stops first
    if (listener && parsed?.success) listener(parsed.data, progress.totalAvailable);
  };
  try {
    const data = await api.post<unknown>(
      path,
      { ...WHOLE_LIST, ...options.body },
      { signal: stopper.signal, onPage },
    );
    if (tooLarge !== undefined) throw new ListTooLargeError(tooLarge);
    return pagedResultsSchema(rowSchema).parse(data).results;
  } catch (error) {
    if (tooLarge !== undefined) throw new ListTooLargeError(tooLarge);
    // Stryker disable BlockStatement,StringLiteral: the finally only removes the abort listener; kept, it aborts a finished fetch's own controller: nothing a user sees
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
}

// Stryker restore BlockStatement,StringLiteral
/** How many rows a picker asks for at a time (issue 16: thousands of choices stay usable). */
export const PICKER_PAGE_SIZE = 50;

export interface ListPageAnswer<T> {
  rows: T[];
  /** Every row matching, not only this page's. */
  total: number;
  totalIsEstimate: boolean;
}

/**
 * POST {path} for one page only (no SPEC §7 re-posts): the first `take` rows matching `search`
 * and the body's filters and sort, with the true total (a picker's first page, a count).
 */
export async function fetchListPage<S extends z.ZodType>(
  api: ApiClient,
  path: string,
  rowSchema: S,
  options: {
    search?: string;
    body?: Record<string, unknown>;
    take?: number;
    signal?: AbortSignal;
  } = {},
): Promise<ListPageAnswer<z.output<S>>> {
  const search = options.search?.trim();
  const answer = await api.post<unknown>(
    path,
    {
      skip: 0,
      take: options.take ?? PICKER_PAGE_SIZE,
      ...(search ? { search } : {}),
      ...options.body,
    },
    { signal: options.signal, onePage: true },
  );
  const page = listPageSchema(rowSchema).parse(answer);
  return {
    rows: page.results,
    total: page.totalAvailable,
    totalIsEstimate: page.totalIsEstimate,
  };
}

/**
 * GET {path}?search&skip&take: one page of a choice the server searches (the sites a user can
 * open, the subscriptions a site may use), in SPEC §3's paged-results shape with the true total.
 */
export async function getListPage<S extends z.ZodType>(
  api: ApiClient,
  path: string,
  rowSchema: S,
  options: { search?: string; skip?: number; take?: number; signal?: AbortSignal } = {},
): Promise<ListPageAnswer<z.output<S>>> {
  const search = options.search?.trim();
  const answer = await api.get<unknown>(
    path,
    {
      ...(search ? { search } : {}),
      ...(options.skip ? { skip: options.skip } : {}),
      take: options.take ?? PICKER_PAGE_SIZE,
    },
    { signal: options.signal },
  );
  const page = pagedResultsSchema(rowSchema).parse(answer);
  return { rows: page.results, total: page.totalAvailable, totalIsEstimate: false };
}
