import { matchPath } from 'react-router-dom';
import type { Organisation, OrgContextValue } from '@/core/org/context';
import { parsePathScope, withOrgPrefix } from '@/core/org/choose';
import { canAccess, grantsFor } from '@/core/permissions';
import type { MockPermissions } from '@/core/storage';
import { buildPath, type RouteDef, type RouteTable } from '@/core/routes';

/** SPEC §2: the dashboard (route dashboardOverview) of both portals. */
const DASHBOARD = '/dashboard';

export interface SwitchLandingInputs {
  /** The current path and query (with any /org/{orgId} prefix). */
  pathname: string;
  search: string;
  /** The portal's route table. */
  table: RouteTable;
  /** The organisation being switched to, with the user's flags there. */
  next: { org: Organisation; permissions: OrgContextValue['userPermissions'] };
  /** The stored mock_permissions (honoured only for a developer of the next organisation). */
  mock: MockPermissions | undefined;
}

function routeOf(
  table: RouteTable,
  path: string,
): { def: RouteDef; params: Record<string, string> } | null {
  for (const def of Object.values(table)) {
    const match = matchPath({ path: def.path, end: true }, path);
    if (match) return { def, params: match.params as Record<string, string> };
  }
  return null;
}

/**
 * Where switching organisation lands (SPEC §2, §4, §6): the same screen when the next
 * organisation allows it; a record's screen (a record belongs to one organisation) the list of
 * that entity there, if allowed; a site page of a site the next organisation lacks, and
 * anything the next organisation refuses, its dashboard. An /org/{orgId} prefix follows the
 * switch. Paths outside the protected routes stay as they are.
 */
export function switchLanding({
  pathname,
  search,
  table,
  next,
  mock,
}: SwitchLandingInputs): string {
  const scope = parsePathScope(pathname);
  const prefixed = scope.orgId !== null;
  const within = (path: string) => (prefixed ? withOrgPrefix(path, next.org.id) : path);
  const found = routeOf(table, scope.rest);
  if (!found || found.def.access !== 'protected') return `${within(scope.rest)}${search}`;

  const { def, params } = found;
  const siteId = params['siteId'];
  const site =
    siteId === undefined ? null : (next.org.sites.find((s) => String(s.id) === siteId) ?? null);
  if (siteId !== undefined && !site) return within(DASHBOARD);

  const grants = grantsFor({ org: next.org, userPermissions: next.permissions, site }, mock);
  const allows = (path: string) => canAccess(routeOf(table, path)?.def.requirement, grants);
  const isRecord = Object.keys(params).some((name) => name !== 'siteId');
  if (!isRecord) {
    return canAccess(def.requirement, grants)
      ? `${within(scope.rest)}${search}`
      : within(DASHBOARD);
  }
  if (def.list === undefined) return within(DASHBOARD);
  const list = buildPath(def.list, siteId === undefined ? {} : { siteId });
  return allows(list) ? within(list) : within(DASHBOARD);
}
