import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { User, UserManager } from 'oidc-client-ts';
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
import { loadUserManager, oidcBridge } from './load-manager';
import { createSessionController, type SessionController } from './session';
import { hasStoredUser } from './stored-user';
import { watchPageRestore } from './page-restore';
import type { OidcCalls } from './oidc-bridge';

const OidcBridge = oidcBridge.component('OidcBridge');

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

/** The library's user as this page knows it: react-oidc-context's state (./oidc-bridge). */
export interface OidcState {
  user: User | null;
  /** Whether the user was valid (not expired) when it was loaded. */
  isAuthenticated: boolean;
  /** The stored user is being read, or a sign-in redirect is under way. */
  isLoading: boolean;
  /** The last sign-in redirect or silent renewal failure. */
  error: Error | null;
}

interface SessionContextValue {
  portal: Portal;
  auth: OidcState;
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

/**
 * The router's navigate as one function for the provider's lifetime: react-router's own changes
 * with every location, and the session controller and the API client keep the one they were given.
 */
function useStableNavigate(): NavigateFn {
  const routerNavigate = useNavigate();
  const latest = useRef(routerNavigate);
  // Stryker disable BlockStatement,ArrayDeclaration: every path given is absolute, which the first navigate resolves like the latest
  useLayoutEffect(() => {
    latest.current = routerNavigate;
  }, [routerNavigate]);
  // Stryker restore BlockStatement,ArrayDeclaration
  const [navigate] = useState(() => {
    const stable: NavigateFn = (path, options) => {
      void latest.current(path, { replace: options?.replace ?? false });
    };
    return stable;
  });
  return navigate;
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
  /** Loads the portal's UserManager when none is injected (tests count the loads). */
  loadManager?: (portal: Portal) => Promise<UserManager>;
}

const signedOutSession: SessionController = {
  // Stryker disable next-line ArrowFunction: the API client awaits it, and reads undefined as no user like null
  getUser: () => Promise.resolve(null),
  // Stryker disable next-line StringLiteral: the API client reads any failed refresh as an ended session (its message is the client's own)
  refreshSession: () => Promise.reject(new Error('No session to refresh')),
  announceSignOut: () => undefined,
  // Stryker disable next-line ArrowFunction: an effect without a clean-up and one whose clean-up does nothing are alike
  start: () => () => undefined,
};

/**
 * Sign-in for a portal (SPEC §4, §7, §9): one oidc-client-ts UserManager, the entry URL handling
 * (getStarted, sign-in/sign-out callbacks), the single refresh path shared with the API client,
 * and cross-tab session events. Mount it inside the router: it navigates client-side.
 *
 * The library is loaded only when the page needs it (loadUserManager): a stored user to restore,
 * a provider answer to handle, a sign-in or a sign-out. A page opened with none of these is
 * signed out at once and renders without it (the landing pages' first load).
 */
export function AuthProvider({
  portal,
  children,
  userManager,
  loadManager = loadUserManager,
}: AuthProviderProps) {
  const navigate = useStableNavigate();

  const [entry] = useState(classifyEntry);
  // Nothing stored and no provider answer: signed out, no library needed until sign-in.
  const [restoring] = useState(
    // Stryker disable next-line ConditionalExpression: only tests inject a UserManager (the portals load theirs), and each stores its user first
    () => userManager != null || entry.kind !== 'normal' || hasStoredUser(portal),
  );
  // Stryker disable next-line LogicalOperator: an injected manager is set by ensureManager's first call anyway (tests only)
  const [manager, setManager] = useState<UserManager | null>(userManager ?? null);
  const [ensureManager] = useState(() => {
    let pending: Promise<UserManager> | null = null;
    return (): Promise<UserManager> => {
      pending ??= (userManager ? Promise.resolve(userManager) : loadManager(portal)).then(
        (loaded) => {
          setManager(loaded);
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    };
  });
  // The library's state once react-oidc-context reports it (OidcBridge), its calls once it is
  // mounted; before that, whether a stored user is being restored, and this page's own
  // sign-in start and failure (the library could not be loaded, or its redirect failed).
  const [oidc, setOidc] = useState<OidcState | null>(null);
  const [calls] = useState(() => {
    let resolve: (calls: OidcCalls) => void = () => undefined;
    const ready = new Promise<OidcCalls>((done) => (resolve = done));
    return { ready, resolve };
  });
  const onBridgeChange = useCallback(
    (state: OidcState, bridged: OidcCalls) => {
      setOidc(state);
      calls.resolve(bridged);
    },
    // Stryker disable next-line ArrayDeclaration: `calls` is a state value that never changes
    [calls],
  );
  const [signingIn, setSigningIn] = useState(false);
  const [ownError, setOwnError] = useState<Error | null>(null);
  const auth = useMemo<OidcState>(
    () => ({
      user: oidc?.user ?? null,
      // Stryker disable next-line BooleanLiteral: before the library reports there is no user, and a session is authenticated only with one
      isAuthenticated: oidc?.isAuthenticated ?? false,
      isLoading: signingIn || (oidc ? oidc.isLoading : restoring && !ownError),
      error: ownError ?? oidc?.error ?? null,
    }),
    [oidc, signingIn, restoring, ownError],
  );
  const [phase, setPhase] = useState<EntryPhase>(
    entry.kind === 'get-started'
      ? { kind: 'redirecting' }
      : restoring
        ? { kind: 'processing' }
        : { kind: 'ready' },
  );
  // One session controller per UserManager (there is one once the library is loaded).
  const [sessionFor] = useState(() => {
    const sessions = new WeakMap<UserManager, SessionController>();
    return (forManager: UserManager): SessionController => {
      let controller = sessions.get(forManager);
      if (!controller) {
        controller = createSessionController(forManager, {
          onSessionEnding: () => setPhase({ kind: 'signed-out' }),
          // SPEC §4/§8: refresh failed or signed out elsewhere → user removed (done), go to '/'.
          onSessionEnded: () => navigate(authRoutes.root, { replace: true }),
        });
        sessions.set(forManager, controller);
      }
      return controller;
    };
  });
  const session = manager ? sessionFor(manager) : signedOutSession;

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
        // Asked only of a page that shows a user: the library is loaded.
        // Stryker disable next-line OptionalChaining: a failed read reloads the page as another account would (page-restore.ts)
        storedAccount: async () => (await (await ensureManager()).getUser())?.profile.sub ?? null,
        reload: () => window.location.reload(),
      }),
    [ending, shownAccount, ensureManager],
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
  // Stryker disable ArrayDeclaration: the entry is handled once per page (entryHandled), whatever the effect's runs
  useEffect(() => {
    if (entryHandled.current) return;
    entryHandled.current = true;
    // The page stays empty ('redirecting') while the browser leaves for the provider.
    if (entry.kind === 'get-started') {
      window.location.replace(entry.url);
      return;
    }
    const replaceUrl = (path: string) => navigate(path, { replace: true });

    const run = async (): Promise<EntryPhase> => {
      // Nothing to restore or finish: signed out, decided without the library.
      // Stryker disable next-line ObjectLiteral,StringLiteral: a page that restores nothing starts ready, and the answer replaces only 'processing'
      if (!restoring) return { kind: 'ready' };
      let manager: UserManager;
      try {
        manager = await ensureManager();
      } catch (error) {
        // The library could not be loaded (offline): the guarded screens offer Sign in again.
        reportError(error, { during: 'loadUserManager' });
        setOwnError(asError(error));
        return { kind: 'signin-failed', error: asError(error) };
      }
      switch (entry.kind) {
        case 'signin-callback': {
          let signedIn: Awaited<ReturnType<UserManager['signinCallback']>>;
          try {
            signedIn = await manager.signinCallback(window.location.href);
          } catch (error) {
            // Forged, replayed or failed callback: clean the URL, keep any stored session.
            replaceUrl(withoutCallbackParams(window.location));
            reportError(error, { during: 'signinCallback' });
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
          // Stryker disable next-line ObjectLiteral,StringLiteral: the page has left for the restored route; after a sign-in return only 'processing' and the failures are read
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
          // Stryker disable next-line ObjectLiteral,StringLiteral: the page has left for the landing; after a sign-out return only 'processing' and the failures are read
          return { kind: 'ready' };
        case 'normal': {
          // An access token that expired while the page was closed: renew it before deciding
          // the user is signed out (the refresh token may still be good).
          // Stryker disable next-line ArrowFunction: undefined reads as no user, like null
          const user = await manager.getUser().catch(() => null);
          if (user?.expired && user.refresh_token) {
            await sessionFor(manager)
              .refreshSession()
              .catch(() => undefined);
          }
          return { kind: 'ready' };
        }
      }
    };
    // A session that ended meanwhile (a failed renewal above) stays ended.
    void run().then((next) => setPhase((now) => (now.kind === 'processing' ? next : now)));
  }, [entry, restoring, ensureManager, sessionFor, portal, navigate]);
  // Stryker restore ArrayDeclaration

  const signIn = useCallback(
    async (options?: SignInOptions) => {
      // SPEC §2: save the current path before the sign-in redirect (same-origin paths only).
      const returnTo = safeReturnPath(options?.returnTo ?? currentPath(), '');
      if (returnTo && !isAuthMachineryPath(returnTo)) writeStored(storageKeys.lastRoute, returnTo);
      // While the library loads and the redirect starts, the session reads as loading; a
      // failure is kept as the session's error (the guarded screens and the signed-out frame
      // say so and offer Sign in again).
      setSigningIn(true);
      try {
        await ensureManager();
        await (
          await calls.ready
        ).signinRedirect(
          options?.register ? { extraQueryParams: { register: 'true' } } : undefined,
        );
      } catch (error) {
        setOwnError(asError(error));
      } finally {
        setSigningIn(false);
      }
    },
    // Stryker disable next-line ArrayDeclaration: both are state values that never change
    [ensureManager, calls],
  );
  // Stryker disable ArrayDeclaration: all four are state values that never change (navigate is stable too)
  const signOut = useCallback(async () => {
    // Before the user is removed: the guarded screens wait for the provider's page instead of
    // starting a new sign-in (which would race this redirect and sign the user straight back in).
    setPhase({ kind: 'signing-out' });
    try {
      const manager = await ensureManager();
      sessionFor(manager).announceSignOut();
      await (await calls.ready).signoutRedirect();
    } catch (error) {
      reportError(error, { during: 'signoutRedirect' });
      setPhase({ kind: 'signout-failed', error: asError(error) });
      navigate(authRoutes.signOutCallbackOidc, { replace: true });
    }
  }, [ensureManager, sessionFor, navigate, calls]);
  // Stryker restore ArrayDeclaration

  const value = useMemo<SessionContextValue>(
    () => ({ portal, auth, entry: entry.kind, phase, session, navigate, signIn, signOut }),
    [portal, auth, entry.kind, phase, session, navigate, signIn, signOut],
  );

  return (
    <SessionContext.Provider value={value}>
      {manager ? (
        <Suspense fallback={null}>
          <OidcBridge manager={manager} onChange={onBridgeChange} />
        </Suspense>
      ) : null}
      {phase.kind === 'redirecting' ? null : children}
    </SessionContext.Provider>
  );
}
