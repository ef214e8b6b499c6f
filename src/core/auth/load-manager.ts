import type { UserManager } from 'oidc-client-ts';
import type { Portal } from '@/core/config';
import { lazyModule } from '@/core/lazy';
import { isSignInCallback, isSignOutCallback } from './callback-url';
import { hasStoredUser } from './stored-user';

const loading = new Map<Portal, Promise<UserManager>>();

/**
 * react-oidc-context with oidc-client-ts (./oidc-bridge), one chunk loaded once: the portal's
 * UserManager and the bridge component AuthProvider renders (at once, since the manager it is
 * given came from the same load).
 */
export const oidcBridge = lazyModule(() => import('./oidc-bridge'));

/**
 * The portal's UserManager, with oidc-client-ts loaded on first use (import()): a signed-out
 * page does not download or run the sign-in library until a sign-in is asked for. One load per
 * portal; a failed load (network) is forgotten so that the next call tries again.
 */
export function loadUserManager(portal: Portal): Promise<UserManager> {
  let manager = loading.get(portal);
  if (!manager) {
    manager = oidcBridge.preload().then(({ getUserManager }) => getUserManager(portal));
    manager.catch(() => loading.delete(portal));
    loading.set(portal, manager);
  }
  return manager;
}

/**
 * Called at boot, before React renders: when the page has a session to restore or a provider
 * answer to handle, the sign-in library starts loading now, beside the route's chunks, instead
 * of after the first render.
 */
export function preloadSignIn(
  portal: Portal,
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  load: (portal: Portal) => Promise<unknown> = loadUserManager,
): void {
  if (hasStoredUser(portal) || isSignInCallback(location) || isSignOutCallback(location)) {
    load(portal).catch(() => undefined);
  }
}
