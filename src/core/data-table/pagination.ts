/**
 * SPEC §2 pagination: the first and last page always, a window of pages around the current one,
 * and an ellipsis for each gap. Pages are 1-based here, as the user reads them.
 */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export function pageWindow(current: number, count: number, radius = 2): PageItem[] {
  if (count <= 1) return [1];
  const items: PageItem[] = [1];
  let start = Math.max(2, current - radius);
  let end = Math.min(count - 1, current + radius);
  // An ellipsis never stands for a single page: show that page instead.
  if (start === 3) start = 2;
  if (end === count - 2) end = count - 1;
  if (start > 2) items.push('ellipsis-start');
  for (let page = start; page <= end; page++) items.push(page);
  if (end < count - 1) items.push('ellipsis-end');
  items.push(count);
  return items;
}

/** The query parameter holding the 1-based page (SPEC §2). */
export const PAGE_PARAM = 'page';

/**
 * Reads ?page=N; anything but a whole number from 1 reads as page 1. A number past 2^53 reads as
 * that (a page past any list, which then shows its last page), not as its rounding or Infinity.
 */
export function readPageParam(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM);
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), Number.MAX_SAFE_INTEGER);
}

/** Writes the page into a copy of the parameters; page 1 removes it. */
export function withPageParam(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(page));
  return next;
}
