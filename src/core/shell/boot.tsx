import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { preloadApiClient } from '@/core/api';
import { AuthProvider, hasStoredUser, preloadSignIn, storedAccess } from '@/core/auth';
import type { Portal } from '@/core/config';
import { initErrorReporting } from '@/core/errors';
import { prefetchUserMetadata } from '@/core/org';
import { ToastHost } from '@/core/notify';
import { createQueryClient } from '@/core/query';

/**
 * Called at boot, before React renders (issue 16: first rows at once on a slow network). A
 * session to restore, or a provider answer: the sign-in library starts loading now, beside the
 * route's chunks; a signed-out page never loads it before a sign-in is asked for. A session to
 * restore: the API client too, for its first call (the user's organisations), and that call.
 */
export function preloadSession(portal: Portal): void {
  preloadSignIn(portal);
  if (!hasStoredUser(portal)) return;
  preloadApiClient();
  // With a token still good: the request itself, beside the route's code (prefetchUserMetadata).
  const access = storedAccess(portal);
  if (access) prefetchUserMetadata(access);
}

/**
 * Starts a portal in the page's #root: error reporting, the query client, the browser router
 * and the auth session around the portal's app. The portal's main.tsx imports zod-jitless and
 * the stylesheets first, then calls this.
 */
export function bootPortal(portal: Portal, App: ComponentType): void {
  // Error reporting loads its SDK lazily, when the page is idle (errors before that are buffered).
  void initErrorReporting(portal);
  preloadSession(portal);

  const queryClient = createQueryClient();

  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AuthProvider portal={portal}>
            <App />
          </AuthProvider>
        </BrowserRouter>
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>,
  );
}
