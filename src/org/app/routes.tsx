import { lazy } from 'react';
import { SignInCallbackPage, SignOutCallbackPage } from '@/core/auth';
import { orgRoutes } from '@/core/routes';
import { buildPortalRoutes, type RoutePages } from '@/core/shell/routing';

/**
 * Every route of the organisation portal (table: src/core/routes/routes.ts) mapped to its
 * page, each lazy-loaded from its feature folder. A new route: add it to the table, add its
 * feature folder's route.tsx, map it here (the type insists).
 */
export const orgPages: RoutePages<typeof orgRoutes> = {
  presentation: lazy(() => import('../features/presentation/route')),
  dashboardOverview: lazy(() => import('../features/dashboard/route')),
  home: lazy(() => import('../features/home/route')),
  notAuthenticated: lazy(() => import('@/core/shell/not-authenticated')),
  organizations: lazy(() => import('../features/organizations/route')),
  offerings: lazy(() => import('../features/offerings/route')),
  productDetails: lazy(() => import('../features/offerings/product-route')),
  serviceDetails: lazy(() => import('../features/offerings/service-route')),
  allUsers: lazy(() => import('../features/all-users/route')),
  users: lazy(() => import('../features/users/route')),
  licences: lazy(() => import('../features/licences/route')),
  issuedLicences: lazy(() => import('../features/issued-licences/route')),
  customerSubs: lazy(() => import('../features/customer-subs/route')),
  subscriptionDetails: lazy(() => import('../features/customer-subs/details-route')),
  software: lazy(() => import('../features/software/route')),
  serviceLicences: lazy(() => import('../features/service-licences/route')),
  emailPreferences: lazy(() => import('../features/email-preferences/route')),
  editOrg: lazy(() => import('../features/edit-org/route')),
  support: lazy(() => import('../features/support/route')),
  register: lazy(() => import('@/core/shell/account-register')),
  login: lazy(() => import('@/core/shell/account-login')),
  profile: lazy(() => import('../features/account-profile/route')),
  // The OIDC callbacks are core/auth's own pages.
  signInOidc: SignInCallbackPage,
  signOutCallbackOidc: SignOutCallbackPage,
  subscriptionRegister: lazy(() => import('../features/subscription-register/route')),
  subscriptionExistingReg: lazy(
    () => import('../features/subscription-register/existing-reg-route'),
  ),
};

export const orgRouteObjects = buildPortalRoutes(orgRoutes, orgPages);
