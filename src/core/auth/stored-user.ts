import { TOKEN_REFRESH_MARGIN_SECONDS } from '@/core/api';
import { config, type Portal } from '@/core/config';
import { tokenStore } from '@/core/storage';
import { storedUserKeyOf } from './stored-user-key';

/**
 * Where oidc-client-ts keeps a portal's signed-in user, in sessionStorage (SPEC §3). Read without
 * the library, so that a page with nothing to restore knows it is signed out before the library
 * is loaded.
 */
export function storedUserKey(portal: Portal): string {
  return storedUserKeyOf(config.oidcAuthority, config.oidcClientIds[portal]);
}

/** Whether this tab holds a stored user for the portal (valid or not: the library decides). */
export function hasStoredUser(portal: Portal): boolean {
  try {
    return tokenStore().getItem(storedUserKey(portal)) !== null;
  } catch {
    // No sessionStorage: nothing can be restored (and sign-in will say so when asked for).
    return false;
  }
}

/** A stored user's subject and access token, while the token is good for more than the margin. */
export interface StoredAccess {
  sub: string;
  accessToken: string;
}

/**
 * The stored user's access, read without the library (oidc-client-ts keeps its User as JSON:
 * access_token, expires_at in epoch seconds, profile.sub), so that a page restoring a session can
 * ask for the user's organisations at boot (issue 16). Null when there is none, when it is
 * unreadable, or when the token expires within the refresh margin (the library refreshes it).
 */
export function storedAccess(portal: Portal, now = Date.now()): StoredAccess | null {
  let user: { access_token?: unknown; expires_at?: unknown; profile?: { sub?: unknown } } | null;
  try {
    // Stryker disable BlockStatement: an emptied catch leaves user undefined, which the checks below answer null for
    // Stryker disable next-line StringLiteral: JSON.parse('') throws, and the catch answers null as 'null' does
    user = JSON.parse(tokenStore().getItem(storedUserKey(portal)) ?? 'null');
  } catch {
    return null;
  }
  // Stryker restore BlockStatement
  const accessToken = user?.access_token;
  const expiresAt = user?.expires_at;
  const sub = user?.profile?.sub;
  if (typeof accessToken !== 'string' || accessToken === '' || typeof sub !== 'string') return null;
  if (
    typeof expiresAt !== 'number' ||
    expiresAt * 1000 - now <= TOKEN_REFRESH_MARGIN_SECONDS * 1000
  )
    return null;
  return { sub, accessToken };
}
