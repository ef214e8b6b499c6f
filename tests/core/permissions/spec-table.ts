/**
 * SPEC §6 written out again, independently of src/core/routes/routes.ts: the oracle the
 * route matrix is checked against. Each entry: the flags that open the route (OR); 'all' =
 * every signed-in user; 'support' = every signed-in user of the three configured organisations.
 */
import type { OrgFlag, UserFlag } from '@/contract/metadata';
import type { OrgRouteName, SiteRouteName } from '@/core/routes';

export interface Opens {
  user?: UserFlag[];
  org?: OrgFlag[];
  site?: ('isSiteAdmin' | 'isSiteUser')[];
}
export type Expectation = Opens | 'all' | 'support' | 'anonymous' | 'public';

const sysadmin: Opens = { user: ['isSysadmin'] };
const offerings: Opens = {
  org: ['isProductOwnerEnabled', 'isServiceOwnerEnabled'],
  user: ['isOrgAdmin', 'isBusinessManager', 'isDeveloper', 'isTechSupport'],
};
const usersLicences: Opens = { user: ['isOrgAdmin', 'isSubManager', 'isDeveloper'] };
const customerSubs: Opens = {
  org: ['isProductOwnerEnabled', 'isServiceOwnerEnabled'],
  user: ['isOrgAdmin', 'isBusinessManager'],
};
const software: Opens = { user: ['isOrgAdmin', 'isSubManager'] };

export const orgExpectations: Record<OrgRouteName, Expectation> = {
  presentation: 'public',
  dashboardOverview: 'all',
  home: 'all',
  notAuthenticated: 'public',
  organizations: sysadmin,
  offerings,
  productDetails: offerings,
  serviceDetails: offerings,
  allUsers: sysadmin,
  users: usersLicences,
  licences: usersLicences,
  issuedLicences: { org: ['isProductOwnerEnabled'], user: ['isOrgAdmin', 'isBusinessManager'] },
  customerSubs,
  subscriptionDetails: customerSubs,
  software,
  serviceLicences: software,
  emailPreferences: 'anonymous',
  editOrg: { user: ['isOrgOwner'] },
  // Issue 18: the organisation's Activity; the Audit log across organisations.
  activity: { user: ['isOrgOwner', 'isOrgAdmin'] },
  auditLog: sysadmin,
  support: 'support',
  register: 'public',
  login: 'public',
  profile: 'all',
  signInOidc: 'anonymous',
  signOutCallbackOidc: 'anonymous',
  subscriptionRegister: 'public',
  subscriptionExistingReg: 'public',
};

const blasts: Opens = { user: ['isOrgAdmin', 'isSubManager'], site: ['isSiteAdmin', 'isSiteUser'] };

export const siteExpectations: Record<SiteRouteName, Expectation> = {
  presentation: 'public',
  dashboardOverview: 'all',
  blastsShared: 'all',
  blastViewer: 'all',
  nodeLibraries: 'all',
  nodeLibrary: 'all',
  siteAdmin: { user: ['isOrgAdmin'] },
  allSites: sysadmin,
  siteDashboard: 'all',
  siteUsers: { user: ['isOrgAdmin', 'isSubManager'], site: ['isSiteAdmin'] },
  siteBlasts: blasts,
  blastDetails: blasts,
  // Issue 18: the site's Activity.
  siteActivity: { user: ['isOrgOwner', 'isOrgAdmin'], site: ['isSiteAdmin'] },
  blastLink: 'all',
  blastLinkOpen: 'all',
  siteNodeLibraries: 'all',
  siteNodeLibrary: 'all',
  blastLinkAnon: 'anonymous',
  blastRedirect: 'all',
  notAuthenticated: 'public',
  login: 'public',
  signInOidc: 'anonymous',
  signOutCallbackOidc: 'anonymous',
};

/**
 * SPEC §2's route tables, written out again: each route's path (without the optional
 * /org/{orgId} prefix) and the title its page carries ('Title - Portal Name'). Where SPEC §2
 * names the screen, the title is that name verbatim; the rest are ours, marked.
 */
export interface Screen {
  path: string;
  title: string;
}

