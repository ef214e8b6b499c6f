import type { FieldError } from '@/contract/envelope';
import { notify } from '@/core/notify';

export type ApiErrorKind =
  /** The server answered with an error status, or success: false. */
  | 'http'
  /** No answer (network down, CORS, timeout). */
  | 'network'
  /** No valid token to send (SPEC §8 'No valid authentication token available'). */
  | 'no-token'
  /** The refresh failed; the session is over and the user is on their way to '/'. */
  | 'session-ended'
  /** A request that would have carried the token to a URL outside the configured backends. */
  | 'blocked';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong!';
export const NO_TOKEN_MESSAGE = 'No valid authentication token available';
export const NOT_FOUND_MESSAGE = 'Resource not found';
export const SESSION_EXPIRED_MESSAGE = 'Session expired, refreshing page.';
export const forbiddenMessage = (path: string) =>
  `403 Forbidden. You do not have permission to access this resource: ${path}`;

/** A failed API call: what forms and screens need to show it (SPEC §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Field errors of the envelope, keyed by field: show them under the fields. */
  readonly fieldErrors: Record<string, FieldError>;
  readonly method: string;
  readonly endpoint: string;
  /** The response body, when there was one. */
  readonly body: unknown;
  /** The toast the error catalogue showed for it (SPEC §8), if any: see showingInPlace. */
  toastId?: string;
  /** A screen shows it itself (showingInPlace): the catalogue shows no toast of it. */
  shownInPlace = false;

  constructor(init: {
    message: string;
    status: number;
    kind: ApiErrorKind;
    fieldErrors?: Record<string, FieldError>;
    method: string;
    endpoint: string;
    body?: unknown;
    cause?: unknown;
  }) {
    // Stryker disable next-line ConditionalExpression: a cause of undefined reads as none: error.cause is undefined either way, and the reports follow only an Error cause
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.fieldErrors = init.fieldErrors ?? {};
    this.method = init.method;
    this.endpoint = init.endpoint;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A screen that shows a failed call's message itself (its dialog, its form) takes the message
 * over from the catalogue's toast: the user reads it once, where it belongs.
 */
export function showingInPlace(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  error.shownInPlace = true;
  if (error.toastId) notify.dismiss(error.toastId);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The envelope's field errors, keeping only well-formed entries. */
export function fieldErrorsOf(body: unknown): Record<string, FieldError> {
  if (!isRecord(body) || !isRecord(body['errors'])) return {};
  const out: Record<string, FieldError> = {};
  for (const [field, value] of Object.entries(body['errors'])) {
    if (isRecord(value)) {
      out[field] = {
        message: typeof value['message'] === 'string' ? value['message'] : '',
        errorCode: typeof value['errorCode'] === 'string' ? value['errorCode'] : '',
      };
    }
  }
  return out;
}

/**
 * SPEC §8: a string body is shown as is; a body message overrides; otherwise one line
 * 'errorCode: message' per field error; otherwise the default text.
 */
export function messageFromBody(body: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (typeof body === 'string') return body.trim() ? body : fallback;
  if (!isRecord(body)) return fallback;
  const message = body['message'];
  if (typeof message === 'string' && message.trim()) return message;
  const lines = Object.values(fieldErrorsOf(body))
    .map(({ errorCode, message: m }) => (errorCode ? `${errorCode}: ${m}` : m))
    .filter((line) => line.trim());
  return lines.length ? lines.join('\n') : fallback;
}

/** True when the body carries its own text (used by 403, which adds its line to it). */
export function bodyHasMessage(body: unknown): boolean {
  return messageFromBody(body, '') !== '';
}

/**
 * A whole list was asked for, and its first answer says it cannot arrive whole (issue 16: never a
 * silent truncation). A table then pages it on the server (its ListSource); other readers say the
 * list is too large to read here.
 */
export class ListTooLargeError extends Error {
  constructor(readonly totalAvailable: number) {
    super(`The list has ${totalAvailable} records: too many to load whole`);
    this.name = 'ListTooLargeError';
  }
}
