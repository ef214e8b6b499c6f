/**
 * react-oidc-context (the design card's sign-in package) around the portal's UserManager. It
 * loads with oidc-client-ts when the page needs it (load-manager.ts, AuthProvider), never at
 * start-up: its AuthProvider follows the library's user and events, and its navigators start the
 * sign-in and sign-out redirects. OidcBridge hands that state and those calls to core/auth's
 * AuthProvider, which renders it beside the app (not around it: the app must not remount when
 * the library arrives). Provider answers stay with core/auth (skipSigninCallback, no
 * matchSignoutCallback): it restores the return path and reports failures (SPEC §2, §8).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { SigninRedirectArgs, UserManager } from 'oidc-client-ts';
import { AuthProvider, useAuth, type AuthContextProps } from 'react-oidc-context';
import type { OidcState } from './auth-provider';

export { getUserManager } from './settings';

/** The redirects, through react-oidc-context; a failure rejects with the library's error. */
export interface OidcCalls {
  signinRedirect(args?: SigninRedirectArgs): Promise<void>;
  signoutRedirect(): Promise<void>;
}

export interface OidcBridgeProps {
  manager: UserManager;
  onChange(state: OidcState, calls: OidcCalls): void;
}

export function OidcBridge({ manager, onChange }: OidcBridgeProps) {
  return (
    <AuthProvider userManager={manager} skipSigninCallback>
      <Relay onChange={onChange} />
    </AuthProvider>
  );
}

/** react-oidc-context's error: the library's own when there is one. */
const errorOf = (error: NonNullable<AuthContextProps['error']>): Error =>
  error.innerError instanceof Error ? error.innerError : new Error(error.message);

function Relay({ onChange }: Pick<OidcBridgeProps, 'onChange'>) {
  const auth = useAuth();
  // react-oidc-context keeps a failed call's error in its state and resolves with null: the
  // caller gets that error thrown, whether the state showed it before the call returned or after.
  const lastError = useRef<AuthContextProps['error']>(undefined);
  const waiting = useRef<((error: Error) => void)[]>([]);
  const { signinRedirect, signoutRedirect } = auth;
  const calls = useMemo<OidcCalls>(() => {
    const rethrowing = async (run: () => Promise<unknown>) => {
      const before = lastError.current;
      if ((await run()) !== null) return;
      const now = lastError.current;
      throw now && now !== before
        ? errorOf(now)
        : await new Promise<Error>((resolve) => waiting.current.push(resolve));
    };
    return {
      signinRedirect: (args) => rethrowing(() => signinRedirect(args)),
      signoutRedirect: () => rethrowing(() => signoutRedirect()),
    };
  }, [signinRedirect, signoutRedirect]);

  const { user, isAuthenticated, isLoading, error } = auth;
  // Reported (and the calls offered) once the library has read the stored user: a call made
  // before that would have its failure wiped by that first read.
  const initialised = useRef(false);
  useEffect(() => {
    if (!isLoading) initialised.current = true;
    if (!initialised.current) return;
    if (!isLoading && waiting.current.length > 0) {
      const failure = error ? errorOf(error) : new Error('The redirect failed without an error');
      for (const resolve of waiting.current.splice(0)) resolve(failure);
    }
    lastError.current = error;
    onChange(
      { user: user ?? null, isAuthenticated, isLoading, error: error ? errorOf(error) : null },
      calls,
    );
  }, [user, isAuthenticated, isLoading, error, calls, onChange]);
  return null;
}
