export {
  OrgContext,
  useOrgContext,
  useOptionalOrgContext,
  useOrgId,
  useSiteScope,
  useSelectedOrgId,
  type Organisation,
  type OrgContextValue,
  type ScopeProblem,
  type SelectOrgOptions,
  type UserProfile,
} from './context';
export {
  OrgProvider,
  prefetchUserMetadata,
  type OrgProviderProps,
  userAvatarKeys,
  userMetadataKeys,
  userMetadataQueryKey,
} from './provider';
export { useOrgSelection, type OrgSelectionInputs } from './use-org-selection';
export {
  chooseOrgId,
  customDataErrorMessage,
  orderUserOrgs,
  parseCustomData,
  parsePathScope,
  withOrgPrefix,
} from './choose';
