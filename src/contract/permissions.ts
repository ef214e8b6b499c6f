// Without zod: the permission checks of every page's first load import this table.
import type { OrgFlag, UserFlag } from './flags';

/** What an organisation is enabled for (SPEC §3 organisation flags that are not a user's role). */
export const orgCapabilityNames = ['isProductOwnerEnabled', 'isServiceOwnerEnabled'] as const;
export type OrgCapability = (typeof orgCapabilityNames)[number];

/** A user's flags in the selected site (SPEC §3 site permissions). */
export const siteFlagNames = ['isSiteAdmin', 'isSiteUser'] as const;
export type SiteFlag = (typeof siteFlagNames)[number];

/**
 * A flag an action may require: one of the user's flags in the organisation (the site flags in
 * the site of the request) or one of the organisation's capabilities. The local stack's guards
 * check the same flags (server/auth/access.ts).
 */
export type AccessFlag = UserFlag | OrgCapability;

/**
 * SPEC §6, reads and writes, in one place: for each action the flags that allow it, an OR
 * across the list; an empty list allows every member. A sysadmin holds every flag in every
 * organisation on the server; the portals list isSysadmin where a sysadmin may act in an
 * organisation they are not a member of. Routes (core/routes) read the `.read` rows; columns
 * and buttons read the rest; every route guard of the local stack names one action
 * (`org('offerings.write')`, server/http/routes.ts) and checks its row.
 */
export const permissionTable = {
  /** Organizations (sysadmin): the list and every organisation's settings. */
  'organizations.read': ['isSysadmin'],
  'organizations.write': ['isSysadmin'],
  /** All Users (sysadmin). */
  'allUsers.read': ['isSysadmin'],
  /** All Sites (sysadmin): the list, and editing any site from it. */
  'allSites.read': ['isSysadmin'],
  'allSites.write': ['isSysadmin'],
  /** The local stack's stored error events (the portals' error reports; no portal screen). */
  'errorEvents.read': ['isSysadmin'],
  /** The audit trail of every organisation, and the check of its hash chains (docs/audit.md). */
  'audit.read': ['isSysadmin'],
  /** The organisation's own activity (its part of the audit trail). */
  'activity.read': ['isOrgOwner', 'isOrgAdmin'],
  /**
   * A site's activity (its part of the audit trail): the site's admins and the organisation's
   * owner and admins (issue 18).
   */
  'siteActivity.read': ['isOrgOwner', 'isOrgAdmin', 'isSiteAdmin'],

  /** Offerings and their details. */
  'offerings.read': [
    'isProductOwnerEnabled',
    'isServiceOwnerEnabled',
    'isOrgAdmin',
    'isBusinessManager',
    'isDeveloper',
    'isTechSupport',
  ],
  /** Create, edit and delete offerings and their custom data. */
  'offerings.write': ['isOrgAdmin', 'isBusinessManager', 'isSysadmin'],

  /** Users: members and invitations. */
  'orgUsers.read': ['isOrgAdmin', 'isSubManager', 'isDeveloper'],
  /** Invite, change a member's flags, resend and revoke invitations. */
  'orgUsers.write': ['isOrgAdmin', 'isSubManager'],
  /** Remove a member; grant or take org admin. */
  'orgUsers.remove': ['isOrgAdmin'],

  /** Licences the organisation holds. */
  'licences.read': ['isOrgAdmin', 'isSubManager', 'isDeveloper'],
  /** Issued Licences: licences the organisation issued to its customers. */
  'issuedLicences.read': ['isProductOwnerEnabled', 'isOrgAdmin', 'isBusinessManager'],
  /** Issue, renew, suspend and reactivate. */
  'issuedLicences.write': ['isOrgAdmin', 'isBusinessManager', 'isSysadmin'],

  /** Customer Subs and their details; the customers the organisation sold to. */
  'customerSubs.read': [
    'isProductOwnerEnabled',
    'isServiceOwnerEnabled',
    'isOrgAdmin',
    'isBusinessManager',
  ],
  /** Create, edit, disable, attach files. */
  'customerSubs.write': ['isOrgAdmin', 'isBusinessManager', 'isSysadmin'],

  /** Software (the organisation's own subscriptions) and its Service Licences. */
  'software.read': ['isOrgAdmin', 'isSubManager'],
  /** Assign and free the seats of a subscription. */
  'software.write': ['isOrgAdmin', 'isSubManager'],

  /** Edit Organization. */
  'org.read': ['isOrgOwner'],
  'org.write': ['isOrgOwner'],
  /** The organisation's custom data records (read by its admins, written by its owner). */
  'orgCustomData.read': ['isOrgOwner', 'isOrgAdmin'],
  'orgCustomData.write': ['isOrgOwner'],

  /** Support requests (also limited to the three configured organisations: SPEC §1). */
  'supportRequests.write': [],

  /** Site Admin (/sites): the organisation's sites; create and edit them. */
  'sites.read': ['isOrgAdmin'],
  'sites.write': ['isOrgAdmin'],
  /**
   * A site itself and its dashboard: everyone who sees the site (its site admins and site users;
   * org admins and sub managers see every site of the organisation).
   */
  'site.read': [],
  /** Site users: who may work on a site. */
  'siteUsers.read': ['isOrgAdmin', 'isSubManager', 'isSiteAdmin'],
  'siteUsers.write': ['isOrgAdmin', 'isSubManager', 'isSiteAdmin'],
  /** Blasts and their details. */
  'blasts.read': ['isOrgAdmin', 'isSubManager', 'isSiteAdmin', 'isSiteUser'],
  /** Upload, edit, delete, links and sharing. */
  'blasts.write': ['isOrgAdmin', 'isSubManager', 'isSiteAdmin'],
  /** Node libraries: every member reads them. */
  'nodeLibraries.read': [],
  /** The organisation-wide libraries. */
  'nodeLibraries.write': ['isOrgAdmin'],
  /** A site's own libraries. */
  'siteNodeLibraries.write': ['isOrgAdmin', 'isSiteAdmin'],
} as const satisfies Record<string, readonly AccessFlag[]>;

