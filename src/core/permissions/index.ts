/** Permissions (SPEC §6): one check in three forms, the route table, mock_permissions. */
export { canAccess, hasAccess } from './check';
export type {
  Permission,
  PermissionAction,
  PermissionGrants,
  PermissionRequirement,
  SiteFlag,
} from './check';
export {
  applyMockPermissions,
  grantsFor,
  siteFlagNames,
  useCanAccess,
  usePermissionGrants,
  type GrantsScope,
} from './grants';
export {
  clearMockPermissions,
  mockPermissionsHonoured,
  setMockPermission,
  useMockPermissions,
  type MockPermissionsState,
  type MockScope,
} from './mock';
export { CanAccess, type CanAccessProps } from './can-access';
