import type * as ErrorsModule from '@/core/errors';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router-dom';
import {
  hasStoredUser,
  preloadSignIn,
  SignInButtons,
  SignInCallbackPage,
  useAuthSession,
} from '@/core/auth';
import { crmApi } from '@/core/api';
import { config } from '@/core/config';
import { reportError } from '@/core/errors';
import { SignedOutShell } from '@/core/shell/layouts';
import { readStored, storageKeys, writeStored } from '@/core/storage';
import { server } from '../../msw/server';
import { anotherTabSignsOut, createSignInManager, openAt, renderAuthAppAt } from './auth-harness';
import { createTestUserManager, storeSignedInUser } from './oidc-fixtures';

vi.mock('@/core/errors', async (importOriginal) => ({
  ...(await importOriginal<typeof ErrorsModule>()),
  reportError: vi.fn(),
}));

function Status() {
  const { status, user } = useAuthSession();
  return (
    <p>
      {status} {user?.givenName}
    </p>
  );
}

/** The landing shows the session and the sign-in buttons; a guarded page, the session. */
const renderAt = (url: string, loadManager: () => Promise<UserManager>) =>
  renderAuthAppAt(url, {
    loadManager,
    landing: (
      <>
        <Status />
        <SignInButtons />
      </>
    ),
    page: <Status />,
  });

afterEach(() => openAt('/'));

