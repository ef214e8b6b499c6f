import type * as ErrorsModule from '@/core/errors';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserManager } from 'oidc-client-ts';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { Route, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccountRedirect,
  SignInCallbackPage,
  SignOutCallbackPage,
  useAuthSession,
} from '@/core/auth';
import { crmApi } from '@/core/api';
import { config } from '@/core/config';
import { reportError } from '@/core/errors';
import { notify } from '@/core/notify';
import { readStored, storageKeys, writeStored } from '@/core/storage';
import { server } from '../../msw/server';
import {
  anotherTabSignsOut,
  AuthTestApp,
  createSignInManager,
  openAt,
  renderAuthAppAt,
  type AuthTestAppProps,
} from './auth-harness';
import { revocationEndpoint, rotatingTokenEndpoint, storeSignedInUser } from './oidc-fixtures';

vi.mock('@/core/errors', async (importOriginal) => ({
  ...(await importOriginal<typeof ErrorsModule>()),
  reportError: vi.fn(),
}));

function Who() {
  const session = useAuthSession();
  return (
    <>
      <p>
        {session.status} {session.user?.givenName} {session.user?.familyName} {session.user?.email}{' '}
        sub={session.user?.sub} sysadmin={String(session.isSysadmin)}
      </p>
      <button type="button" onClick={() => void session.signOut()}>
        Sign out
      </button>
    </>
  );
}

/** Where the router says the page is (what the screens read), beside the browser's address. */
function Where() {
  const { pathname, search } = useLocation();
  return <p>router at {`${pathname}${search}`}</p>;
}

let manager: UserManager;
let signinRedirect: ReturnType<typeof vi.spyOn>;

/** The app of these tests: the callback pages and the account addresses beside the others. */
const app = (): AuthTestAppProps => ({
  manager,
  page: (
    <>
      <Who />
      <Where />
    </>
  ),
  routes: (
    <>
      <Route path="/signin-oidc" element={<SignInCallbackPage />} />
      <Route path="/signout-callback-oidc" element={<SignOutCallbackPage />} />
      <Route path="/Account/Login" element={<AccountRedirect />} />
      <Route path="/Account/Register" element={<AccountRedirect register />} />
      <Route path="/not-authenticated" element={<p>not authenticated screen</p>} />
      <Route path="/home" element={<p>home screen</p>} />
      <Route path="/subscription/register" element={<p>subscription registration</p>} />
    </>
  ),
});
const renderAt = (url: string) => renderAuthAppAt(url, app());

beforeEach(() => {
  ({ manager, signinRedirect } = createSignInManager());
  vi.spyOn(notify, 'error').mockImplementation(() => 'toast');
});
afterEach(() => openAt('/'));

describe('AuthProvider + RequireAuth', () => {
  it('shows the page and the user (claims, sysadmin from a list role claim) when signed in', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600, role: ['user', 'sysadmin'] });
    renderAt('/licences');
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(
      screen.getByText(/authenticated Ada Lovelace ada@example.com sub=7 sysadmin=true/),
    ).toBeInTheDocument();
  });

  it('isSysadmin is false without the role', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600, role: 'user' });
    renderAt('/licences');
    expect(await screen.findByText(/sysadmin=false/)).toBeInTheDocument();
  });

  it('unauthenticated: saves the current path as lastRoute and starts sign-in, showing nothing of the page', async () => {
    renderAt('/licences?page=2');
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(readStored(storageKeys.lastRoute)).toBe('/licences?page=2');
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('an access token that expired while away is renewed before deciding', async () => {
    const user = await storeSignedInUser(manager, { expiresIn: -5 });
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    server.use(token.handler);
    renderAt('/licences');
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(token.calls).toHaveLength(1);
    expect(signinRedirect).not.toHaveBeenCalled();
  });
});

