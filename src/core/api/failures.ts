/**
 * What the API client does with a failed call (SPEC §8): the ApiError it becomes, and the toast,
 * redirect and error report of a failure nobody handles manually.
 */
import type { AxiosError, Method } from 'axios';
import { reportError } from '@/core/errors';
import { notify } from '@/core/notify';
import { navigateTo } from './auth-bridge';
import { NOT_AUTHENTICATED_ROUTE } from './constants';
import {
  ApiError,
  bodyHasMessage,
  DEFAULT_ERROR_MESSAGE,
  fieldErrorsOf,
  forbiddenMessage,
  messageFromBody,
  NO_TOKEN_MESSAGE,
  NOT_FOUND_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from './errors';

export interface CallContext {
  method: Method;
  path: string;
  endpoint: string;
  payload: unknown;
}

export function pathOnly(path: string): string {
  // Stryker disable next-line LogicalOperator: split always gives a first element; the fallback only satisfies the types
  return path.split(/[?#]/)[0] ?? path;
}

/**
 * An axios error, recognised by its own marker (what axios.isAxiosError reads), so that only the
 * lazily loaded client module imports axios itself.
 */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' &&
  error !== null &&
  (error as { isAxiosError?: unknown }).isAxiosError === true;

/** The method and endpoint an ApiError names. */
export const meta = (ctx: CallContext) => ({
  method: ctx.method.toUpperCase(),
  endpoint: ctx.endpoint,
});

/**
 * An error answer's body as JSON (else its text): a download's Blob and a stream's body are read
 * first, so that their message reaches the user as any other call's does.
 */
async function readBody(data: unknown): Promise<unknown> {
  let text: string;
  if (data instanceof Blob) text = await data.text().catch(() => '');
  else if (
    // Stryker disable next-line ConditionalExpression,StringLiteral: every browser the build targets has ReadableStream (so has the test platform: msw needs it): the typeof check never fails
    typeof ReadableStream !== 'undefined' &&
    data instanceof ReadableStream
  )
    text = await new Response(data as ReadableStream<Uint8Array>).text().catch(() => '');
  else return data;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function toApiError(error: unknown, ctx: CallContext): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error) && error.response) {
    const body = await readBody(error.response.data);
    return new ApiError({
      message: messageFromBody(body),
      status: error.response.status,
      kind: 'http',
      fieldErrors: fieldErrorsOf(body),
      body,
      cause: error,
      ...meta(ctx),
    });
  }
  return new ApiError({
    message: DEFAULT_ERROR_MESSAGE,
    status: 0,
    kind: 'network',
    cause: error,
    ...meta(ctx),
  });
}

/** The error toast each endpoint (method and path) left open: its next success closes it. */
const openErrorToasts = new Map<string, string>();
// Stryker disable next-line MethodExpression: the key is built the same way where it is set and where it is read
const endpointOf = (ctx: CallContext) => `${ctx.method.toUpperCase()} ${pathOnly(ctx.endpoint)}`;

/** A call that succeeded closes the error toast its endpoint's last failure left. */
export function closeErrorToastOf(ctx: CallContext): void {
  const key = endpointOf(ctx);
  const toastId = openErrorToasts.get(key);
  if (toastId === undefined) return;
  openErrorToasts.delete(key);
  notify.dismiss(toastId);
}

/**
 * The error's toast, once per text (identical messages collapse into one). It waits for the end
 * of the current task: a screen that shows the error itself meanwhile (showingInPlace, as the
 * rejection reaches its dialog or form) takes it over, and no toast flashes.
 */
function errorToast(error: ApiError, ctx: CallContext, text: string, persistent: boolean) {
  setTimeout(() => {
    if (error.shownInPlace) return;
    const toastId = notify.error(text, { persistent, id: `api:${text}` });
    error.toastId = toastId;
    openErrorToasts.set(endpointOf(ctx), toastId);
  }, 0);
}

/** SPEC §8: the toast, redirect and report for a failure nobody handles manually. */
export function applyCatalogue(error: ApiError, ctx: CallContext) {
  switch (error.kind) {
    case 'session-ended':
      return; // the session side removed the user and went to '/'
    case 'no-token':
      errorToast(error, ctx, NO_TOKEN_MESSAGE, false);
      return;
    // Stryker disable next-line ConditionalExpression: the last case: without its break it leaves the switch all the same
    default:
      break;
  }
  if (error.status === 401) {
    errorToast(error, ctx, SESSION_EXPIRED_MESSAGE, false);
    navigateTo(NOT_AUTHENTICATED_ROUTE);
    return;
  }
  if (error.status === 404) {
    errorToast(error, ctx, NOT_FOUND_MESSAGE, true);
    return;
  }
  const text =
    error.status === 403
      ? [bodyHasMessage(error.body) ? error.message : '', forbiddenMessage(pathOnly(ctx.path))]
          .filter(Boolean)
          .join('\n')
      : error.message;
  errorToast(error, ctx, text, true);
  reportError(error, {
    endpoint: error.endpoint,
    status: error.status,
    method: error.method,
    payload: ctx.payload,
  });
}
