// Without zod: the permission checks of every page's first load import these names.

/**
 * SPEC §3/§6 permission flags. Ids are positive integers everywhere; the OIDC subject (sub)
 * is the user id as a decimal string.
 */
export const userFlagNames = [
  'isSysadmin',
  'isOrgAdmin',
  'isOrgOwner',
  'isBusinessManager',
  'isSubManager',
  'isDeveloper',
  'isTechSupport',
  'isSiteAdmin',
  'isSiteUser',
] as const;
export type UserFlag = (typeof userFlagNames)[number];
export type UserPermissions = Record<UserFlag, boolean>;

/** Organisation-level flags: the user's roles in the org plus the org's own capabilities. */
export const orgFlagNames = [
  'isOrgOwner',
  'isOrgAdmin',
  'isDeveloper',
  'isBusinessManager',
  'isSubManager',
  'isProductOwnerEnabled',
  'isServiceOwnerEnabled',
] as const;
export type OrgFlag = (typeof orgFlagNames)[number];
export type OrgPermissions = Record<OrgFlag, boolean>;
