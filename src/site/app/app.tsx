import type { RouteObject } from 'react-router-dom';
import { GlobalLoaderProvider } from '@/core/ui/loaders';
import { AppErrorBoundary } from '@/core/ui/error-boundary';
import { PortalProvider } from '@/core/ui/portal';
import { PortalRoutes } from '@/core/ui/routing';
import { ShellConfigProvider } from '@/core/ui/shell/layouts';
import { siteRouteObjects } from './routes';
import { siteShellConfig } from './shell-config';

/**
 * The site portal inside a router, a query client and an auth provider (main.tsx supplies
 * them; tests supply test ones).
 */
export function SiteApp({ routes = siteRouteObjects }: { routes?: RouteObject[] }) {
  return (
    <PortalProvider portal="site">
      <ShellConfigProvider config={siteShellConfig}>
        <GlobalLoaderProvider>
          <AppErrorBoundary>
            <PortalRoutes routes={routes} />
          </AppErrorBoundary>
        </GlobalLoaderProvider>
      </ShellConfigProvider>
    </PortalProvider>
  );
}
