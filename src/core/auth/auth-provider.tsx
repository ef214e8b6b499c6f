import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import { AuthProvider as OidcAuthProvider, useAuth } from 'react-oidc-context';
import type { UserManager } from 'oidc-client-ts';
import { configureApiAuth } from '@/core/api';
import { config, type Portal } from '@/core/config';
import { reportError } from '@/core/errors';
import { storageKeys, takeStored, writeStored } from '@/core/storage';
import {
  getStartedRedirectUrl,
  isSignInCallback,
  isSignOutCallback,
  withoutCallbackParams,
} from './callback-url';
import { isAuthMachineryPath, restorePath, safeReturnPath } from './return-path';
import { authRoutes } from './routes';
import { createSessionController, type SessionController } from './session';
import { watchPageRestore } from './page-restore';
import { getUserManager } from './settings';

export type NavigateFn = (path: string, options?: { replace?: boolean }) => void;

/**
 * What happened to the URL the page was opened with, and to the session since: a session that
 * ends in this page (signed out here or elsewhere, refresh failed) stays ended until the next
 * page load, so that no guarded screen starts a sign-in by itself meanwhile.
 */
export type EntryPhase =
  | { kind: 'processing' }
  | { kind: 'ready' }
  | { kind: 'redirecting' }
  | { kind: 'signin-failed'; error: Error }
  | { kind: 'signing-out' }
  | { kind: 'signed-out' }
  | { kind: 'signout-failed'; error: Error };

export interface SignInOptions {
  /** Ask the identity provider for its registration page (SPEC §7 register flag). */
  register?: boolean;
  /** The path to come back to; defaults to the current one. Same-origin paths only. */
  returnTo?: string;
}

interface SessionContextValue {
  portal: Portal;
  /** What the page was opened with: a sign-in or sign-out return, a getStarted link, or a page. */
  entry: EntryKind;
  phase: EntryPhase;
  session: SessionController;
  navigate: NavigateFn;
  signIn: (options?: SignInOptions) => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('Auth hooks must be used inside <AuthProvider>');
  return value;
}

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Without a router (or before it mounts) navigation is a page load. */
const pageLoadNavigate: NavigateFn = (path, options) => {
  if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
};

function createNavigator() {
  let current: NavigateFn = pageLoadNavigate;
  let routed = false;
  return {
    navigate: ((path, options) => current(path, options)) as NavigateFn,
    use: (next: NavigateFn) => {
      current = next;
      routed = true;
    },
    /** Rewrites the address without loading a page (through the router when there is one). */
    replaceUrl: (path: string) => {
      if (routed) current(path, { replace: true });
      else window.history.replaceState(window.history.state, '', path);
    },
  };
}

function RouterNavigation({ onReady }: { onReady: (navigate: NavigateFn) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onReady((path, options) => {
      void navigate(path, { replace: options?.replace ?? false });
    });
  }, [navigate, onReady]);
  return null;
}

export type EntryKind = Entry['kind'];

type Entry =
  | { kind: 'get-started'; url: string }
  | { kind: 'signin-callback' }
  | { kind: 'signout-callback' }
  | { kind: 'normal' };

function classifyEntry(): Entry {
  const location = window.location;
  const getStarted = getStartedRedirectUrl(location, config.oidcAuthority);
  if (getStarted) return { kind: 'get-started', url: getStarted };
  if (isSignOutCallback(location)) return { kind: 'signout-callback' };
  if (isSignInCallback(location)) return { kind: 'signin-callback' };
  return { kind: 'normal' };
}

export interface AuthProviderProps {
  portal: Portal;
  children: ReactNode;
  /** Tests inject a UserManager (or a double of its public interface). */
  userManager?: UserManager;
}

/**
 * Sign-in for a portal (SPEC §4, §7, §9): react-oidc-context over one UserManager, plus the
 * entry URL handling (getStarted, sign-in/sign-out callbacks), the single refresh path shared
 * with the API client, and cross-tab session events. Mount it inside the router when there is
 * one (it then navigates client-side); it also works outside, with page loads.
 */
export function AuthProvider({ portal, children, userManager }: AuthProviderProps) {
  const [manager] = useState(() => userManager ?? getUserManager(portal));
  return (
    // The callback is handled below (SessionLayer) so that a failed or replayed one is cleaned
    // up and still loads a stored session.
    <OidcAuthProvider userManager={manager} skipSigninCallback>
      <SessionLayer portal={portal} manager={manager}>
        {children}
      </SessionLayer>
    </OidcAuthProvider>
  );
}

