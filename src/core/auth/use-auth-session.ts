import { useMemo } from 'react';
import { useSessionContext, type SignInOptions } from './auth-provider';
import { hasSysadminRole, rolesFromAccessToken } from './claims';

export interface SessionUser {
  /** The user id as a decimal string (id token sub). */
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
  /** The access token's role claim as a list. */
  roles: string[];
}

export interface AuthSession {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  user: SessionUser | null;
  /** SPEC §6: from the role claim (string or list) of the stored access token. */
  isSysadmin: boolean;
  signIn(options?: SignInOptions): Promise<void>;
  signOut(): Promise<void>;
  /** The last sign-in or sign-out failure, if any. */
  error: Error | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The signed-in user and the session's actions, for any component under <AuthProvider>. */
export function useAuthSession(): AuthSession {
  const { auth, phase, signIn, signOut } = useSessionContext();
  const oidcUser = auth.user;

  return useMemo<AuthSession>(() => {
    // (While the provider redirects, AuthProvider renders nothing that could ask.)
    const status =
      phase.kind === 'processing' || auth.isLoading
        ? 'loading'
        : auth.isAuthenticated && oidcUser
          ? 'authenticated'
          : 'unauthenticated';
    const roles = rolesFromAccessToken(oidcUser?.access_token);
    const user: SessionUser | null =
      status === 'authenticated' && oidcUser
        ? {
            sub: text(oidcUser.profile.sub),
            givenName: text(oidcUser.profile.given_name),
            familyName: text(oidcUser.profile.family_name),
            email: text(oidcUser.profile.email),
            roles,
          }
        : null;
    // A failed phase (sign-in, sign-out) carries its error; the others have none.
    const { error: phaseError } = phase as { error?: Error };
    return {
      status,
      user,
      isSysadmin: user !== null && hasSysadminRole(roles),
      signIn,
      signOut,
      error: phaseError ?? auth.error ?? null,
    };
  }, [auth.isLoading, auth.isAuthenticated, auth.error, oidcUser, phase, signIn, signOut]);
}