describe('the sign-in library loads only when the page needs it', () => {
  it('signed out with nothing stored: the landing shows Sign in without loading it; Sign in loads it and redirects', async () => {
    const { manager, signinRedirect } = createSignInManager();
    const loadManager = vi.fn(() => Promise.resolve(manager));
    renderAt('/', loadManager);

    expect(screen.getByText('landing page')).toBeInTheDocument();
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(loadManager).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(signinRedirect).toHaveBeenCalledWith({ extraQueryParams: { register: 'true' } });
    expect(loadManager).toHaveBeenCalledTimes(1);
    // SPEC §2: the page to come back to is saved before the redirect, as before.
    expect(readStored(storageKeys.lastRoute)).toBe('/');
  });

  it('a guarded deep link with nothing stored starts sign-in (the library loads for it)', async () => {
    const { manager, signinRedirect } = createSignInManager();
    renderAt('/licences?page=2', () => Promise.resolve(manager));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(readStored(storageKeys.lastRoute)).toBe('/licences?page=2');
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
  });

  it('a stored session is restored: the library loads at once and the page shows the user', async () => {
    const { manager, signinRedirect } = createSignInManager();
    await storeSignedInUser(manager, { expiresIn: 3600 });
    const loadManager = vi.fn(() => Promise.resolve(manager));
    renderAt('/licences', loadManager);
    // Never "signed out" on the way: the session reads as loading until the user is known.
    expect(screen.queryByText(/unauthenticated/)).not.toBeInTheDocument();
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    expect(screen.getByText('authenticated Ada')).toBeInTheDocument();
    expect(loadManager).toHaveBeenCalledTimes(1);
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('a sign-in return in a tab with nothing stored loads the library, finishes the sign-in and opens the saved page', async () => {
    const { manager, signinRedirect } = createSignInManager();
    const callback = vi.spyOn(manager, 'signinCallback').mockImplementation(async () => {
      const user = await storeSignedInUser(manager, { expiresIn: 3600 });
      await manager.getUser(true); // the library raises userLoaded
      return user;
    });
    writeStored(storageKeys.lastRoute, '/licences?page=2');
    const loadManager = vi.fn(() => Promise.resolve(manager));
    renderAt('/signin-oidc?code=abc&state=s1', loadManager);
    expect(await screen.findByText('authenticated Ada')).toBeInTheDocument();
    expect(screen.getByText('secret page')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/licences?page=2');
    expect(callback).toHaveBeenCalledTimes(1);
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('a library that cannot be loaded (offline) while restoring says sign-in failed and offers Sign in', async () => {
    const manager = createTestUserManager();
    await storeSignedInUser(manager, { expiresIn: 3600 });
    const offline = new Error('Failed to fetch module');
    renderAt('/licences', () => Promise.reject(offline));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(offline, { during: 'loadUserManager' });
  });

  it('a sign-in return when the library cannot be loaded says sign-in failed, not Signing in… for ever', async () => {
    renderAuthAppAt('/signin-oidc?code=abc&state=s1', {
      loadManager: () => Promise.reject(new Error('Failed to fetch module')),
      routes: <Route path="/signin-oidc" element={<SignInCallbackPage />} />,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
  });

  it('Sign in when the library cannot be loaded says sign-in failed; Sign in tries again', async () => {
    const { manager, signinRedirect } = createSignInManager();
    const loadManager = vi
      .fn<() => Promise<UserManager>>()
      .mockRejectedValueOnce(new Error('Failed to fetch module'))
      .mockResolvedValue(manager);
    // The landing in the signed-out visitor's frame, whose top bar offers Sign in.
    renderAuthAppAt('/', { loadManager, landing: <SignedOutShell>welcome</SignedOutShell> });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
    expect(screen.getByText('welcome')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(loadManager).toHaveBeenCalledTimes(2);
  });

  it('while Sign in loads the library the session reads as loading, not signed out', async () => {
    renderAt('/', () => new Promise<UserManager>(() => undefined));
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('loading')).toBeInTheDocument();
  });

  it('a session restored with the library loaded later is the one the API client and the other tabs reach', async () => {
    const { manager } = createSignInManager();
    const user = await storeSignedInUser(manager, { expiresIn: 3600, refreshToken: '' });
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${config.crmApiUrl}/echo`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
    );
    renderAt('/licences', () => Promise.resolve(manager));
    expect(await screen.findByText('authenticated Ada')).toBeInTheDocument();
    await crmApi.get('echo');
    expect(seen).toEqual([`Bearer ${user.access_token}`]);
    await anotherTabSignsOut(async () => {
      expect(await screen.findByText('landing page')).toBeInTheDocument();
    });
  });

  it('the sign-in return address opened with no answer and nothing stored says sign-in failed, without the library', async () => {
    const loadManager = vi.fn(() => Promise.resolve(createSignInManager().manager));
    renderAuthAppAt('/signin-oidc', {
      loadManager,
      routes: <Route path="/signin-oidc" element={<SignInCallbackPage />} />,
    });
    // Nothing to finish: not 'Signing in…' for ever.
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadManager).not.toHaveBeenCalled();
  });

  it('a sign-in redirect that fails (provider unreachable) says sign-in failed once, without a loop', async () => {
    const manager = createTestUserManager();
    const signinRedirect = vi
      .spyOn(manager, 'signinRedirect')
      .mockRejectedValue(new Error('Failed to fetch'));
    renderAt('/licences', () => Promise.resolve(manager));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
    expect(signinRedirect).toHaveBeenCalledTimes(1);
    // Sign in again: the next attempt goes through the library once more.
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(2));
  });

  it('the stored user is found where oidc-client-ts keeps it', async () => {
    expect(hasStoredUser('org')).toBe(false);
    await storeSignedInUser(createTestUserManager(), { expiresIn: 3600 });
    expect(hasStoredUser('org')).toBe(true);
    expect(hasStoredUser('site')).toBe(false);
  });

  it('a browser that refuses sessionStorage has no session to restore, and says so without failing', () => {
    const refused = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      expect(hasStoredUser('org')).toBe(false);
    } finally {
      refused.mockRestore(); // before the suite's own clean-up reads the storage
    }
  });

  it('boot preloads the library only for a session to restore or a provider answer', async () => {
    const load = vi.fn(() => Promise.resolve());
    const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
    preloadSignIn('org', at('/'), load);
    preloadSignIn('org', at('/offerings', '?page=2'), load);
    expect(load).not.toHaveBeenCalled();
    preloadSignIn('org', at('/signin-oidc', '?code=abc&state=xyz'), load);
    preloadSignIn('org', at('/signout-callback-oidc'), load);
    expect(load).toHaveBeenCalledTimes(2);
    await storeSignedInUser(createTestUserManager(), { expiresIn: 3600 });
    preloadSignIn('org', at('/'), load);
    expect(load).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenLastCalledWith('org');
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('oidc-client-ts stays out of the first load', () => {
  it('only core/auth/settings.ts and oidc-bridge.tsx import it or react-oidc-context (types aside), and only import() loads them', () => {
    const src = join(process.cwd(), 'src');
    const files = sourceFiles(src);
    const read = (file: string) => readFileSync(file, 'utf8');
    const importers = files
      .filter((file) =>
        /^\s*(import|export)\s+(?!type\b)[^;]*from\s+['"](oidc-client-ts|react-oidc-context)['"]/m.test(
          read(file),
        ),
      )
      .map((file) => relative(src, file))
      .sort();
    expect(importers).toEqual(['core/auth/oidc-bridge.tsx', 'core/auth/settings.ts']);
    // Static importers of either module: only the bridge's re-export of settings.
    const staticImporters = files
      .filter((file) => {
        const path = relative(src, file).startsWith('core/auth/')
          ? '(\\./(settings|oidc-bridge)|@/core/auth/(settings|oidc-bridge))'
          : '@/core/auth/(settings|oidc-bridge)';
        return new RegExp(
          `^\\s*(import|export)\\s+(?!type\\b)[^;]*from\\s+['"]${path}['"]`,
          'm',
        ).test(read(file));
      })
      .map((file) => relative(src, file));
    expect(staticImporters).toEqual(['core/auth/oidc-bridge.tsx']);
  });
});
