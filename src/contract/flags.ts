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

/**
 * The words screens use for each permission flag (user, organisation and site flags share
 * names): the member forms, the members tables and the developer's mock_permissions panel.
 */
export const permissionFlagLabels: Readonly<Record<UserFlag | OrgFlag, string>> = {
  isSysadmin: 'Sysadmin',
  isOrgOwner: 'Org owner',
  isOrgAdmin: 'Org admin',
  isBusinessManager: 'Business manager',
  isSubManager: 'Subscription manager',
  isDeveloper: 'Developer',
  isTechSupport: 'Tech support',
  isSiteAdmin: 'Site admin',
  isSiteUser: 'Site user',
  isProductOwnerEnabled: 'Product owner',
  isServiceOwnerEnabled: 'Service owner',
};
