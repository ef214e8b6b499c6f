import { SignInCallbackPage, SignOutCallbackPage } from '@/core/auth';
import { orgRoutes } from '@/core/routes';
import { lazyWithPreload } from '@/core/lazy';
import { buildPortalRoutes, type RoutePages } from '@/core/shell/routing';

/**
 * Every route of the organisation portal (table: src/core/routes/routes.ts) mapped to its
 * page, each lazy-loaded from its feature folder. A new route: add it to the table, add its
 * feature folder's route.tsx, map it here (the type insists).
 */
export const orgPages: RoutePages<typeof orgRoutes> = {
  presentation: lazyWithPreload(() => import('../features/presentation/route')),
  dashboardOverview: lazyWithPreload(() => import('../features/dashboard/route')),
  home: lazyWithPreload(() => import('../features/home/route')),
  notAuthenticated: lazyWithPreload(() => import('@/core/shell/not-authenticated')),
  organizations: lazyWithPreload(() => import('../features/organizations/route')),
  offerings: lazyWithPreload(() => import('../features/offerings/route')),
  productDetails: lazyWithPreload(() => import('../features/offerings/product-route')),
  serviceDetails: lazyWithPreload(() => import('../features/offerings/service-route')),
  auditLog: lazyWithPreload(() => import('../features/audit-log/route')),
  allUsers: lazyWithPreload(() => import('../features/all-users/route')),
  users: lazyWithPreload(() => import('../features/users/route')),
  licences: lazyWithPreload(() => import('../features/licences/route')),
  issuedLicences: lazyWithPreload(() => import('../features/issued-licences/route')),
  customerSubs: lazyWithPreload(() => import('../features/customer-subs/route')),
  subscriptionDetails: lazyWithPreload(() => import('../features/customer-subs/details-route')),
  software: lazyWithPreload(() => import('../features/software/route')),
  serviceLicences: lazyWithPreload(() => import('../features/service-licences/route')),
  emailPreferences: lazyWithPreload(() => import('../features/email-preferences/route')),
  activity: lazyWithPreload(() => import('../features/activity/route')),
  editOrg: lazyWithPreload(() => import('../features/edit-org/route')),
  support: lazyWithPreload(() => import('../features/support/route')),
  register: lazyWithPreload(() => import('@/core/shell/account-register')),
  login: lazyWithPreload(() => import('@/core/shell/account-login')),
  profile: lazyWithPreload(() => import('../features/account-profile/route')),
  // The OIDC callbacks are core/auth's own pages.
  signInOidc: SignInCallbackPage,
  signOutCallbackOidc: SignOutCallbackPage,
  subscriptionRegister: lazyWithPreload(() => import('../features/subscription-register/route')),
  subscriptionExistingReg: lazyWithPreload(
    () => import('../features/subscription-register/existing-reg-route'),
  ),
};

export const orgRouteObjects = buildPortalRoutes(orgRoutes, orgPages);
