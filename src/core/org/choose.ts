/**
 * Pure rules of the organisation context (SPEC §3, §4, §8), kept apart from React so that
 * they are tested without the DOM.
 */
import type { MetadataOrg, SiteSummary, UserMetadata, UserPermissions } from '@/contract/metadata';
import type { Organisation } from './context';

/** SPEC §8: the exact log line for malformed customData (nothing is shown to the user). */
export function customDataErrorMessage(org: Pick<MetadataOrg, 'id' | 'name'>): string {
  return `Something's gone wrong with the custom data for ${org.name} - ${org.id}`;
}

/** SPEC §3: customData arrives as a JSON string; an object on success, {} otherwise. */
export function parseCustomData(org: MetadataOrg): Record<string, unknown> {
  if (org.customData == null || org.customData.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(org.customData);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // falls through to the log below
  }
  console.error(customDataErrorMessage(org));
  return {};
}

export interface MembershipEntry {
  org: Organisation;
  permissions: UserPermissions;
}

/** The metadata response with every organisation's customData parsed. */
export function toMemberships(metadata: UserMetadata): MembershipEntry[] {
  return metadata.orgsAndPermissions.map(({ org, permissions }) => ({
    org: { ...org, customData: parseCustomData(org) },
    permissions,
  }));
}

export interface OrgChoiceInputs {
  /** The stored preference (storage key `org`). */
  stored?: number | null;
  /** Supplied by the caller (OrgProvider's orgId prop). */
  requested?: number | null;
  /** The default (OrgProvider's defaultOrgId prop). */
  fallback?: number | null;
}

/**
 * SPEC §4 choice order: stored preference, then caller-supplied, then default, otherwise the
 * user's first organisation. A candidate the user does not belong to is skipped.
 */
export function chooseOrgId(
  orgIds: readonly number[],
  { stored, requested, fallback }: OrgChoiceInputs,
): number | null {
  for (const candidate of [stored, requested, fallback]) {
    // Stryker disable next-line ConditionalExpression: a list of ids includes neither null nor undefined, so the includes check alone refuses them
    if (candidate != null && orgIds.includes(candidate)) return candidate;
  }
  return orgIds[0] ?? null;
}

/** SPEC §3: userOrgs is stored with the selected organisation moved to the front. */
export function orderUserOrgs(orgIds: readonly number[], selectedId: number): number[] {
  return orgIds.includes(selectedId)
    ? [selectedId, ...orgIds.filter((id) => id !== selectedId)]
    : [...orgIds];
}

/**
 * The /org/{orgId} prefix and the site portal's /site/{siteId} segment of a path
 * (docs/routes.md). Ids that are not positive integers do not count as ids.
 */
export interface PathScope {
  orgId: number | null;
  siteId: number | null;
  /** The path without the /org/{orgId} prefix. */
  rest: string;
  /** A prefix or site segment is present but not a valid id (e.g. /org/abc). */
  malformed: boolean;
}

const positiveInt = (s: string | undefined) => (s && /^[1-9]\d*$/.test(s) ? Number(s) : null);

export function parsePathScope(pathname: string): PathScope {
  let rest = pathname;
  let orgId: number | null = null;
  let malformed = false;
  const prefix = /^\/org\/([^/]+)(\/.*)?$/i.exec(pathname);
  if (prefix) {
    orgId = positiveInt(prefix[1]);
    malformed ||= orgId === null;
    rest = prefix[2] ?? '/';
  }
  let siteId: number | null = null;
  const site = /^\/site\/([^/]+)(\/.*)?$/.exec(rest);
  // A shared sign-in link opens for any signed-in user, on that site or not (the server decides):
  // its site segment neither selects nor requires the site.
  if (site && !site[2]?.startsWith('/blast-link/')) {
    siteId = positiveInt(site[1]);
    malformed ||= siteId === null;
  }
  return { orgId, siteId, rest, malformed };
}

/** Replaces (or removes, with null) the /org/{orgId} prefix of a path. */
export function withOrgPrefix(pathname: string, orgId: number | null): string {
  const { rest } = parsePathScope(pathname);
  if (orgId === null) return rest;
  return rest === '/' ? `/org/${orgId}` : `/org/${orgId}${rest}`;
}

/** Finds a site among the user's organisations, the selected one first. */
export function findSite(
  memberships: readonly MembershipEntry[],
  siteId: number,
  selectedOrgId: number | null,
): { orgId: number; site: SiteSummary } | null {
  const ordered = [...memberships].sort(
    (a, b) => Number(b.org.id === selectedOrgId) - Number(a.org.id === selectedOrgId),
  );
  for (const { org } of ordered) {
    const site = org.sites.find((s) => s.id === siteId);
    if (site) return { orgId: org.id, site };
  }
  return null;
}
