import { useContext, useMemo } from 'react';
import { config } from '@/core/config';
import { OrgContext, type OrgContextValue } from '@/core/org/context';
import type { MockPermissions } from '@/core/storage';
import { orgFlagNames, userFlagNames } from '@/contract/flags';
import { siteFlagNames } from '@/contract/permissions';
import { hasAccess, type Permission, type PermissionGrants } from './check';
import { mockPermissionsHonoured, useMockPermissions } from './mock';

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

/** An organisation (and site) as the checks see it: the selected one, or one being switched to. */
export type GrantsScope = Pick<OrgContextValue, 'org' | 'userPermissions' | 'site'>;

/**
 * The grants in force in a scope: the real flags, with the mock_permissions override applied
 * only where it is honoured (a developer of that organisation, in a build that enables it).
 */
export function grantsFor(
  scope: GrantsScope | null,
  mock: MockPermissions | undefined,
  enabled: boolean = config.mockPermissionsEnabled,
): PermissionGrants {
  const site = scope?.site?.permissions ?? {};
  // A user's site flags count for the selected site only.
  const user = { ...(scope?.userPermissions ?? {}), ...site };
  const real: PermissionGrants = {
    user,
    org: scope?.org.permissions ?? {},
    site,
    orgId: scope?.org.id ?? null,
  };
  return applyMockPermissions(real, mock, mockPermissionsHonoured(scope, enabled));
}

/** The grants in force for the selected organisation and site (mock override applied). */
export function usePermissionGrants(): PermissionGrants {
  const context = useContext(OrgContext);
  const { overrides } = useMockPermissions();
  return useMemo(() => grantsFor(context, overrides), [context, overrides]);
}

/**
 * One permission check for routes, columns and actions (SPEC §6), as a hook: a requirement, or
 * an action of the permission table ('offerings.write').
 */
export function useCanAccess(requirement?: Permission): boolean {
  return hasAccess(requirement, usePermissionGrants());
}