export type PermissionAction = keyof typeof permissionTable;

/**
 * What a route, column or action needs, as the portals check it: an OR across every listed flag,
 * each read where it lives (the user's flags, the organisation's, the selected site's). No flags
 * at all means open to everyone signed in.
 */
export interface PermissionRequirement {
  user?: readonly UserFlag[];
  org?: readonly OrgFlag[];
  site?: readonly SiteFlag[];
  /**
   * Only these organisations (SPEC §1: the Support page for three configured organisations).
   * A condition on top of the flags (AND), not one more alternative.
   */
  orgIds?: readonly number[];
}

const isCapability = (flag: AccessFlag): flag is OrgCapability =>
  (orgCapabilityNames as readonly string[]).includes(flag);
const isSiteFlag = (flag: AccessFlag): flag is SiteFlag =>
  (siteFlagNames as readonly string[]).includes(flag);

/**
 * A list of flags as a requirement: the organisation's capabilities are read from the
 * organisation, the site flags from the selected site, the rest from the user.
 */
export function requirementOf(
  flags: readonly AccessFlag[],
  orgIds?: readonly number[],
): PermissionRequirement {
  const requirement: PermissionRequirement = {};
  const org = flags.filter(isCapability);
  const site = flags.filter(isSiteFlag);
  const user = flags.filter((flag): flag is UserFlag => !isCapability(flag) && !isSiteFlag(flag));
  if (user.length > 0) requirement.user = user;
  if (org.length > 0) requirement.org = org;
  if (site.length > 0) requirement.site = site;
  if (orgIds) requirement.orgIds = orgIds;
  return requirement;
}

/** The requirement of an action of the table. */
export const requirementFor = (action: PermissionAction, orgIds?: readonly number[]) =>
  requirementOf(permissionTable[action], orgIds);
