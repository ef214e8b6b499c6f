import type { OrgFlag, SitePermissions, UserFlag } from '@/contract/metadata';

export type SiteFlag = keyof SitePermissions;

/**
 * What a route, column or action needs (SPEC §6): an OR across every listed flag. No flags
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

/** The flags in force for the current user, organisation and site (after any mock override). */
export interface PermissionGrants {
  user: Partial<Record<UserFlag, boolean>>;
  org: Partial<Record<OrgFlag, boolean>>;
  site: Partial<Record<SiteFlag, boolean>>;
  /** The selected organisation's id, when there is one. */
  orgId?: number | null;
}

export function hasAccess(
  requirement: PermissionRequirement | undefined,
  grants: PermissionGrants,
): boolean {
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
