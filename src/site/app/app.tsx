import type { RouteObject } from 'react-router-dom';
import { PortalApp } from '@/core/shell/portal-app';
import { siteRouteObjects } from './routes';
import { siteShellConfig } from './shell-config';

/** The site portal (bootPortal mounts it). `routes` lets tests swap pages for placeholders. */
export function SiteApp({ routes = siteRouteObjects }: { routes?: RouteObject[] }) {
  return <PortalApp portal="site" shellConfig={siteShellConfig} routes={routes} />;
}
