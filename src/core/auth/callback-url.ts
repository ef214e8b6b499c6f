import { safeReturnPath } from './return-path';
import { authRoutes } from './routes';

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
  origin?: string;
}

/** Parameters an authorization response (or error response) may carry; removed after a callback. */
const CALLBACK_PARAMS = [
  'code',
  'state',
  'error',
  'error_description',
  'error_uri',
  'session_state',
  'iss',
];

function paramsOf(part: string): URLSearchParams {
  // Stryker disable next-line Regex: a query or hash that is not empty begins with its sigil, so its first `?` or `#` is that one
  return new URLSearchParams(part.replace(/^[?#]/, ''));
}

function holdsAuthResponse(params: URLSearchParams): boolean {
  return Boolean((params.get('code') || params.get('error')) && params.get('state'));
}

/**
 * SPEC §2: a URL whose query or hash holds a code or an error together with a state is a
 * sign-in callback, on any path (except the sign-out return, which has its own handling).
 */
export function isSignInCallback(location: LocationLike): boolean {
  if (isSignOutCallback(location)) return false;
  return holdsAuthResponse(paramsOf(location.search)) || holdsAuthResponse(paramsOf(location.hash));
}

export function isSignOutCallback(location: Pick<LocationLike, 'pathname'>): boolean {
  return location.pathname.toLowerCase() === authRoutes.signOutCallbackOidc;
}

/** The same path with the authorization response's parameters removed from query and hash. */
export function withoutCallbackParams(location: LocationLike): string {
  const strip = (part: string, sigil: '?' | '#') => {
    // A part with no `name=value` (an anchor, a bare flag, none at all) holds no callback
    // parameter: it is kept as it is.
    if (!part.includes('=')) return part;
    const params = paramsOf(part);
    for (const name of CALLBACK_PARAMS) params.delete(name);
    const rest = params.toString();
    return rest ? `${sigil}${rest}` : '';
  };
  return `${location.pathname}${strip(location.search, '?')}${strip(location.hash, '#')}`;
}

/**
 * SPEC §2: an entry URL with ?getStarted=userId goes to the identity provider's login with the
 * userId and a returnUrl — the current address without its query (a same-origin address only).
 * Returns null when the URL has no usable getStarted value.
 */
export function getStartedRedirectUrl(
  location: LocationLike & { origin: string },
  authority: string,
): string | null {
  const userId = new URLSearchParams(location.search).get('getStarted');
  if (!userId || !/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return null;
  const path = safeReturnPath(location.pathname, '/');
  const returnUrl = `${location.origin}${path}`;
  const query = new URLSearchParams({ userId, returnUrl });
  return `${authority.replace(/\/+$/, '')}/Account/Login?${query.toString()}`;
}
