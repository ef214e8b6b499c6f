import { createContext, useContext } from 'react';
import type { MetadataOrg, SiteSummary, UserPermissions } from '@/contract/metadata';
import type { PageSize } from '@/core/storage';

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

/**
 * Why the organisation or site named by the URL cannot be shown (the layout shows the
 * not-found screen): /org/{id} of an organisation the user is not in, or a /site/{id} of none
 * of the user's organisations (SPEC §2).
 */
export type ScopeProblem = 'unknownOrg' | 'unknownSite' | null;

export interface SelectOrgOptions {
  /** Where to go in the newly selected organisation (a same-origin path). */
  to?: string;
}

/** The organisation (and site) the user works in, with their permissions there. */
export interface OrgContextValue {
  /** The selected organisation. */
  org: Organisation;
  /** The user's flags in the selected organisation (isSysadmin global, from the role claim). */
  userPermissions: UserPermissions;
  /** The user's other organisations. */
  otherOrgs: Organisation[];
  /**
   * Every organisation of the user, in the order the server lists them. (Optional for
   * hand-built test contexts; the provider always sets it. Otherwise: [org, ...otherOrgs].)
   */
  orgs?: Organisation[];
  /** The selected site, on site-scoped pages of the site portal. */
  site: SiteSummary | null;
  profile: UserProfile;
  pageSize: number;
  /** Stores the page size (SPEC §9: local storage, followed by other tabs). Set by the provider. */
  setPageSize?: (size: PageSize) => void;
  /**
   * Each of the user's organisations with the user's flags there (set by the provider; the
   * organisation switcher reads it to know what the next organisation allows).
   */
  memberships?: readonly { org: Organisation; permissions: UserPermissions }[];
  /**
   * Selects another of the user's organisations; keyed queries refresh (SPEC §4). `to`: the
   * path to land on (the switcher's choice); without it a prefixed or site path follows.
   */
  selectOrg: (orgId: number, options?: SelectOrgOptions) => void;
  /** Set by the provider; absent in hand-built contexts (= null). */
  scopeProblem?: ScopeProblem;
}

export const OrgContext = createContext<OrgContextValue | null>(null);

export function useOrgContext(): OrgContextValue {
  const value = useContext(OrgContext);
  if (!value) throw new Error('useOrgContext must be used inside the organization provider');
  return value;
}

/** The organisation context, or null outside one (signed-out and anonymous pages). */
export function useOptionalOrgContext(): OrgContextValue | null {
  return useContext(OrgContext);
}

/** The selected organisation's id, or null outside an organisation (signed-out pages). */
export function useSelectedOrgId(): number | null {
  return useContext(OrgContext)?.org.id ?? null;
}

/**
 * The selected organisation's id on a page inside the organisation context: every protected
 * page (the layout mounts the provider before the page). Throws elsewhere, so a page outside
 * the context is a bug seen at once rather than a request for organisation 0.
 */
export function useOrgId(): number {
  const id = useContext(OrgContext)?.org.id;
  if (id === undefined) throw new Error('useOrgId must be used inside the organization provider');
  return id;
}

/**
 * The selected organisation and site on a site page (/site/{siteId}/…: the provider resolved
 * the site before the page rendered, else the page is not found). Throws elsewhere.
 */
export function useSiteScope(): { orgId: number; siteId: number } {
  const context = useContext(OrgContext);
  if (!context?.site) throw new Error('useSiteScope must be used on a site page');
  return { orgId: context.org.id, siteId: context.site.id };
}
