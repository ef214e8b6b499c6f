export { AuthProvider, useSessionContext } from './auth-provider';
export type {
  AuthProviderProps,
  OidcState,
  EntryKind,
  EntryPhase,
  NavigateFn,
  SignInOptions,
} from './auth-provider';
export { useAuthSession } from './use-auth-session';
export { SignInButtons, type SignInButtonsProps } from './sign-in-buttons';
export type { AuthSession, SessionUser } from './use-auth-session';
export {
  AccountRedirect,
  RequireAuth,
  SIGN_IN_FAILED_MESSAGE,
  SIGN_OUT_FAILED_MESSAGE,
  SignInCallbackPage,
  SignInFailed,
  SignOutCallbackPage,
} from './components';
export { isAuthMachineryPath, restorePath, safeReturnPath } from './return-path';
export {
  getStartedRedirectUrl,
  isSignInCallback,
  isSignOutCallback,
  withoutCallbackParams,
} from './callback-url';
export { decodeJwtPayload, hasSysadminRole, rolesFromAccessToken } from './claims';
export { authRoutes, homeRoute, subscriptionRegistrationRoutes } from './routes';
export { createSessionController, isExpiring } from './session';
export type { SessionController, SessionEndReason, SessionUserManager } from './session';
// The UserManager's settings (./settings) load with oidc-client-ts, on demand: never re-export
// them here, or the library joins the first load.
export { loadUserManager, preloadSignIn } from './load-manager';
export { hasStoredUser, storedAccess, storedUserKey, type StoredAccess } from './stored-user';
