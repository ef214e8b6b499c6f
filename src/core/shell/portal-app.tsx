import type { RouteObject } from 'react-router-dom';
import type { Portal } from '@/core/config';
import { AppErrorBoundary } from '@/core/ui/error-boundary';
import { LeaveGuardProvider } from '@/core/ui/leave-guard-provider';
import { GlobalLoaderProvider } from '@/core/ui/loaders';
import { PortalProvider } from '@/core/ui/portal';
import { ShellConfigProvider, type ShellConfig } from './layouts';
import { PortalRoutes } from './routing';

export interface PortalAppProps {
  portal: Portal;
  /** The portal's sidebar and user menu. */
  shellConfig: ShellConfig;
  /** The portal's routes (buildPortalRoutes); tests swap pages for placeholders. */
  routes: RouteObject[];
}

/**
 * A portal inside a router, a query client and an auth provider (bootPortal supplies them;
 * tests supply test ones): its name, shell, global loader, the leave guard (Back and Forward ask
 * before unsaved changes are lost), app error boundary and routes.
 */
export function PortalApp({ portal, shellConfig, routes }: PortalAppProps) {
  return (
    <PortalProvider portal={portal}>
      <ShellConfigProvider config={shellConfig}>
        <GlobalLoaderProvider>
          <LeaveGuardProvider>
            <AppErrorBoundary>
              <PortalRoutes routes={routes} />
            </AppErrorBoundary>
          </LeaveGuardProvider>
        </GlobalLoaderProvider>
      </ShellConfigProvider>
    </PortalProvider>
  );
}
