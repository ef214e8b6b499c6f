import type { Portal } from '@/core/config';
import { authRoutes, homeRoute, subscriptionRegistrationRoutes } from './routes';

/** A throwaway origin used only to check that a candidate resolves to the same origin. */
const PROBE_ORIGIN = 'https://same-origin.invalid';

// Control characters (tab, newline…) are dropped by URL parsers, turning '/\t/evil' into '//evil'.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function looksSafe(path: string): boolean {
  if (!path.startsWith('/')) return false; // relative, scheme (javascript:, http:), empty
  if (path.startsWith('//')) return false; // protocol-relative: another host
  if (path.includes('\\')) return false; // browsers read '\' as '/' in special URLs
  if (CONTROL.test(path)) return false;
  return true;
}

/**
 * Returns the candidate when it is a same-origin path ('/x?y#z'); anything else — another
 * origin, '//host', '/\host', encoded tricks like '/%09/host', 'javascript:', '' — gives the
 * fallback. Only such a path is ever restored after sign-in or sent as a returnUrl.
 */
export function safeReturnPath(candidate: unknown, fallback: string): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) {
    return fallback;
  }
  if (!looksSafe(candidate)) return fallback;
  // The same checks once decoded: '/%2F/evil' or '/%5Cevil' or '/%09/evil' must not pass either.
  let decoded: string;
  try {
    decoded = decodeURIComponent(candidate);
  } catch {
    return fallback; // malformed percent-encoding
  }
  if (!looksSafe(decoded)) return fallback;
  try {
    const resolved = new URL(candidate, PROBE_ORIGIN);
    if (resolved.origin !== PROBE_ORIGIN) return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/**
 * The path to go to after sign-in (SPEC §2): the saved lastRoute when it is a same-origin
 * path, else the dashboard. Before authentication only subscription-registration routes are
 * restored; anything else lands on the portal's home route.
 */
export function restorePath(options: {
  stored: unknown;
  authenticated: boolean;
  portal: Portal;
}): string {
  const { stored, authenticated, portal } = options;
  if (authenticated) {
    const path = safeReturnPath(stored, authRoutes.dashboard);
    // Never "restore" onto a callback or account route: that would loop.
    return isAuthMachineryPath(path) ? authRoutes.dashboard : path;
  }
  const home = homeRoute(portal);
  const path = safeReturnPath(stored, home);
  const pathname = pathnameOf(path).replace(/\/+$/, '');
  return (subscriptionRegistrationRoutes as readonly string[]).includes(pathname) ? path : home;
}

/** Callback and account routes: never saved as lastRoute, never restored. */
export function isAuthMachineryPath(path: string): boolean {
  const pathname = pathnameOf(path).toLowerCase();
  return [
    authRoutes.signInOidc,
    authRoutes.signOutCallbackOidc,
    authRoutes.silentRenew,
    authRoutes.login,
    authRoutes.register,
    authRoutes.notAuthenticated,
  ].some((route) => pathname === route.toLowerCase());
}
