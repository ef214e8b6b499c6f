import { lazy } from 'react';
import { SignInCallbackPage, SignOutCallbackPage } from '@/core/auth';
import { siteRoutes } from '@/core/routes';
import { buildPortalRoutes, type RoutePages } from '@/core/shell/routing';

const NodeLibraries = lazy(() => import('../features/node-libraries/route'));
const NodeLibrary = lazy(() => import('../features/node-libraries/details-route'));
const BlastLink = lazy(() => import('../features/blasts/link-route'));

/**
 * Every route of the site portal (table: src/core/routes/routes.ts) mapped to its page,
 * each lazy-loaded from its feature folder. Site pages read the site from the organisation
 * context (useOrgContext().site), which follows /site/{siteId} in the URL.
 */
export const sitePages: RoutePages<typeof siteRoutes> = {
  presentation: lazy(() => import('../features/sites/route')),
  dashboardOverview: lazy(() => import('../features/sites/dashboard-route')),
  blastsShared: lazy(() => import('../features/blasts/shared-route')),
  blastViewer: lazy(() => import('../features/blasts/viewer-route')),
  nodeLibraries: NodeLibraries,
  nodeLibrary: NodeLibrary,
  siteAdmin: lazy(() => import('../features/sites/admin-route')),
  allSites: lazy(() => import('../features/sites/all-sites-route')),
  siteDashboard: lazy(() => import('../features/sites/site-dashboard-route')),
  siteUsers: lazy(() => import('../features/site-users/route')),
  siteBlasts: lazy(() => import('../features/blasts/route')),
  blastDetails: lazy(() => import('../features/blasts/details-route')),
  blastLink: BlastLink,
  blastLinkOpen: BlastLink,
  // SPEC §2: the site-scoped version of the node libraries (same pages, site from context).
  siteNodeLibraries: NodeLibraries,
  siteNodeLibrary: NodeLibrary,
  blastLinkAnon: lazy(() => import('../features/blasts/link-anon-route')),
  blastRedirect: lazy(() => import('../features/blasts/redirect-route')),
  notAuthenticated: lazy(() => import('@/core/shell/not-authenticated')),
  login: lazy(() => import('@/core/shell/account-login')),
  signInOidc: SignInCallbackPage,
  signOutCallbackOidc: SignOutCallbackPage,
};

export const siteRouteObjects = buildPortalRoutes(siteRoutes, sitePages);
