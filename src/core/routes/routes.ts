/**
 * The route table of both portals (SPEC §2), each route with its rule from the permission table
 * of src/contract (SPEC §6): one declarative place. The portals' app/routes.tsx map each route
 * name to its lazy-loaded feature page (the types make a missing page a compile error);
 * sidebars, guards, tests and e2e read this table.
 *
 * access:
 *  - 'anonymous': no sign-in and no organisation (callbacks, anonymous links, email preferences)
 *  - 'public': open to everyone; signed-in users see it too (landing page, account routes)
 *  - 'protected': sign-in required, inside the organisation context, checked against `requirement`
 */
import { requirementFor, type PermissionRequirement } from '@/contract/permissions';
import { config } from '@/core/config';

export type RouteAccess = 'anonymous' | 'public' | 'protected';

export interface RouteDef {
  /** Absolute path pattern (react-router syntax) without the optional /org/{orgId} prefix. */
  readonly path: string;
  /** Page title (document title: 'Title - Portal Name'). */
  readonly title: string;
  readonly access: RouteAccess;
  /** SPEC §6; absent = every signed-in user. */
  readonly requirement?: PermissionRequirement;
  /**
   * A record's screen (details of one offering, subscription, blast…): the path pattern of the
   * list of that entity. A record belongs to one organisation, so switching organisation lands
   * on this list (docs/routes.md).
   */
  readonly list?: string;
}

/** SPEC §6, row by row: the `.read` rows of the permission table (src/contract/permissions.ts). */
export const requirements = {
  /** Organizations, All Users, all-sites. */
  sysadmin: requirementFor('organizations.read'),
  /** Offerings and details. */
  offerings: requirementFor('offerings.read'),
  /** Users, Licences. */
  usersAndLicences: requirementFor('orgUsers.read'),
  issuedLicences: requirementFor('issuedLicences.read'),
  /** Customer Subs and details. */
  customerSubs: requirementFor('customerSubs.read'),
  /** Software and details. */
  software: requirementFor('software.read'),
  editOrg: requirementFor('org.read'),
  /** Issue 18: the organisation's Activity (org owner, org admin). */
  activity: requirementFor('activity.read'),
  /** Issue 18: a site's Activity (its site admins, the org owner and org admins). */
  siteActivity: requirementFor('siteActivity.read'),
  /** Issue 18: the Audit log across organisations (sysadmin). */
  auditLog: requirementFor('audit.read'),
  /** Site Admin (/sites). */
  siteAdmin: requirementFor('sites.read'),
  siteUsers: requirementFor('siteUsers.read'),
  /** Blasts and details. */
  blasts: requirementFor('blasts.read'),
  /** SPEC §1: the Support page only for the three configured organisations. */
  support: requirementFor('supportRequests.write', config.supportOrgIds),
} as const satisfies Record<string, PermissionRequirement>;

const route = <const R extends RouteDef>(def: R): R => def;

