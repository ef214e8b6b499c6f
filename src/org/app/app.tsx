import type { RouteObject } from 'react-router-dom';
import { GlobalLoaderProvider } from '@/core/ui/loaders';
import { AppErrorBoundary } from '@/core/ui/error-boundary';
import { PortalProvider } from '@/core/ui/portal';
import { PortalRoutes } from '@/core/ui/routing';
import { ShellConfigProvider } from '@/core/ui/shell/layouts';
import { orgRouteObjects } from './routes';
import { orgShellConfig } from './shell-config';

/**
 * The organisation portal inside a router, a query client and an auth provider (main.tsx
 * supplies them; tests supply test ones). `routes` lets tests swap pages for placeholders.
 */
export function OrgApp({ routes = orgRouteObjects }: { routes?: RouteObject[] }) {
  return (
    <PortalProvider portal="org">
      <ShellConfigProvider config={orgShellConfig}>
        <GlobalLoaderProvider>
          <AppErrorBoundary>
            <PortalRoutes routes={routes} />
          </AppErrorBoundary>
        </GlobalLoaderProvider>
      </ShellConfigProvider>
    </PortalProvider>
  );
}
