import type { OrgFlag, UserFlag } from '@/contract/flags';
import {
  requirementFor,
  type PermissionAction,
  type PermissionRequirement,
  type SiteFlag,
} from '@/contract/permissions';

export type { PermissionAction, PermissionRequirement, SiteFlag };

/** A requirement, or the name of an action of the permission table ('offerings.write'). */
export type Permission = PermissionRequirement | PermissionAction;

/** The flags in force for the current user, organisation and site (after any mock override). */
export interface PermissionGrants {
  user: Partial<Record<UserFlag, boolean>>;
  org: Partial<Record<OrgFlag, boolean>>;
  site: Partial<Record<SiteFlag, boolean>>;
  /** The selected organisation's id, when there is one. */
  orgId?: number | null;
}

export function hasAccess(permission: Permission | undefined, grants: PermissionGrants): boolean {
  const requirement = typeof permission === 'string' ? requirementFor(permission) : permission;
  if (requirement?.orgIds && !requirement.orgIds.includes(grants.orgId ?? Number.NaN)) {
    return false;
  }
  const user = requirement?.user ?? [];
  const org = requirement?.org ?? [];
  const site = requirement?.site ?? [];
  if (user.length + org.length + site.length === 0) return true;
  return (
    user.some((flag) => grants.user[flag] === true) ||
    org.some((flag) => grants.org[flag] === true) ||
    site.some((flag) => grants.site[flag] === true)
  );
}

/** The one permission check, as a function (the hook and the component call it). */
export const canAccess = hasAccess;