describe('the session as the screens read it (useAuthSession)', () => {
  it('while the provider answer is handled the session is loading: no user yet, not sysadmin', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600, role: 'sysadmin' });
    vi.spyOn(manager, 'signinCallback').mockReturnValue(new Promise(() => undefined));
    renderAuthAppAt('/signin-oidc?code=abc&state=s1', {
      ...app(),
      routes: (
        <Route
          path="/signin-oidc"
          element={
            <>
              <SignInCallbackPage />
              <Who />
            </>
          }
        />
      ),
    });
    expect(await screen.findByText(/^loading\s+sub= sysadmin=false$/)).toBeInTheDocument();
  });

  it("claims that are not text show as empty, never as the token's raw values", async () => {
    await storeSignedInUser(manager, {
      expiresIn: 3600,
      profile: { given_name: 42, family_name: ['Lovelace'], email: undefined },
    });
    renderAt('/licences');
    expect(await screen.findByText(/^authenticated\s+sub=7 sysadmin=false$/)).toBeInTheDocument();
  });

  it('a session whose renewal fails while the page opens stays ended: a guarded page says so', async () => {
    await storeSignedInUser(manager, { expiresIn: -5 });
    server.use(rotatingTokenEndpoint({ validRefreshTokens: new Set() }).handler);
    renderAt('/licences');
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    act(() => {
      window.history.pushState(null, '', '/licences');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are signed out.');
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('sign-in never saves a foreign place to come back to', async () => {
    function ForeignSignIn() {
      const { signIn } = useAuthSession();
      return (
        <button type="button" onClick={() => void signIn({ returnTo: '//evil.example/x' })}>
          Sign in elsewhere
        </button>
      );
    }
    renderAuthAppAt('/', { ...app(), landing: <ForeignSignIn /> });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in elsewhere' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(readStored(storageKeys.lastRoute)).toBeUndefined();
  });

  it("an expired session that cannot be renewed reads as signed out: none of its user's claims, not sysadmin", async () => {
    await storeSignedInUser(manager, { expiresIn: -5, refreshToken: '', role: 'sysadmin' });
    renderAuthAppAt('/', { ...app(), landing: <Who /> });
    expect(await screen.findByText(/^unauthenticated\s+sub= sysadmin=false$/)).toBeInTheDocument();
  });

  it('an expired session that cannot be renewed (no refresh token) signs in again', async () => {
    await storeSignedInUser(manager, { expiresIn: -5, refreshToken: '' });
    renderAt('/licences');
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
  });
});

describe('the provider around the screens', () => {
  it('a screen outside the provider fails at once with what is missing', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Who />)).toThrow('Auth hooks must be used inside <AuthProvider>');
    } finally {
      quiet.mockRestore();
    }
  });

  it("another tab's sign-out ends this tab's session and leaves the guarded page", async () => {
    await storeSignedInUser(manager, { expiresIn: 3600, refreshToken: '' });
    renderAt('/licences');
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    await anotherTabSignsOut(async () => {
      expect(await screen.findByText('landing page')).toBeInTheDocument();
      expect(await manager.getUser()).toBeNull();
    });
  });
});