/** Organisation portal (SPEC §2 'Organisation portal routes'). */
export const orgRoutes = {
  presentation: route({ path: '/', title: 'Welcome', access: 'public' }),
  dashboardOverview: route({ path: '/dashboard', title: 'Dashboard', access: 'protected' }),
  home: route({ path: '/home', title: 'Home', access: 'protected' }),
  notAuthenticated: route({ path: '/not-authenticated', title: 'Not signed in', access: 'public' }),
  organizations: route({
    path: '/organizations',
    title: 'Organizations',
    access: 'protected',
    requirement: requirements.sysadmin,
  }),
  offerings: route({
    path: '/offerings',
    title: 'Offerings',
    access: 'protected',
    requirement: requirements.offerings,
  }),
  productDetails: route({
    path: '/offerings/product/:id',
    list: '/offerings',
    title: 'Product Details',
    access: 'protected',
    requirement: requirements.offerings,
  }),
  serviceDetails: route({
    path: '/offerings/service/:id',
    list: '/offerings',
    title: 'Service Details',
    access: 'protected',
    requirement: requirements.offerings,
  }),
  auditLog: route({
    path: '/audit',
    title: 'Audit log',
    access: 'protected',
    requirement: requirements.auditLog,
  }),
  allUsers: route({
    path: '/all-users',
    title: 'All Users',
    access: 'protected',
    requirement: requirements.sysadmin,
  }),
  users: route({
    path: '/users',
    title: 'Users',
    access: 'protected',
    requirement: requirements.usersAndLicences,
  }),
  licences: route({
    path: '/licences',
    title: 'Licences',
    access: 'protected',
    requirement: requirements.usersAndLicences,
  }),
  issuedLicences: route({
    path: '/issued-licences',
    title: 'Issued Licences',
    access: 'protected',
    requirement: requirements.issuedLicences,
  }),
  customerSubs: route({
    path: '/issued-subscriptions',
    title: 'Customer Subs',
    access: 'protected',
    requirement: requirements.customerSubs,
  }),
  subscriptionDetails: route({
    path: '/issued-subscriptions/:id',
    list: '/issued-subscriptions',
    title: 'Subscription Details',
    access: 'protected',
    requirement: requirements.customerSubs,
  }),
  software: route({
    path: '/my-subscriptions',
    title: 'Software',
    access: 'protected',
    requirement: requirements.software,
  }),
  serviceLicences: route({
    path: '/my-subscriptions/:id',
    list: '/my-subscriptions',
    title: 'Service Licences',
    access: 'protected',
    requirement: requirements.software,
  }),
  emailPreferences: route({
    path: '/email-preferences/:email/:code',
    title: 'Email Preferences',
    access: 'anonymous',
  }),
  activity: route({
    path: '/activity',
    title: 'Activity',
    access: 'protected',
    requirement: requirements.activity,
  }),
  editOrg: route({
    path: '/edit-org',
    title: 'Edit Organization',
    access: 'protected',
    requirement: requirements.editOrg,
  }),
  support: route({
    path: '/support',
    title: 'Support',
    access: 'protected',
    requirement: requirements.support,
  }),
  register: route({ path: '/Account/Register', title: 'Register', access: 'public' }),
  login: route({ path: '/Account/Login', title: 'Sign in', access: 'public' }),
  profile: route({ path: '/Account/Profile', title: 'Profile', access: 'protected' }),
  signInOidc: route({ path: '/signin-oidc', title: 'Signing in', access: 'anonymous' }),
  signOutCallbackOidc: route({
    path: '/signout-callback-oidc',
    title: 'Signing out',
    access: 'anonymous',
  }),
  subscriptionRegister: route({
    path: '/subscription/register',
    title: 'Register for a subscription',
    access: 'public',
  }),
  subscriptionExistingReg: route({
    path: '/subscription/existing-reg',
    title: 'Existing registration',
    access: 'public',
  }),
} as const satisfies Record<string, RouteDef>;

/**
 * Site portal (SPEC §2 'Site portal routes'). Site pages carry the site id in the path:
 * /site/{siteId}/... (docs/routes.md).
 */
