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
