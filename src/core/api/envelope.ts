/** Reading the API envelope (SPEC §3): its data field, and the paged-results shape (SPEC §7). */

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** GET (and every call) answers with the envelope's data field when there is one, else the body. */
export function unwrap(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body['data'] : body;
}

export interface Paged {
  results: unknown[];
  fetchedCount: number;
  skippedCount: number;
  totalAvailable: number;
}

export function asPaged(value: unknown): Paged | null {
  if (!isRecord(value)) return null;
  const { results, fetchedCount, skippedCount, totalAvailable } = value;
  if (
    typeof fetchedCount !== 'number' ||
    typeof skippedCount !== 'number' ||
    typeof totalAvailable !== 'number'
  ) {
    return null;
  }
  return {
    ...value,
    results: Array.isArray(results) ? results : [],
    fetchedCount,
    skippedCount,
    totalAvailable,
  };
}
