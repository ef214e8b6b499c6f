import type { Queryable } from '../db/types';
import type { OrgPermissions, SitePermissions, UserPermissions } from '@/contract/metadata';
import { permissionTable, type AccessFlag, type PermissionAction } from '@/contract/permissions';

/**
 * The actions of the permission table that only a sysadmin may do (their row is exactly
 * isSysadmin): the routes outside any organisation (`/admin/...`) are guarded by these.
 */
export type SysadminAction = {
  [A in PermissionAction]: (typeof permissionTable)[A] extends readonly ['isSysadmin'] ? A : never;
}[PermissionAction];

export interface CallerUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isSysadmin: boolean;
}

export interface OrgAccess {
  id: number;
  name: string;
  /** Org-level flags (the caller's roles plus the org's capabilities). */
  orgPermissions: OrgPermissions;
  /** The caller's user flags in this org (site flags false here). */
  userPermissions: UserPermissions;
  /** True when the caller is a member; false when a sysadmin reaches a foreign org. */
  isMember: boolean;
}

export interface SiteAccess {
  id: number;
  name: string;
  permissions: SitePermissions;
}

/** What an organisation's row and the caller's membership in it say (null: no membership). */
interface OrgRow {
  org_name: string;
  is_product_owner_enabled: boolean;
  is_service_owner_enabled: boolean;
  member: boolean | null;
  is_org_owner: boolean | null;
  is_org_admin: boolean | null;
  is_developer: boolean | null;
  is_business_manager: boolean | null;
  is_sub_manager: boolean | null;
  is_tech_support: boolean | null;
}
/** What a site's row and the caller's membership in it say. */
interface SiteRow {
  site_name: string;
  is_site_admin: boolean | null;
  is_site_user: boolean | null;
}

/**
 * The joins that read an organisation ($org) and a site ($site) with the caller's memberships
 * ($user), over a row that has none: one statement answers the caller, the org and the site.
 */
const orgJoins = (user: string, org: string) =>
  `left join orgs o on o.id = ${org}
   left join org_members m on m.org_id = o.id and m.user_id = ${user} and m.status = 'active'`;
const siteJoins = (user: string, site: string) =>
  `left join sites s on s.id = ${site} and s.org_id = o.id
   left join site_members sm on sm.site_id = s.id and sm.user_id = ${user}`;
const ORG_COLUMNS = `o.name as org_name, o.is_product_owner_enabled, o.is_service_owner_enabled,
  (m.user_id is not null) as member, m.is_org_owner, m.is_org_admin, m.is_developer,
  m.is_business_manager, m.is_sub_manager, m.is_tech_support`;
const SITE_COLUMNS = 's.name as site_name, sm.is_site_admin, sm.is_site_user';

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * The caller's standing in an organisation, or null when the org does not exist or the caller
 * is not an (active) member and not a sysadmin. A sysadmin holds every user flag everywhere.
 */
function orgAccessOf(user: CallerUser, orgId: number, row: OrgRow | undefined): OrgAccess | null {
  // Stryker disable next-line OptionalChaining: both statements select from a one-row source, so a row always comes
  if (!row?.org_name) return null;
  const isMember = row.member === true;
  if (!isMember && !user.isSysadmin) return null;
  const all = user.isSysadmin;
  const f = (v: boolean | null) => all || v === true;
  const userPermissions: UserPermissions = {
    isSysadmin: user.isSysadmin,
    isOrgOwner: f(row.is_org_owner),
    isOrgAdmin: f(row.is_org_admin),
    isDeveloper: f(row.is_developer),
    isBusinessManager: f(row.is_business_manager),
    isSubManager: f(row.is_sub_manager),
    isTechSupport: f(row.is_tech_support),
    isSiteAdmin: false,
    isSiteUser: false,
  };
  return {
    id: orgId,
    name: row.org_name,
    isMember,
    userPermissions,
    orgPermissions: {
      isOrgOwner: userPermissions.isOrgOwner,
      isOrgAdmin: userPermissions.isOrgAdmin,
      isDeveloper: userPermissions.isDeveloper,
      isBusinessManager: userPermissions.isBusinessManager,
      isSubManager: userPermissions.isSubManager,
      isProductOwnerEnabled: row.is_product_owner_enabled,
      isServiceOwnerEnabled: row.is_service_owner_enabled,
    },
  };
}

/**
 * The caller's standing in a site of an org: null when the site is not in the org or the caller
 * cannot see it (org admins, sub managers and sysadmins see every site of the org; others only
 * their own).
 */
