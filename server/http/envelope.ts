import type { Envelope, FieldError, PagedResults } from '@/contract/envelope';
import { MAX_PAGE_SIZE } from '@/contract/envelope';

export const ok = <T>(data: T, message?: string): Envelope<T> =>
  message === undefined
    ? { success: true, errors: null, data }
    : { success: true, errors: null, data, message };

export type FieldErrors = Record<string, FieldError>;

/**
 * A handler's data already written as JSON (a list page's rows as PostgreSQL wrote them,
 * server/http/list.ts listPageJson): registerRoutes sends it inside the envelope as it is.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** An error the route handlers throw; the error handler answers it as an envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldErrors | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const fail = (statusCode: number, message: string, errors: FieldErrors | null = null) =>
  new HttpError(statusCode, message, errors);

export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const forbidden = (message = 'You do not have permission to access this resource') =>
  new HttpError(403, message);
export const badRequest = (field: string, message: string, errorCode = 'invalid') =>
  new HttpError(400, message, { [field]: { message, errorCode } });
/**
 * A refusal for a business reason (the record is in use, the organisation may not sell that
 * kind): 409 with the reason, never the 403 of a permission refusal (SPEC §8's 403 text says
 * the user lacks a permission, which is not why).
 */
export const refused = (message: string) => new HttpError(409, message);
export const conflict = (field: string, message: string) =>
  new HttpError(409, message, { [field]: { message, errorCode: 'duplicate' } });

export const errorEnvelope = (
  message: string,
  errors: FieldErrors | null = null,
): Envelope<null> => ({
  success: false,
  errors,
  message,
  data: null,
});

/** Clamps a page request to MAX_PAGE_SIZE. */
export function pageOf(req: { skip?: number | undefined; take?: number | undefined }) {
  // Clamped so SQL never sees a number JavaScript would print in exponent form.
  const skip = Math.min(2_147_483_647, Math.max(0, req.skip ?? 0));
  const take = Math.min(MAX_PAGE_SIZE, Math.max(1, req.take ?? MAX_PAGE_SIZE));
  return { skip, take };
}

export const paged = <T>(results: T[], skip: number, totalAvailable: number): PagedResults<T> => ({
  results,
  fetchedCount: results.length,
  skippedCount: skip,
  totalAvailable,
});
