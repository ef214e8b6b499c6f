/**
 * The axios client. Loaded on the first API call, not with the page (./lazy.ts): the landing
 * pages call no API, so axios stays out of the portals' first load (docs/performance.md).
 */
import axios, { type AxiosInstance, type Method } from 'axios';
import { config } from '@/core/config';
import { notify } from '@/core/notify';
import { apiAuth } from './auth-bridge';
import {
  isUnderConfiguredBase,
  MAX_FOLLOW_UP_PAGES,
  TOKEN_REFRESH_MARGIN_SECONDS,
} from './constants';
import { asPaged, isRecord, unwrap } from './envelope';
import {
  ApiError,
  fieldErrorsOf,
  messageFromBody,
  NO_TOKEN_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from './errors';
import {
  applyCatalogue,
  closeErrorToastOf,
  meta,
  pathOnly,
  toApiError,
  type CallContext,
} from './failures';

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
  /**
   * Answer as the body's ReadableStream, read as it arrives (a streamed export, issue 16). The
   * status and the token rules are those of any call; an error body is read for its message.
   */
  isStream?: boolean;
  signal?: AbortSignal;
  /**
   * POST lists (SPEC §7 re-post): called after the first answer and after each re-post with
   * every result so far, so that a screen can paint the first page at once. The promise still
   * resolves with the whole list, as without it.
   */
  onPage?: (progress: PagedProgress) => void;
  /** POST lists: only the page asked for, no SPEC §7 re-post (a server-mode page, issue 16). */
  onePage?: boolean;
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

export function createApiClient(baseUrl: string): ApiClient {
  const http: AxiosInstance = axios.create({
    // Stryker disable next-line Regex: config trims the base URLs' trailing slashes (core/config), and axios collapses one left over
    baseURL: `${baseUrl.replace(/\/+$/, '')}/`,
    // Stryker disable next-line ObjectLiteral,StringLiteral: axios asks for JSON and sends an object body as JSON by default: the backends see the same request
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    // userIds=1&userIds=2 (SPEC §7 getavatars), not userIds[]=1.
    paramsSerializer: { indexes: null },
    // A caller's 'https://elsewhere/…' is never used as is: it stays under the base URL.
    allowAbsoluteUrls: false,
  });
  // Defence in depth: whatever built the request, the token never leaves the configured backends.
  http.interceptors.request.use((request) => {
    // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: exchange refuses a URL outside the bases before it reads a token, and sends that same URL: no request with a token gets here outside them
    if (request.headers.has('Authorization') && !isUnderConfiguredBase(http.getUri(request))) {
      // Stryker disable next-line StringLiteral: unreachable (see above): exchange refuses such a URL before any request
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
    // Stryker disable next-line ConditionalExpression: the first check is for the types: undefined <= 60 is false, so a token of unknown expiry is used as is either way
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
        // Stryker disable next-line StringLiteral: '' reads as 'json': the browser's adapter (XHR) takes the text and axios parses it as JSON for both (silent parsing, its default)
        responseType: options.isFile ? 'blob' : options.isStream ? 'stream' : 'json',
        // Only fetch hands a browser the body as it arrives.
        ...(options.isStream ? { adapter: 'fetch' as const } : {}),
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
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a Blob or a stream has neither a success nor a data field: the checks below give it back as is
    if (options.isFile || options.isStream) return response.data as unknown;
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
        method === 'post' && !options.isFile && !options.isStream && !options.onePage
          ? await postPaged(ctx, body, options)
          : await exchange(ctx, query, body, options);
      closeErrorToastOf(ctx);
      if (options.successMessage) notify.success(options.successMessage);
      return options.handleErrorManually
        ? ({ inError: false, message: '', data } satisfies ManualResult<unknown>)
        : data;
    } catch (raw) {
      if (axios.isCancel(raw) || options.signal?.aborted) throw raw; // a cancelled query is not an error
      const error = await toApiError(raw, ctx);
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