function siteAccessOf(
  user: CallerUser,
  org: OrgAccess,
  siteId: number,
  row: SiteRow | undefined,
): SiteAccess | null {
  // Stryker disable next-line OptionalChaining: both statements select from a one-row source, so a row always comes
  if (!row?.site_name) return null;
  const seesAll =
    user.isSysadmin || org.userPermissions.isOrgAdmin || org.userPermissions.isSubManager;
  const isSiteAdmin = row.is_site_admin === true;
  const isSiteUser = row.is_site_user === true;
  if (!seesAll && !isSiteAdmin && !isSiteUser) return null;
  return { id: siteId, name: row.site_name, permissions: { isSiteAdmin, isSiteUser } };
}

export async function loadOrgAccess(
  db: Queryable,
  user: CallerUser,
  orgId: number,
): Promise<OrgAccess | null> {
  if (!validId(orgId)) return null;
  const [row] = await db.query<OrgRow>(
    `select ${ORG_COLUMNS} from (select 1) one ${orgJoins('$2', '$1')}`,
    [orgId, user.id],
  );
  return orgAccessOf(user, orgId, row);
}

export async function loadSiteAccess(
  db: Queryable,
  user: CallerUser,
  org: OrgAccess,
  siteId: number,
): Promise<SiteAccess | null> {
  if (!validId(siteId)) return null;
  const [row] = await db.query<SiteRow>(
    `select ${SITE_COLUMNS} from (select $2::int as id) o ${siteJoins('$3', '$1')}`,
    [siteId, org.id, user.id],
  );
  return siteAccessOf(user, org, siteId, row);
}

/**
 * Who calls, in one statement per request (issue 16: round trips were most of a list's time):
 * the token's user if still active, whether the grant behind the token is alive (sign-out,
 * refresh-token reuse and revocation delete it), and, when the route is an org's or a site's,
 * the caller's standing there. undefined: no such active user.
 */
export async function loadCaller(
  db: Queryable,
  claims: { userId: number; grantId: string },
  where: { orgId?: number; siteId?: number },
): Promise<
  | { user: CallerUser; grantAlive: boolean; org: OrgAccess | null; site: SiteAccess | null }
  | undefined
> {
  // Stryker disable next-line ConditionalExpression: validId refuses undefined as well
  const orgId = where.orgId !== undefined && validId(where.orgId) ? where.orgId : null;
  // Stryker disable next-line ConditionalExpression: validId refuses undefined as well
  const siteId = where.siteId !== undefined && validId(where.siteId) ? where.siteId : null;
  const [row] = await db.query<
    {
      id: number;
      email: string;
      first_name: string | null;
      last_name: string | null;
      is_sysadmin: boolean;
      grant_alive: boolean;
    } & OrgRow &
      SiteRow
  >(
    `select u.id, u.email, u.first_name, u.last_name, u.is_sysadmin,
            exists (select 1 from oidc_payloads g where g.model = 'Grant' and g.id = $2
                     and (g.expires_at is null or g.expires_at > now())) as grant_alive,
            ${ORG_COLUMNS}, ${SITE_COLUMNS}
       from users u ${orgJoins('u.id', '$3::int')} ${siteJoins('u.id', '$4::int')}
      where u.id = $1 and u.status = 'active'`,
    [claims.userId, claims.grantId, orgId, siteId],
  );
  if (!row) return undefined;
  const user: CallerUser = {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isSysadmin: row.is_sysadmin,
  };
  // Stryker disable next-line ConditionalExpression: with no organisation id the statement joins no organisation, which orgAccessOf answers with null
  const org = orgId === null ? null : orgAccessOf(user, orgId, row);
  // Stryker disable next-line ConditionalExpression: with no site id the statement joins no site, which siteAccessOf answers with null
  const site = org && siteId !== null ? siteAccessOf(user, org, siteId, row) : null;
  return { user, grantAlive: row.grant_alive, org, site };
}

/** SPEC §6: OR across the listed flags; an empty list allows every member. */
function allows(flags: readonly AccessFlag[], org: OrgAccess, site?: SiteAccess | null): boolean {
  if (flags.length === 0) return true;
  const have: Record<AccessFlag, boolean> = {
    ...org.userPermissions,
    isProductOwnerEnabled: org.orgPermissions.isProductOwnerEnabled,
    isServiceOwnerEnabled: org.orgPermissions.isServiceOwnerEnabled,
    isSiteAdmin: site?.permissions.isSiteAdmin ?? false,
    isSiteUser: site?.permissions.isSiteUser ?? false,
  };
  return flags.some((f) => have[f]);
}

/** Whether the caller may do an action of the permission table (src/contract/permissions.ts). */
export const can = (action: PermissionAction, org: OrgAccess, site?: SiteAccess | null) =>
  allows(permissionTable[action], org, site);
