import { render } from '@testing-library/react';
import type { UserManager } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { AuthProvider, RequireAuth } from '@/core/auth';
import { config } from '@/core/config';
import { createTestUserManager } from './oidc-fixtures';

/**
 * The harness of the AuthProvider tests: a real UserManager whose sign-in redirect is a spy
 * (the browser never leaves), and the provider in a router at a given address.
 */
export function createSignInManager() {
  const manager = createTestUserManager();
  const signinRedirect = vi.spyOn(manager, 'signinRedirect').mockResolvedValue(undefined);
  return { manager, signinRedirect };
}

/**
 * Another tab of the org portal says it signed out (session.ts's channel), and stays open until
 * `seen` has checked what this tab did about it.
 */
export async function anotherTabSignsOut(seen: () => Promise<unknown>): Promise<void> {
  const otherTab = new BroadcastChannel(`portal-session:${config.oidcClientIds.org}`);
  try {
    otherTab.postMessage({ type: 'signed-out' });
    await seen();
  } finally {
    otherTab.close();
  }
}

/** Puts the browser at url (tests put it back at '/' after each: afterEach(() => openAt('/'))). */
export function openAt(url: string) {
  window.history.replaceState(null, '', url);
}

export interface AuthTestAppProps {
  /** The provider's UserManager, given at once; or loadManager, which loads it on demand. */
  manager?: UserManager;
  loadManager?: () => Promise<UserManager>;
  /** What the landing page ('/') shows after its text. */
  landing?: ReactNode;
  /** What a guarded page (any other address) shows after its text. */
  page?: ReactNode;
  /** More routes, matched before the landing and the guarded pages. */
  routes?: ReactNode;
}

/** The org portal's AuthProvider over a landing page and guarded pages ('secret page'). */
export function AuthTestApp({ manager, loadManager, landing, page, routes }: AuthTestAppProps) {
  return (
    <BrowserRouter>
      <AuthProvider portal="org" userManager={manager} loadManager={loadManager}>
        <Routes>
          {routes}
          <Route
            path="/"
            element={
              <>
                <p>landing page</p>
                {landing}
              </>
            }
          />
          <Route
            path="*"
            element={
              <RequireAuth>
                <p>secret page</p>
                {page}
              </RequireAuth>
            }
          />
        </Routes>
      </AuthProvider>
    </BrowserRouter>
  );
}

/** Opens url and renders the app there. */
export function renderAuthAppAt(url: string, props: AuthTestAppProps) {
  openAt(url);
  return render(<AuthTestApp {...props} />);
}