function SessionLayer({
  portal,
  manager,
  children,
}: {
  portal: Portal;
  manager: UserManager;
  children: ReactNode;
}) {
  const auth = useAuth();
  const inRouter = useInRouterContext();
  // Page loads until the router's navigate is registered (RouterNavigation, a child: its effect
  // runs before ours).
  const [navigator] = useState(createNavigator);
  const navigate = navigator.navigate;
  const onRouterReady = navigator.use;

  const [entry] = useState(classifyEntry);
  const [phase, setPhase] = useState<EntryPhase>(
    entry.kind === 'get-started' ? { kind: 'redirecting' } : { kind: 'processing' },
  );
  const [session] = useState(() =>
    createSessionController(manager, {
      onSessionEnding: () => setPhase({ kind: 'signed-out' }),
      // SPEC §4/§8: refresh failed or signed out elsewhere → user removed (done), go to '/'.
      onSessionEnded: () => navigate(authRoutes.root, { replace: true }),
    }),
  );

  useEffect(() => session.start(), [session]);
  // Back after a sign-out must not show this page as it was left (back/forward cache): a page
  // restored with a session that ended or changed meanwhile loads afresh (page-restore.ts).
  const shownAccount = auth.user?.profile.sub ?? null;
  const ending = phase.kind === 'signing-out' || phase.kind === 'signed-out';
  useEffect(
    () =>
      watchPageRestore(window, {
        wasEnding: () => ending,
        shownAccount: () => shownAccount,
        storedAccount: async () => (await manager.getUser())?.profile.sub ?? null,
        reload: () => window.location.reload(),
      }),
    [ending, shownAccount, manager],
  );
  useEffect(
    () =>
      configureApiAuth({
        getUser: () => session.getUser(),
        refresh: () => session.refreshSession(),
        navigate: (path) => navigate(path),
      }),
    [session, navigate],
  );

  const entryHandled = useRef(false);
  useEffect(() => {
    if (entryHandled.current) return;
    entryHandled.current = true;
    const replaceUrl = (path: string) =>
      window.history.replaceState(window.history.state, '', path);

    const run = async (): Promise<EntryPhase> => {
      switch (entry.kind) {
        case 'get-started':
          window.location.replace(entry.url);
          return { kind: 'redirecting' };
        case 'signin-callback': {
          let signedIn: Awaited<ReturnType<UserManager['signinCallback']>>;
          try {
            signedIn = await manager.signinCallback(window.location.href);
          } catch (error) {
            // Forged, replayed or failed callback: clean the URL, keep any stored session.
            replaceUrl(withoutCallbackParams(window.location));
            reportError(error, { during: 'signinCallback' });
            await manager.getUser(true).catch(() => null);
            return { kind: 'signin-failed', error: asError(error) };
          }
          // SPEC §2: the last route is restored once authenticated; a callback that leaves no
          // usable session (no user, or a token already expired) is the pre-authentication
          // case, where only subscription-registration routes are restored (else home).
          const authenticated = signedIn != null && !signedIn.expired;
          navigate(
            restorePath({ stored: takeStored(storageKeys.lastRoute), authenticated, portal }),
            { replace: true },
          );
          return { kind: 'ready' };
        }
        case 'signout-callback':
          try {
            await manager.signoutCallback(window.location.href);
          } catch (error) {
            replaceUrl(window.location.pathname);
            return { kind: 'signout-failed', error: asError(error) };
          }
          // Signed out: the landing page (public in both portals), not a guarded home.
          navigate(authRoutes.root, { replace: true });
          return { kind: 'ready' };
        case 'normal': {
          // An access token that expired while the page was closed: renew it before deciding
          // the user is signed out (the refresh token may still be good).
          const user = await manager.getUser().catch(() => null);
          if (user?.expired && user.refresh_token) {
            await session.refreshSession().catch(() => undefined);
          }
          return { kind: 'ready' };
        }
      }
    };
    // A session that ended meanwhile (a failed renewal above) stays ended.
    void run().then((next) => setPhase((now) => (now.kind === 'processing' ? next : now)));
  }, [entry, manager, portal, session, navigate, navigator]);

  const { signinRedirect } = auth;
  const signIn = useCallback(
    async (options?: SignInOptions) => {
      // SPEC §2: save the current path before the sign-in redirect (same-origin paths only).
      const returnTo = safeReturnPath(options?.returnTo ?? currentPath(), '');
      if (returnTo && !isAuthMachineryPath(returnTo)) writeStored(storageKeys.lastRoute, returnTo);
      await signinRedirect(
        options?.register ? { extraQueryParams: { register: 'true' } } : undefined,
      );
    },
    [signinRedirect],
  );
  const signOut = useCallback(async () => {
    // Before the user is removed: the guarded screens wait for the provider's page instead of
    // starting a new sign-in (which would race this redirect and sign the user straight back in).
    setPhase({ kind: 'signing-out' });
    session.announceSignOut();
    try {
      // The manager itself, not react-oidc-context's wrapper, which swallows the failure.
      await manager.signoutRedirect();
    } catch (error) {
      reportError(error, { during: 'signoutRedirect' });
      setPhase({ kind: 'signout-failed', error: asError(error) });
      navigate(authRoutes.signOutCallbackOidc, { replace: true });
    }
  }, [session, manager, navigate]);

  const value = useMemo<SessionContextValue>(
    () => ({ portal, entry: entry.kind, phase, session, navigate, signIn, signOut }),
    [portal, entry.kind, phase, session, navigate, signIn, signOut],
  );

  return (
    <SessionContext.Provider value={value}>
      {inRouter ? <RouterNavigation onReady={onRouterReady} /> : null}
      {phase.kind === 'redirecting' ? null : children}
    </SessionContext.Provider>
  );
}
