export {
  OrgContext,
  useOrgContext,
  useOptionalOrgContext,
  useSelectedOrgId,
  type Organisation,
  type OrgContextValue,
  type ScopeProblem,
  type UserProfile,
} from './context';
export { OrgProvider, type OrgProviderProps, userMetadataQueryKey } from './provider';
export {
  chooseOrgId,
  customDataErrorMessage,
  orderUserOrgs,
  parseCustomData,
  parsePathScope,
  withOrgPrefix,
} from './choose';
