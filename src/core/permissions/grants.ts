import { useContext, useMemo } from 'react';
import { config } from '@/core/config';
import { OrgContext } from '@/core/org/context';
import type { MockPermissions } from '@/core/storage';
import { orgFlagNames, userFlagNames } from '@/contract/flags';
import { siteFlagNames } from '@/contract/permissions';
import { hasAccess, type Permission, type PermissionGrants } from './check';
import { useMockPermissions } from './mock';

export { siteFlagNames };

/**
 * SPEC §6: a developer's mock_permissions override replaces the real flags it names, for
 * checks only, and only where config allows it (never in portal-prod).
 */
export function applyMockPermissions(
  grants: PermissionGrants,
  mock: MockPermissions | undefined,
  enabled: boolean = config.mockPermissionsEnabled,
): PermissionGrants {
  if (!enabled || !mock) return grants;
  const pick = <K extends string>(names: readonly K[], base: Partial<Record<K, boolean>>) => {
    const out: Partial<Record<K, boolean>> = { ...base };
    for (const name of names) if (typeof mock[name] === 'boolean') out[name] = mock[name];
    return out;
  };
  return {
    user: pick(userFlagNames, grants.user),
    org: pick(orgFlagNames, grants.org),
    site: pick(siteFlagNames, grants.site),
    orgId: grants.orgId ?? null,
  };
}

/** The grants in force for the selected organisation and site (mock override applied). */
export function usePermissionGrants(): PermissionGrants {
  const context = useContext(OrgContext);
  const { overrides, enabled } = useMockPermissions();
  return useMemo(() => {
    const site = context?.site?.permissions ?? {};
    // A user's site flags count for the selected site only.
    const user = { ...(context?.userPermissions ?? {}), ...site };
    const real: PermissionGrants = {
      user,
      org: context?.org.permissions ?? {},
      site,
      orgId: context?.org.id ?? null,
    };
    return applyMockPermissions(real, overrides, enabled);
  }, [context, overrides, enabled]);
}

/**
 * One permission check for routes, columns and actions (SPEC §6), as a hook: a requirement, or
 * an action of the permission table ('offerings.write').
 */
export function useCanAccess(requirement?: Permission): boolean {
  return hasAccess(requirement, usePermissionGrants());
}
