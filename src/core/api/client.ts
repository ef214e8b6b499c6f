/**
 * The axios client. Loaded on the first API call, not with the page (./lazy.ts): the landing
 * pages call no API, so axios stays out of the portals' first load (docs/performance.md).
 */
import axios, { type AxiosInstance, type Method } from 'axios';
import { config } from '@/core/config';
import { reportError } from '@/core/errors';
import { notify } from '@/core/notify';
import { apiAuth, navigateTo } from './auth-bridge';
import {
  isUnderConfiguredBase,
  MAX_FOLLOW_UP_PAGES,
  NOT_AUTHENTICATED_ROUTE,
  TOKEN_REFRESH_MARGIN_SECONDS,
} from './constants';
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

export interface RequestOptions {
  /** Never send a token. */
  isAnonymous?: boolean;
  /** Send the token when there is one, but do not fail when there is none. */
  allowUnauthenticated?: boolean;
  /** Resolve with { inError, message, data } instead of throwing, with no toast or redirect. */
  handleErrorManually?: boolean;
  /** Shown as a success toast when the call succeeds. */
  successMessage?: string;
  /** Answer as a Blob (downloads). */
  isFile?: boolean;
  signal?: AbortSignal;
  /**
   * POST lists (SPEC §7 re-post): called after the first answer and after each re-post with
   * every result so far, so that a screen can paint the first page at once. The promise still
   * resolves with the whole list, as without it.
   */
  onPage?: (progress: PagedProgress) => void;
}

/** A paged POST so far (RequestOptions.onPage). */
export interface PagedProgress {
  /** Every result so far, in order (a copy: the caller may keep it). */
  results: unknown[];
  fetchedCount: number;
  skippedCount: number;
  totalAvailable: number;
  /** Answers so far: 1 after the first. */
  pages: number;
  /** No re-post follows (the total is reached, the re-posts are used up, or a page was empty). */
  done: boolean;
}

/** What a call with handleErrorManually resolves with. */
export interface ManualResult<T> {
  inError: boolean;
  message: string;
  data?: T;
  status?: number;
  fieldErrors?: ApiError['fieldErrors'];
}

type Manual = RequestOptions & { handleErrorManually: true };
type Thrown = RequestOptions & { handleErrorManually?: false };
export type QueryParams = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number | boolean)[]
>;

