// The public face of the API client. Everything here is light: the axios client (./client)
// and the calls with their zod schemas (./calls) load on the first API call, so that a page
// that calls no API (the landing pages) does not carry them (docs/performance.md).
import type { UserAvatar, UserMetadata } from '@/contract/metadata';
import { config } from '@/core/config';
import { unwrap } from './envelope';
import { loadClientModule, preloadClient } from './lazy';

export {
  configuredBaseUrls,
  isUnderConfiguredBase,
  MAX_FOLLOW_UP_PAGES,
  NOT_AUTHENTICATED_ROUTE,
  TOKEN_REFRESH_MARGIN_SECONDS,
} from './constants';
export { createApiClient, crmApi, dataApi, identityApi } from './lazy';
export type { ApiClient, ManualResult, PagedProgress, QueryParams, RequestOptions } from './client';
export {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  forbiddenMessage,
  isApiError,
  ListTooLargeError,
  messageFromBody,
  NO_TOKEN_MESSAGE,
  NOT_FOUND_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  showingInPlace,
} from './errors';
export type { ApiErrorKind } from './errors';
export { configureApiAuth } from './auth-bridge';
export { InputError, parseInput } from './parse-input';
export { NDJSON_BAD_LINE, ndjsonValues } from './ndjson';
export type { ApiAuth, ApiAuthUser } from './auth-bridge';

/** The calls' module, fetched together with the client it calls (no waterfall). */
async function calls() {
  const [module] = await Promise.all([import('./calls'), loadClientModule()]);
  return module;
}

/**
 * Starts loading the client and the calls without making a call: a page that restores a session
 * asks for the user's organisations first, and its code then arrives beside the route's
 * (bootPortal) instead of after the first render. A failed load is tried again by the first call.
 */
export function preloadApiClient(): void {
  preloadClient();
  void import('./calls').catch(() => undefined);
}

/** SPEC §7: GET Orgs/GetUserMetadata (CRM), parsed with its contract schema (./calls). */
export async function getUserMetadata(includeOrgAvatars = true): Promise<UserMetadata> {
  return (await calls()).getUserMetadata(includeOrgAvatars);
}

/**
 * GetUserMetadata sent at boot with a stored session's token (issue 16: first rows at once). By
 * fetch, so that it leaves before the axios client has arrived and travels beside the route's
 * code; only to the configured CRM service. The answer is parsed with its contract schema once
 * the calls have loaded. Null when it fails in any way, with no toast and no redirect: the caller
 * then asks the usual way (a token refused is refreshed there).
 */
export async function getUserMetadataAtBoot(token: string): Promise<UserMetadata | null> {
  try {
    const response = await fetch(
      `${config.crmApiUrl}/Orgs/GetUserMetadata?includeOrgAvatars=true`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    if (!response.ok) return null;
    const body = (await response.json()) as { success?: unknown } | null;
    // As the client reads an envelope: one that says it failed is an error, whatever it holds.
    // Stryker disable next-line OptionalChaining: a body of null throws without it, and the catch answers null as parsing null does
    if (body?.success === false) return null;
    return (await calls()).parseUserMetadata(unwrap(body));
  } catch {
    return null;
  }
}

/** SPEC §7: GET users/getdefaultavatar (CRM); see ./calls. */
export async function getDefaultAvatar(): Promise<unknown> {
  return (await calls()).getDefaultAvatar();
}

/** SPEC §7: GET users/getavatars (CRM); see ./calls. */
export async function getAvatars(userIds: readonly number[]): Promise<UserAvatar[]> {
  return (await calls()).getAvatars(userIds);
}