describe('a page brought back by Back from the browser cache (page-restore.ts)', () => {
  /** Renders signed in with window.location.reload observed; answers the reload spy. */
  async function renderRestorable() {
    await storeSignedInUser(manager, { expiresIn: 3600 });
    renderAt('/licences');
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    const reload = vi.fn();
    const real = Object.getOwnPropertyDescriptor(window, 'location');
    if (!real) throw new Error('window.location has no descriptor');
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, reload },
    });
    restoreLocation = () => Object.defineProperty(window, 'location', real);
    return reload;
  }
  let restoreLocation = () => undefined as unknown;
  afterEach(() => restoreLocation());
  /** Back brings the page back, once its effects have run for what it shows (the watcher's account). */
  const broughtBack = async () => {
    await act(async () => undefined);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
  };

  it('stays as it is when the same account is still signed in', async () => {
    const reload = await renderRestorable();
    await broughtBack();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads afresh when another account signed in meanwhile', async () => {
    const reload = await renderRestorable();
    // The tab's stored user is now another account's (no event: as another page left it).
    await storeSignedInUser(manager, { expiresIn: 3600, profile: { sub: '8' } });
    await broughtBack();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('loads afresh when the session ended meanwhile', async () => {
    const reload = await renderRestorable();
    sessionStorage.clear();
    await broughtBack();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("loads afresh when another tab's sign-out ended it in this page", async () => {
    // This tab lets its tokens go too.
    server.use(http.post(revocationEndpoint, () => new HttpResponse(null, { status: 200 })));
    const reload = await renderRestorable();
    await anotherTabSignsOut(() =>
      waitFor(() => expect(screen.queryByText('secret page')).not.toBeInTheDocument()),
    );
    await broughtBack();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loads afresh when it was left on its way to the sign-out', async () => {
    vi.spyOn(manager, 'signoutRedirect').mockImplementation(() => new Promise(() => undefined));
    const reload = await renderRestorable();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signing out…');
    await broughtBack();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('getStarted entry (SPEC §2)', () => {
  it("?getStarted=userId goes straight to the provider's login with userId and the address without its query", async () => {
    openAt('/subscription/register?getStarted=42&plan=gold');
    const real = Object.getOwnPropertyDescriptor(window, 'location');
    if (!real) throw new Error('window.location has no descriptor');
    const visited: string[] = [];
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, replace: (to: string) => visited.push(to) },
    });
    try {
      render(<AuthTestApp {...app()} />);
      await waitFor(() => expect(visited).toHaveLength(1));
      const target = new URL(visited[0] ?? '');
      expect(`${target.origin}${target.pathname}`).toBe(
        `${config.oidcAuthority.replace(/\/+$/, '')}/Account/Login`,
      );
      expect(target.searchParams.get('userId')).toBe('42');
      expect(target.searchParams.get('returnUrl')).toBe(
        `${window.location.origin}/subscription/register`,
      );
      // Nothing of the page shows while the browser leaves, and no second sign-in starts.
      expect(screen.queryByText('subscription registration')).not.toBeInTheDocument();
      expect(signinRedirect).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'location', real);
    }
  });
});

describe('sign-in callback', () => {
  it('after a successful callback: the URL is cleaned and lastRoute restored', async () => {
    writeStored(storageKeys.lastRoute, '/offerings/product/3');
    vi.spyOn(manager, 'signinCallback').mockImplementation(async () => {
      const user = await storeSignedInUser(manager, { expiresIn: 3600 });
      await manager.getUser(true); // the library raises userLoaded
      return user;
    });
    const entries = window.history.length;
    renderAt('/signin-oidc?code=abc&state=s1');
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/offerings/product/3');
    expect(readStored(storageKeys.lastRoute)).toBeUndefined();
    // The provider's answer leaves no history entry: Back does not return to it.
    expect(window.history.length).toBe(entries);
  });

  it('a callback that leaves no session (token already expired) lands on home, not the saved page', async () => {
    writeStored(storageKeys.lastRoute, '/offerings/product/3');
    vi.spyOn(manager, 'signinCallback').mockImplementation(async () => {
      const user = await storeSignedInUser(manager, { expiresIn: -5 });
      await manager.getUser(true);
      return user;
    });
    renderAt('/signin-oidc?code=abc&state=s1');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
    expect(readStored(storageKeys.lastRoute)).toBeUndefined();
  });

  it('before authentication only a subscription-registration route is restored (SPEC §2)', async () => {
    writeStored(storageKeys.lastRoute, '/subscription/register?plan=3');
    vi.spyOn(manager, 'signinCallback').mockResolvedValue(undefined);
    renderAt('/signin-oidc?code=abc&state=s1');
    expect(await screen.findByText('subscription registration')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/subscription/register?plan=3',
    );
  });

  it('handles the callback once, even under StrictMode (a code can be redeemed only once)', async () => {
    const callback = vi.spyOn(manager, 'signinCallback').mockImplementation(async () => {
      const user = await storeSignedInUser(manager, { expiresIn: 3600 });
      await manager.getUser(true);
      return user;
    });
    openAt('/signin-oidc?code=abc&state=s1');
    render(
      <StrictMode>
        <AuthTestApp {...app()} />
      </StrictMode>,
    );
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('never restores a foreign lastRoute', async () => {
    writeStored(storageKeys.lastRoute, '//evil.example/x');
    vi.spyOn(manager, 'signinCallback').mockImplementation(async () => {
      const user = await storeSignedInUser(manager, { expiresIn: 3600 });
      await manager.getUser(true);
      return user;
    });
    renderAt('/signin-oidc?code=abc&state=s1');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('a forged callback on a deep link: no crash, URL cleaned, sign-in offered (not started)', async () => {
    const entries = window.history.length;
    renderAt('/offerings?tab=2&code=abc&state=forged');
    expect(await screen.findByText('Sign-in failed. Please try again.')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/offerings?tab=2');
    expect(window.history.length).toBe(entries);
    expect(signinRedirect).not.toHaveBeenCalled();
    // The error report says where it came from.
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), { during: 'signinCallback' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('a replayed callback with a stored session keeps the session and cleans the URL, for the screens too', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600 });
    renderAt('/users?page=2&code=old&state=used');
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/users?page=2');
    // The screens read the clean address too (a list reads its page from it).
    expect(await screen.findByText('router at /users?page=2')).toBeInTheDocument();
  });

  it('the sign-in return address opened while signed in, with no answer, goes to the dashboard', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600 });
    renderAt('/signin-oidc');
    expect(await screen.findByText('router at /dashboard')).toBeInTheDocument();
  });

  it('a provider error answer on /signin-oidc shows the sign-in failure', async () => {
    renderAt('/signin-oidc?error=access_denied&state=abc');
    expect(await screen.findByText('Sign-in failed. Please try again.')).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });
});

describe('sign-out callback and account routes', () => {
  it('a failed sign-out return shows the sign-out failure; Go back home is a step Back can undo', async () => {
    renderAt('/signout-callback-oidc?state=unknown');
    expect(await screen.findByText('Sign-out failed. Please try again.')).toBeInTheDocument();
    const entries = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Go back home' }));
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    expect(window.history.length).toBe(entries + 1);
  });

  it('a good sign-out return goes to the landing page, in its place (Back does not return to it)', async () => {
    vi.spyOn(manager, 'signoutCallback').mockResolvedValue(undefined);
    const entries = window.history.length;
    renderAt('/signout-callback-oidc?state=s');
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(entries);
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('/Account/Register starts sign-in with the register flag; /Account/Login without', async () => {
    const { unmount } = renderAt('/Account/Register');
    await waitFor(() =>
      expect(signinRedirect).toHaveBeenCalledWith({ extraQueryParams: { register: 'true' } }),
    );
    unmount();
    signinRedirect.mockClear();
    renderAt('/Account/Login');
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith(undefined));
    // Account routes are never saved as the place to come back to.
    expect(readStored(storageKeys.lastRoute)).toBeUndefined();
  });
});

describe('API client wiring', () => {
  it('registers the session with the API client: token sent, a lasting 401 goes to notAuthenticated', async () => {
    const user = await storeSignedInUser(manager, { expiresIn: 3600 });
    const token = rotatingTokenEndpoint({
      validRefreshTokens: new Set([user.refresh_token ?? '']),
    });
    const seen: (string | null)[] = [];
    server.use(
      token.handler,
      http.get(`${config.crmApiUrl}/denied`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 401 });
      }),
    );
    renderAt('/licences');
    await screen.findByText('secret page');
    await expect(crmApi.get('denied')).rejects.toMatchObject({ status: 401 });
    expect(seen[0]).toBe(`Bearer ${user.access_token}`);
    expect(seen).toHaveLength(2);
    expect(await screen.findByText('not authenticated screen')).toBeInTheDocument();
  });

  it('a refresh that fails removes the user and goes to /', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600 });
    server.use(
      rotatingTokenEndpoint({ validRefreshTokens: new Set() }).handler,
      http.get(`${config.crmApiUrl}/denied`, () => new HttpResponse(null, { status: 401 })),
    );
    renderAt('/licences');
    await screen.findByText('secret page');
    const entries = window.history.length;
    await expect(crmApi.get('denied')).rejects.toMatchObject({ kind: 'session-ended' });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    // In place of the page that can no longer be shown: Back does not lead to it.
    expect(window.history.length).toBe(entries);
    expect(await manager.getUser()).toBeNull();
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    // Back on a guarded page in the same page load: the ended session is said, not restarted.
    act(() => {
      window.history.pushState(null, '', '/licences');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are signed out.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(signinRedirect).not.toHaveBeenCalled();
  });
});

