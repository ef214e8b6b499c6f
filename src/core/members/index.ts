/** Memberships (an organisation's users, a site's users): the flags and the member form. */
export {
  flagFieldRows,
  flagToggleColumns,
  flagValues,
  submitMember,
  type MemberFlagSet,
  type MemberWrites,
} from './flags';
export { memberFormSettings, type MemberFormOptions } from './member-form';
