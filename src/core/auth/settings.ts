import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { OIDC_SCOPE } from '@/contract/identity/oidc';
import { config, type Portal } from '@/core/config';
import { tokenStore } from '@/core/storage';
import { authRoutes } from './routes';

/** The library settings of SPEC §9 for one portal on one origin. */
export function oidcSettings(portal: Portal, origin: string): UserManagerSettings {
  const store = new WebStorageStateStore({ store: tokenStore() });
  return {
    authority: config.oidcAuthority,
    client_id: config.oidcClientIds[portal],
    redirect_uri: `${origin}${authRoutes.signInOidc}`,
    post_logout_redirect_uri: `${origin}${authRoutes.signOutCallbackOidc}`,
    silent_redirect_uri: `${origin}${authRoutes.silentRenew}`,
    response_type: 'code', // authorization code; oidc-client-ts always adds PKCE (S256)
    scope: OIDC_SCOPE,
    // Tokens and sign-in state in sessionStorage only (SPEC §3), never localStorage.
    userStore: store,
    stateStore: store,
    loadUserInfo: false,
    silentRequestTimeoutInSeconds: 10,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    checkSessionIntervalInSeconds: 2,
    staleStateAgeInSeconds: 900,
    monitorSession: true,
    // Renewal is driven by core/auth's single refresh path (session.ts), never by the library's
    // own timer: two refreshers would present the same rotating refresh token twice.
    automaticSilentRenew: false,
    // Sign-out revokes the refresh token at the provider (not only the local copy). Only the
    // refresh token: the provider's access tokens are JWTs, which it refuses to revoke
    // (unsupported_token_type), and that refusal would abort signoutRedirect.
    revokeTokensOnSignout: true,
    revokeTokenTypes: ['refresh_token'],
  };
}

const managers = new Map<Portal, UserManager>();

/** One UserManager per portal for the page's lifetime, shared by the provider and the API client. */
export function getUserManager(portal: Portal): UserManager {
  let manager = managers.get(portal);
  if (!manager) {
    manager = new UserManager(oidcSettings(portal, window.location.origin));
    managers.set(portal, manager);
  }
  return manager;
}
