import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useConfirmLeave } from '@/core/ui/leave-guard-provider';
import { readStored, removeStored, storageKeys, writeStored } from '@/core/storage';
import {
  chooseOrgId,
  findSite,
  orderUserOrgs,
  parsePathScope,
  withOrgPrefix,
  type MembershipEntry,
} from './choose';
import type { ScopeProblem, SelectOrgOptions } from './context';

/** Where a site page goes when the user switches to an organisation the site is not in. */
const SITE_SWITCH_TARGET = '/dashboard';

export interface OrgSelectionInputs {
  memberships: MembershipEntry[];
  /** Caller-supplied organisation (second in SPEC §4's choice order). */
  requestedOrgId: number | null;
  /** The default organisation (third in the choice order). */
  defaultOrgId: number | null;
}

/**
 * Which organisation (and site) is selected (SPEC §2, §3, §4): new_org_id, the stored choice,
 * the caller's and the default, overruled by the URL's /org/{orgId} and /site/{siteId}; keeps
 * the stored org and userOrgs in step, refreshes the queries keyed to an organisation that
 * becomes selected, and switches on request (leaving a site page the new organisation lacks).
 */
export function useOrgSelection({ memberships, requestedOrgId, defaultOrgId }: OrgSelectionInputs) {
  const location = useLocation();
  // Not the guarded navigate: a switch asks itself (it changes the screen's organisation even
  // where the address stays), and its own navigations then go without a second question.
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const queryClient = useQueryClient();

  const orgIds = useMemo(() => memberships.map((m) => m.org.id), [memberships]);

  // SPEC §3: new_org_id is read once (here) and cleared (in the effect below); it selects
  // the organisation just created or joined.
  const [explicitId, setExplicitId] = useState<number | null>(
    () => readStored(storageKeys.newOrgId) ?? null,
  );
  // Stryker disable ArrayDeclaration: any constant dependency list runs the effect once, on mount
  useEffect(() => {
    removeStored(storageKeys.newOrgId);
  }, []);
  // Stryker restore ArrayDeclaration

  const chosenId = useMemo(() => {
    if (explicitId !== null && orgIds.includes(explicitId)) return explicitId;
    return chooseOrgId(orgIds, {
      stored: readStored(storageKeys.org),
      requested: requestedOrgId,
      fallback: defaultOrgId,
    });
  }, [explicitId, orgIds, requestedOrgId, defaultOrgId]);

  // The URL wins over the choice: /org/{orgId} selects that organisation, and a site page of
  // another of the user's organisations switches to it (SPEC §2).
  const scope = parsePathScope(location.pathname);
  const routeOrgId = scope.orgId !== null && orgIds.includes(scope.orgId) ? scope.orgId : null;
  const siteHit =
    // Stryker disable next-line ConditionalExpression: findSite of a null site id finds no site (no site's id is null): null all the same
    scope.siteId !== null ? findSite(memberships, scope.siteId, routeOrgId ?? chosenId) : null;
  const selectedId = siteHit?.orgId ?? routeOrgId ?? chosenId ?? orgIds[0];
  const selected = memberships.find((m) => m.org.id === selectedId) ?? memberships[0];
  // Stryker disable next-line ConditionalExpression,StringLiteral: OrgProvider renders the selection only with at least one organisation
  if (!selected) throw new Error('No organization to select');

  let scopeProblem: ScopeProblem = null;
  if (scope.malformed || (scope.orgId !== null && routeOrgId === null)) scopeProblem = 'unknownOrg';
  if (scope.siteId !== null && !siteHit) scopeProblem = 'unknownSite';

  // Keep the selection (and SPEC §3's stored values) in step with what is shown.
  const selectedOrgId = selected.org.id;
  // When the URL's organisation or site changes and chooses, remember that choice, so that
  // it stays after leaving the prefixed or site page. Only on a change: a switch made on this
  // page must not be undone while its navigation is still on the way.
  const scopeKey = `${String(scope.orgId)}:${String(scope.siteId)}`;
  const [syncedScopeKey, setSyncedScopeKey] = useState<string | null>(null);
  if (scopeKey !== syncedScopeKey) {
    setSyncedScopeKey(scopeKey);
    if ((siteHit !== null || routeOrgId !== null) && explicitId !== selectedOrgId) {
      setExplicitId(selectedOrgId);
    }
  }
  useEffect(() => {
    writeStored(storageKeys.org, selectedOrgId);
    writeStored(storageKeys.userOrgs, orderUserOrgs(orgIds, selectedOrgId));
  }, [selectedOrgId, orgIds]);

  // SPEC §4: when the selected organisation changes, queries keyed to it are refreshed.
  const previousOrgId = useRef(selectedOrgId);
  useEffect(() => {
    if (previousOrgId.current === selectedOrgId) return;
    previousOrgId.current = selectedOrgId;
    // Keys end with { orgId } (core/query orgQueryKey): refetch the ones of this organisation.
    void queryClient.invalidateQueries(
      {
        predicate: (query) => {
          const last = query.queryKey[query.queryKey.length - 1];
          return (
            typeof last === 'object' &&
            last !== null &&
            (last as { orgId?: unknown }).orgId === selectedOrgId
          );
        },
      },
      // A fetch already started by the key change counts: do not start a second one.
      { cancelRefetch: false },
    );
  }, [selectedOrgId, queryClient]);

  const selectOrg = useCallback(
    (orgId: number, options?: SelectOrgOptions) => {
      if (!orgIds.includes(orgId)) {
        console.warn(`Cannot select organization ${orgId}: the user is not a member.`);
        return;
      }
      // Issue 17: a form with unsaved changes belongs to the organisation shown; switching
      // leaves it, so it asks first. Declined, nothing changes (the switcher shows the current
      // organisation again).
      if (orgId !== selectedOrgId && !confirmLeave()) return;
      setExplicitId(orgId);
      writeStored(storageKeys.org, orgId);
      writeStored(storageKeys.userOrgs, orderUserOrgs(orgIds, orgId));
      if (options?.to !== undefined) {
        if (options.to !== `${location.pathname}${location.search}`) void navigate(options.to);
        return;
      }
      const current = parsePathScope(location.pathname);
      if (current.siteId !== null) {
        // Stryker disable next-line OptionalChaining: orgId is one of the memberships (checked above), so find always finds it
        const stays = memberships
          .find((m) => m.org.id === orgId)
          ?.org.sites.some((s) => s.id === current.siteId);
        if (!stays) {
          void navigate(
            current.orgId !== null ? withOrgPrefix(SITE_SWITCH_TARGET, orgId) : SITE_SWITCH_TARGET,
          );
          return;
        }
      }
      if (current.orgId !== null) {
        void navigate(`${withOrgPrefix(location.pathname, orgId)}${location.search}`);
      }
    },
    [
      orgIds,
      memberships,
      location.pathname,
      location.search,
      navigate,
      selectedOrgId,
      confirmLeave,
    ],
  );

  return { selected, site: siteHit?.site ?? null, scopeProblem, selectOrg };
}
