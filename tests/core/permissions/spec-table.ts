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

/** Sample parameter values to turn a path pattern into a URL. */
export const sampleParams: Record<string, string | number> = {
  id: 7,
  blastId: 3,
  linkId: 5,
  email: 'ada@example.com',
  code: 'abc123',
  siteId: 11,
};