export const orgScreens: Record<OrgRouteName, Screen> = {
  presentation: { path: '/', title: 'Welcome' }, // ours: SPEC 'Dashboard (presentation)'
  dashboardOverview: { path: '/dashboard', title: 'Dashboard' },
  home: { path: '/home', title: 'Home' },
  notAuthenticated: { path: '/not-authenticated', title: 'Not signed in' }, // ours
  organizations: { path: '/organizations', title: 'Organizations' },
  offerings: { path: '/offerings', title: 'Offerings' },
  productDetails: { path: '/offerings/product/:id', title: 'Product Details' },
  serviceDetails: { path: '/offerings/service/:id', title: 'Service Details' },
  allUsers: { path: '/all-users', title: 'All Users' },
  users: { path: '/users', title: 'Users' },
  licences: { path: '/licences', title: 'Licences' },
  issuedLicences: { path: '/issued-licences', title: 'Issued Licences' },
  customerSubs: { path: '/issued-subscriptions', title: 'Customer Subs' },
  subscriptionDetails: { path: '/issued-subscriptions/:id', title: 'Subscription Details' },
  software: { path: '/my-subscriptions', title: 'Software' },
  serviceLicences: { path: '/my-subscriptions/:id', title: 'Service Licences' },
  emailPreferences: { path: '/email-preferences/:email/:code', title: 'Email Preferences' },
  editOrg: { path: '/edit-org', title: 'Edit Organization' },
  support: { path: '/support', title: 'Support' },
  register: { path: '/Account/Register', title: 'Register' },
  login: { path: '/Account/Login', title: 'Sign in' },
  profile: { path: '/Account/Profile', title: 'Profile' },
  signInOidc: { path: '/signin-oidc', title: 'Signing in' }, // ours
  signOutCallbackOidc: { path: '/signout-callback-oidc', title: 'Signing out' }, // ours
  subscriptionRegister: { path: '/subscription/register', title: 'Register for a subscription' },
  subscriptionExistingReg: { path: '/subscription/existing-reg', title: 'Existing registration' },
  // Issue 18 (not in SPEC §2): the organisation's Activity, the Audit log across organisations.
  activity: { path: '/activity', title: 'Activity' },
  auditLog: { path: '/audit', title: 'Audit log' },
};

/** Site pages carry the site id as /site/{siteId}/… (docs/routes.md). */
export const siteScreens: Record<SiteRouteName, Screen> = {
  presentation: { path: '/', title: 'Sites' },
  dashboardOverview: { path: '/dashboard', title: 'Dashboard' },
  blastsShared: { path: '/blasts-shared', title: 'Blasts Shared' },
  blastViewer: { path: '/blasts-shared/:blastId', title: 'Blast Viewer' },
  nodeLibraries: { path: '/node-libraries', title: 'Node Libraries' },
  nodeLibrary: { path: '/node-libraries/:id', title: 'Node Library' },
  siteAdmin: { path: '/sites', title: 'Site Admin' },
  allSites: { path: '/all-sites', title: 'Site Admin' },
  siteDashboard: { path: '/site/:siteId', title: 'Site Dashboard' },
  siteUsers: { path: '/site/:siteId/users', title: 'Site Users' },
  siteBlasts: { path: '/site/:siteId/blasts', title: 'Blasts' },
  blastDetails: { path: '/site/:siteId/blast/:blastId', title: 'Blast Details' },
  blastLink: { path: '/site/:siteId/blast-link/:linkId', title: 'Shared Blast' },
  blastLinkOpen: { path: '/blast-link/:linkId', title: 'Shared Blast' }, // issue 9
  siteNodeLibraries: { path: '/site/:siteId/node-libraries', title: 'Node Libraries' },
  // Issue 18 (not in SPEC §2): a site's Activity.
  siteActivity: { path: '/site/:siteId/activity', title: 'Activity' },
  siteNodeLibrary: { path: '/site/:siteId/node-libraries/:id', title: 'Node Library' },
  blastLinkAnon: { path: '/blast-link-anon/:linkId', title: 'Shared Blast' },
  blastRedirect: { path: '/blast/:blastId', title: 'Blast' },
  notAuthenticated: { path: '/not-authenticated', title: 'Not signed in' },
  login: { path: '/Account/Login', title: 'Sign in' },
  signInOidc: { path: '/signin-oidc', title: 'Signing in' },
  signOutCallbackOidc: { path: '/signout-callback-oidc', title: 'Signing out' },
};

/** Sample parameter values to turn a path pattern into a URL. */
export const sampleParams: Record<string, string | number> = {
  id: 7,
  blastId: 3,
  linkId: 5,
  email: 'ada@example.com',
  code: 'abc123',
  siteId: 11,
};
