import { SignInCallbackPage, SignOutCallbackPage } from '@/core/auth';
import { siteRoutes } from '@/core/routes';
import { lazyWithPreload } from '@/core/lazy';
import { buildPortalRoutes, type RoutePages } from '@/core/shell/routing';

const NodeLibraries = lazyWithPreload(() => import('../features/node-libraries/route'));
const NodeLibrary = lazyWithPreload(() => import('../features/node-libraries/details-route'));
const BlastLink = lazyWithPreload(() => import('../features/blasts/link-route'));

/**
 * Every route of the site portal (table: src/core/routes/routes.ts) mapped to its page,
 * each lazy-loaded from its feature folder. Site pages read the site from the organisation
 * context (useOrgContext().site), which follows /site/{siteId} in the URL.
 */
export const sitePages: RoutePages<typeof siteRoutes> = {
  presentation: lazyWithPreload(() => import('../features/sites/route')),
  dashboardOverview: lazyWithPreload(() => import('../features/sites/dashboard-route')),
  blastsShared: lazyWithPreload(() => import('../features/blasts/shared-route')),
  blastViewer: lazyWithPreload(() => import('../features/blasts/viewer-route')),
  nodeLibraries: NodeLibraries,
  nodeLibrary: NodeLibrary,
  siteAdmin: lazyWithPreload(() => import('../features/sites/admin-route')),
  allSites: lazyWithPreload(() => import('../features/sites/all-sites-route')),
  siteDashboard: lazyWithPreload(() => import('../features/sites/site-dashboard-route')),
  siteUsers: lazyWithPreload(() => import('../features/site-users/route')),
  siteBlasts: lazyWithPreload(() => import('../features/blasts/route')),
  blastDetails: lazyWithPreload(() => import('../features/blasts/details-route')),
  siteActivity: lazyWithPreload(() => import('../features/activity/route')),
  blastLink: BlastLink,
  blastLinkOpen: BlastLink,
  // SPEC §2: the site-scoped version of the node libraries (same pages, site from context).
  siteNodeLibraries: NodeLibraries,
  siteNodeLibrary: NodeLibrary,
  blastLinkAnon: lazyWithPreload(() => import('../features/blasts/link-anon-route')),
  blastRedirect: lazyWithPreload(() => import('../features/blasts/redirect-route')),
  notAuthenticated: lazyWithPreload(() => import('@/core/shell/not-authenticated')),
  login: lazyWithPreload(() => import('@/core/shell/account-login')),
  signInOidc: SignInCallbackPage,
  signOutCallbackOidc: SignOutCallbackPage,
};

export const siteRouteObjects = buildPortalRoutes(siteRoutes, sitePages);
