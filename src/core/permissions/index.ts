/** Permissions (SPEC §6): one check in three forms, the route table, mock_permissions. */
export { canAccess, hasAccess } from './check';
export type {
  Permission,
  PermissionAction,
  PermissionGrants,
  PermissionRequirement,
  SiteFlag,
} from './check';
export { applyMockPermissions, siteFlagNames, useCanAccess, usePermissionGrants } from './grants';
export {
  clearMockPermissions,
  setMockPermission,
  useMockPermissions,
  type MockPermissionsState,
} from './mock';
export { CanAccess, type CanAccessProps } from './can-access';
