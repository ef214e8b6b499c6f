import type { RouteObject } from 'react-router-dom';
import { PortalApp } from '@/core/shell/portal-app';
import { orgRouteObjects } from './routes';
import { orgShellConfig } from './shell-config';

/** The organisation portal (bootPortal mounts it). `routes` lets tests swap pages for placeholders. */
export function OrgApp({ routes = orgRouteObjects }: { routes?: RouteObject[] }) {
  return <PortalApp portal="org" shellConfig={orgShellConfig} routes={routes} />;
}