export interface ApiClient {
  readonly baseUrl: string;
  get<T>(path: string, query?: QueryParams, options?: Thrown): Promise<T>;
  get<T>(path: string, query: QueryParams | undefined, options: Manual): Promise<ManualResult<T>>;
  /** Options only known at run time: either shape may come back. */
  get<T>(path: string, query?: QueryParams, options?: RequestOptions): Promise<T | ManualResult<T>>;
  post<T>(path: string, body?: unknown, options?: Thrown): Promise<T>;
  post<T>(path: string, body: unknown, options: Manual): Promise<ManualResult<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | ManualResult<T>>;
  put<T>(path: string, body?: unknown, options?: Thrown): Promise<T>;
  put<T>(path: string, body: unknown, options: Manual): Promise<ManualResult<T>>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | ManualResult<T>>;
  delete<T>(path: string, body?: unknown, options?: Thrown): Promise<T>;
  delete<T>(path: string, body: unknown, options: Manual): Promise<ManualResult<T>>;
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | ManualResult<T>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** GET (and every call) answers with the envelope's data field when there is one, else the body. */
function unwrap(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body['data'] : body;
}

interface Paged {
  results: unknown[];
  fetchedCount: number;
  skippedCount: number;
  totalAvailable: number;
}

function asPaged(value: unknown): Paged | null {
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

interface CallContext {
  method: Method;
  path: string;
  endpoint: string;
  payload: unknown;
}

function pathOnly(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

export function createApiClient(baseUrl: string): ApiClient {
  const http: AxiosInstance = axios.create({
    baseURL: `${baseUrl.replace(/\/+$/, '')}/`,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    // userIds=1&userIds=2 (SPEC §7 getavatars), not userIds[]=1.
    paramsSerializer: { indexes: null },
    // A caller's 'https://elsewhere/…' is never used as is: it stays under the base URL.
    allowAbsoluteUrls: false,
  });
  // Defence in depth: whatever built the request, the token never leaves the configured backends.
  http.interceptors.request.use((request) => {
    if (request.headers.has('Authorization') && !isUnderConfiguredBase(http.getUri(request))) {
      request.headers.delete('Authorization');
    }
    return request;
  });

  const relative = (path: string) => path.replace(/^\/+/, '');

  async function bearer(options: RequestOptions, ctx: CallContext): Promise<string | null> {
    if (options.isAnonymous) return null;
    const auth = apiAuth();
    let user = auth ? await auth.getUser() : null;
    if (!auth || !user?.access_token) {
      if (options.allowUnauthenticated) return null;
      throw new ApiError({ message: NO_TOKEN_MESSAGE, status: 0, kind: 'no-token', ...meta(ctx) });
    }
    if (user.expires_in !== undefined && user.expires_in <= TOKEN_REFRESH_MARGIN_SECONDS) {
      user = await refreshOrEnd(ctx);
    }
    return user.access_token;
  }

  async function refreshOrEnd(ctx: CallContext) {
    const auth = apiAuth();
    if (!auth)
      throw new ApiError({ message: NO_TOKEN_MESSAGE, status: 0, kind: 'no-token', ...meta(ctx) });
    try {
      return await auth.refresh();
    } catch (cause) {
      throw new ApiError({
        message: SESSION_EXPIRED_MESSAGE,
        status: 401,
        kind: 'session-ended',
        cause,
        ...meta(ctx),
      });
    }
  }

  const meta = (ctx: CallContext) => ({ method: ctx.method.toUpperCase(), endpoint: ctx.endpoint });

  /** One HTTP exchange with the token rules: refresh first when expiring, 401 → refresh once → retry once. */
  async function exchange(
    ctx: CallContext,
    query: QueryParams | undefined,
    body: unknown,
    options: RequestOptions,
  ): Promise<unknown> {
    const url = relative(ctx.path);
    const fullUrl = http.getUri({ url, params: query });
    if (!options.isAnonymous && !isUnderConfiguredBase(fullUrl)) {
      throw new ApiError({
        message: `Refused to send credentials outside the configured services: ${ctx.path}`,
        status: 0,
        kind: 'blocked',
        ...meta(ctx),
      });
    }
    const send = (token: string | null) =>
      http.request({
        method: ctx.method,
        url,
        params: query,
        data: body,
        signal: options.signal,
        responseType: options.isFile ? 'blob' : 'json',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });

    const token = await bearer(options, ctx);
    let response;
    try {
      response = await send(token);
    } catch (error) {
      if (token && axios.isAxiosError(error) && error.response?.status === 401) {
        // SPEC §7: refresh once and retry once. A second 401 goes to the catalogue: no loop.
        const renewed = await refreshOrEnd(ctx);
        response = await send(renewed.access_token);
      } else {
        throw error;
      }
    }
    if (options.isFile) return response.data as unknown;
    const data: unknown = response.data;
    if (isRecord(data) && data['success'] === false) {
      throw new ApiError({
        message: messageFromBody(data),
        status: response.status,
        kind: 'http',
        fieldErrors: fieldErrorsOf(data),
        body: data,
        ...meta(ctx),
      });
    }
    return unwrap(data);
  }

  /** SPEC §7 POST: while fetched + skipped < total, re-post with skip = fetched + skipped (≤ 5 times). */
  async function postPaged(ctx: CallContext, body: unknown, options: RequestOptions) {
    const first = await exchange(ctx, undefined, body, options);
    const paged = asPaged(first);
    if (!paged) return first;
    const results = [...paged.results];
    let last = paged;
    const nextSkip = () => last.fetchedCount + last.skippedCount;
    const isLast = (followUps: number) =>
      followUps >= MAX_FOLLOW_UP_PAGES ||
      nextSkip() >= last.totalAvailable ||
      last.fetchedCount === 0;
    const report = (pages: number, done: boolean) =>
      options.onPage?.({
        results: results.slice(),
        fetchedCount: results.length,
        skippedCount: paged.skippedCount,
        totalAvailable: last.totalAvailable,
        pages,
        done,
      });
    report(1, isLast(0));
    for (let followUps = 0; !isLast(followUps); followUps++) {
      const nextBody = { ...(isRecord(body) ? body : {}), skip: nextSkip() };
      const answer = asPaged(
        await exchange({ ...ctx, payload: nextBody }, undefined, nextBody, options),
      );
      if (!answer) break;
      results.push(...answer.results);
      last = answer;
      report(followUps + 2, isLast(followUps + 1));
    }
    return { ...paged, results, fetchedCount: results.length };
  }

  async function toApiError(error: unknown, ctx: CallContext, isFile: boolean): Promise<ApiError> {
    if (error instanceof ApiError) return error;
    if (axios.isAxiosError(error) && error.response) {
      let body: unknown = error.response.data;
      if (isFile && body instanceof Blob) {
        const text = await body.text().catch(() => '');
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
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

  /** SPEC §8: the toast, redirect and report for a failure nobody handles manually. */
  function applyCatalogue(error: ApiError, ctx: CallContext) {
    const toastId = `api:${error.method}:${error.endpoint}:${error.status}:${error.kind}`;
    switch (error.kind) {
      case 'session-ended':
        return; // the session side removed the user and went to '/'
      case 'no-token':
        notify.error(NO_TOKEN_MESSAGE, { id: 'api:no-token' });
        return;
      default:
        break;
    }
    if (error.status === 401) {
      notify.error(SESSION_EXPIRED_MESSAGE, { id: 'api:session-expired' });
      navigateTo(NOT_AUTHENTICATED_ROUTE);
      return;
    }
    if (error.status === 404) {
      notify.error(NOT_FOUND_MESSAGE, { persistent: true, id: toastId });
      return;
    }
    const text =
      error.status === 403
        ? [bodyHasMessage(error.body) ? error.message : '', forbiddenMessage(pathOnly(ctx.path))]
            .filter(Boolean)
            .join('\n')
        : error.message;
    notify.error(text, { persistent: true, id: toastId });
    reportError(error, {
      endpoint: error.endpoint,
      status: error.status,
      method: error.method,
      payload: ctx.payload,
    });
  }

  async function call(
    method: Method,
    path: string,
    query: QueryParams | undefined,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<unknown> {
    const ctx: CallContext = {
      method,
      path,
      endpoint: `${baseUrl.replace(/\/+$/, '')}/${relative(pathOnly(path))}`,
      payload: body,
    };
    try {
      const data =
        method === 'post' && !options.isFile
          ? await postPaged(ctx, body, options)
          : await exchange(ctx, query, body, options);
      if (options.successMessage) notify.success(options.successMessage);
      return options.handleErrorManually
        ? ({ inError: false, message: '', data } satisfies ManualResult<unknown>)
        : data;
    } catch (raw) {
      if (axios.isCancel(raw) || options.signal?.aborted) throw raw; // a cancelled query is not an error
      const error = await toApiError(raw, ctx, Boolean(options.isFile));
      if (options.handleErrorManually) {
        const result: ManualResult<unknown> = {
          inError: true,
          message: error.message,
          status: error.status,
          fieldErrors: error.fieldErrors,
        };
        if (error.body !== undefined) result.data = error.body;
        return result;
      }
      applyCatalogue(error, ctx);
      throw error;
    }
  }

  // The overloads above give callers precise types; one implementation serves them all.
  const client = {
    baseUrl,
    get: (path: string, query?: QueryParams, options?: RequestOptions) =>
      call('get', path, query, undefined, options),
    post: (path: string, body?: unknown, options?: RequestOptions) =>
      call('post', path, undefined, body, options),
    put: (path: string, body?: unknown, options?: RequestOptions) =>
      call('put', path, undefined, body, options),
    delete: (path: string, body?: unknown, options?: RequestOptions) =>
      call('delete', path, undefined, body, options),
  };
  return client as unknown as ApiClient;
}

/** Identity service (profile, avatars). */
export const identityApi = createApiClient(config.identityApiUrl);
/** CRM service: the default backend. */
export const crmApi = createApiClient(config.crmApiUrl);
/** Data service (sites, blasts, node libraries). */
export const dataApi = createApiClient(config.dataApiUrl);

export {
  configuredBaseUrls,
  isUnderConfiguredBase,
  MAX_FOLLOW_UP_PAGES,
  NOT_AUTHENTICATED_ROUTE,
  TOKEN_REFRESH_MARGIN_SECONDS,
} from './constants';