export const siteRoutes = {
  presentation: route({ path: '/', title: 'Sites', access: 'public' }),
  dashboardOverview: route({ path: '/dashboard', title: 'Dashboard', access: 'protected' }),
  blastsShared: route({ path: '/blasts-shared', title: 'Blasts Shared', access: 'protected' }),
  blastViewer: route({
    path: '/blasts-shared/:blastId',
    list: '/blasts-shared',
    title: 'Blast Viewer',
    access: 'protected',
  }),
  nodeLibraries: route({ path: '/node-libraries', title: 'Node Libraries', access: 'protected' }),
  nodeLibrary: route({
    path: '/node-libraries/:id',
    title: 'Node Library',
    access: 'protected',
    list: '/node-libraries',
  }),
  siteAdmin: route({
    path: '/sites',
    title: 'Site Admin',
    access: 'protected',
    requirement: requirements.siteAdmin,
  }),
  allSites: route({
    path: '/all-sites',
    // SPEC §2: /all-sites is Site Admin (sysadmin); the sidebar link still says All Sites.
    title: 'Site Admin',
    access: 'protected',
    requirement: requirements.sysadmin,
  }),
  siteDashboard: route({ path: '/site/:siteId', title: 'Site Dashboard', access: 'protected' }),
  siteUsers: route({
    path: '/site/:siteId/users',
    title: 'Site Users',
    access: 'protected',
    requirement: requirements.siteUsers,
  }),
  siteBlasts: route({
    path: '/site/:siteId/blasts',
    title: 'Blasts',
    access: 'protected',
    requirement: requirements.blasts,
  }),
  blastDetails: route({
    path: '/site/:siteId/blast/:blastId',
    list: '/site/:siteId/blasts',
    title: 'Blast Details',
    access: 'protected',
    requirement: requirements.blasts,
  }),
  /** Issue 18: the site's events of the audit trail. */
  siteActivity: route({
    path: '/site/:siteId/activity',
    title: 'Activity',
    access: 'protected',
    requirement: requirements.siteActivity,
  }),
  blastLink: route({
    path: '/site/:siteId/blast-link/:linkId',
    title: 'Shared Blast',
    access: 'protected',
  }),
  /** A sign-in link outside any site: every signed-in user may open a live link (issue 9). */
  blastLinkOpen: route({
    path: '/blast-link/:linkId',
    title: 'Shared Blast',
    access: 'protected',
  }),
  siteNodeLibraries: route({
    path: '/site/:siteId/node-libraries',
    title: 'Node Libraries',
    access: 'protected',
  }),
  siteNodeLibrary: route({
    path: '/site/:siteId/node-libraries/:id',
    list: '/site/:siteId/node-libraries',
    title: 'Node Library',
    access: 'protected',
  }),
  blastLinkAnon: route({
    path: '/blast-link-anon/:linkId',
    title: 'Shared Blast',
    access: 'anonymous',
  }),
  blastRedirect: route({ path: '/blast/:blastId', title: 'Blast', access: 'protected' }),
  notAuthenticated: route({ path: '/not-authenticated', title: 'Not signed in', access: 'public' }),
  login: route({ path: '/Account/Login', title: 'Sign in', access: 'public' }),
  signInOidc: route({ path: '/signin-oidc', title: 'Signing in', access: 'anonymous' }),
  signOutCallbackOidc: route({
    path: '/signout-callback-oidc',
    title: 'Signing out',
    access: 'anonymous',
  }),
} as const satisfies Record<string, RouteDef>;

export type OrgRouteName = keyof typeof orgRoutes;
export type SiteRouteName = keyof typeof siteRoutes;
export type RouteTable = Readonly<Record<string, RouteDef>>;

/** The names SPEC §2 says behaviour refers to; both portals define them. */
export type NamedRoute =
  | 'dashboardOverview'
  | 'presentation'
  | 'signInOidc'
  | 'signOutCallbackOidc'
  | 'notAuthenticated'
  | 'login';

/** ':id' segments of a path pattern, as a params type. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<P extends string> = [ParamNames<P>] extends [never]
  ? Record<string, never>
  : Record<ParamNames<P>, string | number>;

type HrefArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [params?: undefined, options?: HrefOptions]
  : [params: RouteParams<P>, options?: HrefOptions];

export interface HrefOptions {
  /** Prefix with /org/{orgId}, which selects that organisation when opened. */
  orgId?: number | null;
}

/** Fills a path pattern; parameters are URL-encoded. */
export function buildPath(
  pattern: string,
  params: Readonly<Record<string, string | number>> = {},
  options: HrefOptions = {},
): string {
  const filled = pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
  if (options.orgId == null) return filled;
  return filled === '/' ? `/org/${options.orgId}` : `/org/${options.orgId}${filled}`;
}

/** Typed href of an organisation-portal route: getOrgHref('productDetails', { id: 7 }). */
export function getOrgHref<N extends OrgRouteName>(
  name: N,
  ...args: HrefArgs<(typeof orgRoutes)[N]['path']>
): string {
  const [params, options] = args;
  return buildPath(orgRoutes[name].path, params ?? {}, options);
}

/** Typed href of a site-portal route: getSiteHref('siteBlasts', { siteId: 12 }). */
export function getSiteHref<N extends SiteRouteName>(
  name: N,
  ...args: HrefArgs<(typeof siteRoutes)[N]['path']>
): string {
  const [params, options] = args;
  return buildPath(siteRoutes[name].path, params ?? {}, options);
}

/** Href of a named route common to both portals (same path in each). */
export function getNamedHref(name: NamedRoute): string {
  return orgRoutes[name].path;
}