describe('sign-out from a guarded page', () => {
  it('waits for the provider without starting a new sign-in, and tells the other tabs', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600 });
    // Like the library's: the user is removed, then the page navigates away (never resolves).
    const signoutRedirect = vi.spyOn(manager, 'signoutRedirect').mockImplementation(async () => {
      await manager.removeUser();
      await new Promise(() => undefined);
    });
    const tabs = new BroadcastChannel(`portal-session:${config.oidcClientIds.org}`);
    const messages: unknown[] = [];
    tabs.onmessage = (event) => messages.push(event.data);
    try {
      renderAt('/licences');
      await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Signing out…');
      expect(signoutRedirect).toHaveBeenCalledTimes(1);
      expect(await manager.getUser()).toBeNull();
      await waitFor(() => expect(messages).toEqual([{ type: 'signed-out' }]));
      expect(screen.queryByText('secret page')).not.toBeInTheDocument();
      expect(signinRedirect).not.toHaveBeenCalled();
    } finally {
      tabs.close();
    }
  });

  it('a sign-out that fails says so, reports it and offers to try again', async () => {
    await storeSignedInUser(manager, { expiresIn: 3600 });
    const failure = new Error('end_session_endpoint unreachable');
    vi.spyOn(manager, 'signoutRedirect').mockRejectedValue(failure);
    renderAt('/licences');
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    const entries = window.history.length;
    await userEvent.click(signOut);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-out failed. Please try again.',
    );
    expect(window.location.pathname).toBe('/signout-callback-oidc');
    // In place of the page that was signing out: Back does not show it signed in.
    expect(window.history.length).toBe(entries);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(failure, { during: 'signoutRedirect' });
    expect(signinRedirect).not.toHaveBeenCalled();
  });
});
