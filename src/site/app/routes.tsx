import { SignInCallbackPage, SignOutCallbackPage } from '@/core/auth';
import { siteRoutes } from '@/core/routes';
import { buildPortalRoutes, lazyPage, type RoutePages } from '@/core/shell/routing';

const NodeLibraries = lazyPage(() => import('../features/node-libraries/route'));
const NodeLibrary = lazyPage(() => import('../features/node-libraries/details-route'));
const BlastLink = lazyPage(() => import('../features/blasts/link-route'));

/**
 * Every route of the site portal (table: src/core/routes/routes.ts) mapped to its page,
 * each lazy-loaded from its feature folder. Site pages read the site from the organisation
 * context (useOrgContext().site), which follows /site/{siteId} in the URL.
 */
export const sitePages: RoutePages<typeof siteRoutes> = {
  presentation: lazyPage(() => import('../features/sites/route')),
  dashboardOverview: lazyPage(() => import('../features/sites/dashboard-route')),
  blastsShared: lazyPage(() => import('../features/blasts/shared-route')),
  blastViewer: lazyPage(() => import('../features/blasts/viewer-route')),
  nodeLibraries: NodeLibraries,
  nodeLibrary: NodeLibrary,
  siteAdmin: lazyPage(() => import('../features/sites/admin-route')),
  allSites: lazyPage(() => import('../features/sites/all-sites-route')),
  siteDashboard: lazyPage(() => import('../features/sites/site-dashboard-route')),
  siteUsers: lazyPage(() => import('../features/site-users/route')),
  siteBlasts: lazyPage(() => import('../features/blasts/route')),
  blastDetails: lazyPage(() => import('../features/blasts/details-route')),
  siteActivity: lazyPage(() => import('../features/activity/route')),
  blastLink: BlastLink,
  blastLinkOpen: BlastLink,
  // SPEC §2: the site-scoped version of the node libraries (same pages, site from context).
  siteNodeLibraries: NodeLibraries,
  siteNodeLibrary: NodeLibrary,
  blastLinkAnon: lazyPage(() => import('../features/blasts/link-anon-route')),
  blastRedirect: lazyPage(() => import('../features/blasts/redirect-route')),
  notAuthenticated: lazyPage(() => import('@/core/shell/not-authenticated')),
  login: lazyPage(() => import('@/core/shell/account-login')),
  signInOidc: SignInCallbackPage,
  signOutCallbackOidc: SignOutCallbackPage,
};

export const siteRouteObjects = buildPortalRoutes(siteRoutes, sitePages);
