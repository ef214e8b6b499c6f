import { SignInCallbackPage, SignOutCallbackPage } from '@/core/auth';
import { orgRoutes } from '@/core/routes';
import { buildPortalRoutes, lazyPage, type RoutePages } from '@/core/shell/routing';

/**
 * Every route of the organisation portal (table: src/core/routes/routes.ts) mapped to its
 * page, each lazy-loaded from its feature folder. A new route: add it to the table, add its
 * feature folder's route.tsx, map it here (the type insists).
 */
export const orgPages: RoutePages<typeof orgRoutes> = {
  presentation: lazyPage(() => import('../features/presentation/route')),
  dashboardOverview: lazyPage(() => import('../features/dashboard/route')),
  home: lazyPage(() => import('../features/home/route')),
  notAuthenticated: lazyPage(() => import('@/core/shell/not-authenticated')),
  organizations: lazyPage(() => import('../features/organizations/route')),
  offerings: lazyPage(() => import('../features/offerings/route')),
  productDetails: lazyPage(() => import('../features/offerings/product-route')),
  serviceDetails: lazyPage(() => import('../features/offerings/service-route')),
  auditLog: lazyPage(() => import('../features/audit-log/route')),
  allUsers: lazyPage(() => import('../features/all-users/route')),
  users: lazyPage(() => import('../features/users/route')),
  licences: lazyPage(() => import('../features/licences/route')),
  issuedLicences: lazyPage(() => import('../features/issued-licences/route')),
  customerSubs: lazyPage(() => import('../features/customer-subs/route')),
  subscriptionDetails: lazyPage(() => import('../features/customer-subs/details-route')),
  software: lazyPage(() => import('../features/software/route')),
  serviceLicences: lazyPage(() => import('../features/service-licences/route')),
  emailPreferences: lazyPage(() => import('../features/email-preferences/route')),
  activity: lazyPage(() => import('../features/activity/route')),
  editOrg: lazyPage(() => import('../features/edit-org/route')),
  support: lazyPage(() => import('../features/support/route')),
  register: lazyPage(() => import('@/core/shell/account-register')),
  login: lazyPage(() => import('@/core/shell/account-login')),
  profile: lazyPage(() => import('../features/account-profile/route')),
  // The OIDC callbacks are core/auth's own pages.
  signInOidc: SignInCallbackPage,
  signOutCallbackOidc: SignOutCallbackPage,
  subscriptionRegister: lazyPage(() => import('../features/subscription-register/route')),
  subscriptionExistingReg: lazyPage(
    () => import('../features/subscription-register/existing-reg-route'),
  ),
};

export const orgRouteObjects = buildPortalRoutes(orgRoutes, orgPages);
