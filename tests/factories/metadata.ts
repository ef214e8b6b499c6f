import {
  orgFlagNames,
  userFlagNames,
  type MetadataOrg,
  type OrgAndPermissions,
  type OrgPermissions,
  type SiteSummary,
  type UserMetadata,
  type UserPermissions,
} from '@/contract/metadata';

/** Test data factories for GetUserMetadata (typed overrides; every flag false unless set). */

let nextId = 1000;
const newId = () => ++nextId;

export function userFlags(flags: Partial<UserPermissions> = {}): UserPermissions {
  return {
    ...(Object.fromEntries(userFlagNames.map((n) => [n, false])) as UserPermissions),
    ...flags,
  };
}

export function orgFlags(flags: Partial<OrgPermissions> = {}): OrgPermissions {
  return {
    ...(Object.fromEntries(orgFlagNames.map((n) => [n, false])) as OrgPermissions),
    ...flags,
  };
}

export type SiteOverrides = Partial<Omit<SiteSummary, 'permissions'>> & {
  permissions?: Partial<SiteSummary['permissions']>;
};

export function createSite(overrides: SiteOverrides = {}): SiteSummary {
  const id = overrides.id ?? newId();
  return {
    id,
    name: `Site ${id}`,
    subscriptionId: null,
    subscriptionSubscriberOrgId: null,
    ...overrides,
    permissions: { isSiteAdmin: false, isSiteUser: false, ...overrides.permissions },
  };
}

export type OrgOverrides = Partial<Omit<MetadataOrg, 'permissions' | 'sites'>> & {
  permissions?: Partial<OrgPermissions>;
  sites?: (SiteSummary | SiteOverrides)[];
};

export function createOrg(overrides: OrgOverrides = {}): MetadataOrg {
  const id = overrides.id ?? newId();
  return {
    id,
    name: `Organization ${id}`,
    description: null,
    avatar_Base64: null,
    customData: null,
    ...overrides,
    sites: (overrides.sites ?? []).map((s) => createSite(s)),
    permissions: orgFlags(overrides.permissions),
  };
}

export interface MembershipOverrides {
  org?: OrgOverrides;
  /** The user's flags in this organisation. */
  permissions?: Partial<UserPermissions>;
}

export function createMembership(overrides: MembershipOverrides = {}): OrgAndPermissions {
  return { org: createOrg(overrides.org), permissions: userFlags(overrides.permissions) };
}

export function createUserMetadata(
  memberships: readonly (MembershipOverrides | OrgAndPermissions)[],
): UserMetadata {
  return { orgsAndPermissions: memberships.map((m) => createMembership(m as MembershipOverrides)) };
}
