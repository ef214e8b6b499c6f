import { config } from '@/core/config';

/**
 * SPEC §7/§9: a token expiring within 60 s is refreshed before use. The one margin of the API
 * client's check and of the session controller's (core/auth/session.ts).
 */
export const TOKEN_REFRESH_MARGIN_SECONDS = 60;
/** SPEC §7/§9: at most this many follow-up page fetches after the first answer. */
export const MAX_FOLLOW_UP_PAGES = 5;
/** SPEC §2: where a 401 that survives a refresh sends the user (route notAuthenticated). */
export const NOT_AUTHENTICATED_ROUTE = '/not-authenticated';

/** The three configured backends: the only places a bearer token ever goes. */
export function configuredBaseUrls(): string[] {
  return [config.identityApiUrl, config.crmApiUrl, config.dataApiUrl];
}

/** True when url lies under one of the configured base URLs (same origin and path prefix). */
export function isUnderConfiguredBase(url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return configuredBaseUrls().some((base) => {
    const root = new URL(base);
    // Stryker disable next-line Regex: config trims the base URLs' trailing slashes (core/config): a path ends with at most one (the root's '/')
    const prefix = root.pathname.replace(/\/+$/, '');
    return (
      target.origin === root.origin &&
      (target.pathname === prefix || target.pathname.startsWith(`${prefix}/`))
    );
  });
}
