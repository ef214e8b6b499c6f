import { createContext, useContext } from 'react';
import type { MetadataOrg, SiteSummary, UserPermissions } from '@/contract/metadata';

/** A MetadataOrg whose customData string has been parsed (SPEC §3; {} on failure). */
export interface Organisation extends Omit<MetadataOrg, 'customData'> {
  customData: Record<string, unknown>;
}

/** SPEC §3 user profile, from the identity claims plus the avatar call. */
export interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar_Base64: string | null;
}

/** The organisation (and site) the user works in, with their permissions there. */
export interface OrgContextValue {
  /** The selected organisation. */
  org: Organisation;
  /** The user's flags in the selected organisation (isSysadmin global). */
  userPermissions: UserPermissions;
  /** The user's other organisations. */
  otherOrgs: Organisation[];
  /** The selected site, on site-scoped pages of the site portal. */
  site: SiteSummary | null;
  profile: UserProfile;
  pageSize: number;
  selectOrg: (orgId: number) => void;
}

export const OrgContext = createContext<OrgContextValue | null>(null);

export function useOrgContext(): OrgContextValue {
  const value = useContext(OrgContext);
  if (!value) throw new Error('useOrgContext must be used inside the organisation provider');
  return value;
}

/** The selected organisation's id, or null outside an organisation (signed-out pages). */
export function useSelectedOrgId(): number | null {
  return useContext(OrgContext)?.org.id ?? null;
}
