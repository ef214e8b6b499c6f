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

interface MemberRow {
  name: string;
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

/**
 * The caller's standing in an organisation, or null when the org does not exist or the caller
 * is not an (active) member and not a sysadmin. A sysadmin holds every user flag everywhere.
 */
export async function loadOrgAccess(
  db: Queryable,
  user: CallerUser,
  orgId: number,
): Promise<OrgAccess | null> {
  if (!Number.isSafeInteger(orgId) || orgId <= 0) return null;
  const [row] = await db.query<MemberRow>(
    `select o.name, o.is_product_owner_enabled, o.is_service_owner_enabled, (m.user_id is not null) as member,
            m.is_org_owner, m.is_org_admin, m.is_developer, m.is_business_manager, m.is_sub_manager, m.is_tech_support
       from orgs o left join org_members m on m.org_id = o.id and m.user_id = $2 and m.status = 'active'
      where o.id = $1`,
    [orgId, user.id],
  );
  if (!row) return null;
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
    name: row.name,
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
export async function loadSiteAccess(
  db: Queryable,
  user: CallerUser,
  org: OrgAccess,
  siteId: number,
): Promise<SiteAccess | null> {
  if (!Number.isSafeInteger(siteId) || siteId <= 0) return null;
  const [row] = await db.query<{
    name: string;
    is_site_admin: boolean | null;
    is_site_user: boolean | null;
  }>(
    `select s.name, sm.is_site_admin, sm.is_site_user
       from sites s left join site_members sm on sm.site_id = s.id and sm.user_id = $3
      where s.id = $1 and s.org_id = $2`,
    [siteId, org.id, user.id],
  );
  if (!row) return null;
  const seesAll =
    user.isSysadmin || org.userPermissions.isOrgAdmin || org.userPermissions.isSubManager;
  const isSiteAdmin = row.is_site_admin === true;
  const isSiteUser = row.is_site_user === true;
  if (!seesAll && !isSiteAdmin && !isSiteUser) return null;
  return { id: siteId, name: row.name, permissions: { isSiteAdmin, isSiteUser } };
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
