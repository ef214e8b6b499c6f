import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { getAvatars, getDefaultAvatar, getUserMetadata } from '@/core/api';
import { useAuthSession } from '@/core/auth';
import { readStored, removeStored, storageKeys, writeStored } from '@/core/storage';
import { ErrorScreen } from '@/core/ui/screens';
import { FullScreenLoader } from '@/core/ui/loaders';
import {
  chooseOrgId,
  findSite,
  orderUserOrgs,
  parsePathScope,
  toMemberships,
  withOrgPrefix,
  type MembershipEntry,
} from './choose';
import { OrgContext, type OrgContextValue, type ScopeProblem, type UserProfile } from './context';
import { usePageSize } from '@/core/storage/page-size';

/** The user's metadata and avatar: invalidate `.all` after changing an organisation or a photo. */
export const userMetadataKeys = { all: ['userMetadata'] as const };
export const userAvatarKeys = { all: ['userAvatar'] as const };
export const userMetadataQueryKey = (sub: string) => [...userMetadataKeys.all, sub] as const;
export const userAvatarQueryKey = (sub: string) => [...userAvatarKeys.all, sub] as const;

/** Where a site page goes when the user switches to an organisation the site is not in. */
const SITE_SWITCH_TARGET = '/dashboard';

export interface OrgProviderProps {
  children: ReactNode;
  /** Caller-supplied organisation (second in SPEC §4's choice order). */
  orgId?: number | null;
  /** The default organisation (third in the choice order). */
  defaultOrgId?: number | null;
  /**
   * On public pages: render the children without an organisation context when the user has
   * none (e.g. a new user registering a subscription), instead of the 'no organisation' screen.
   */
  optional?: boolean;
  /** Wraps the loading, error and 'no organisation' states (e.g. in the signed-out frame). */
  frame?: (node: ReactNode) => ReactNode;
}

/**
 * The organisation context (SPEC §3/§4): loads the user's metadata, chooses the organisation,
 * follows /org/{orgId} and /site/{siteId} in the URL, and provides profile and page size.
 * Mount it inside the router and inside an authenticated session.
 */
export function OrgProvider({
  children,
  orgId,
  defaultOrgId,
  optional = false,
  frame = (node) => node,
}: OrgProviderProps) {
  const session = useAuthSession();
  const sub = session.user?.sub ?? '';
  const metadata = useQuery({
    queryKey: userMetadataQueryKey(sub),
    queryFn: () => getUserMetadata(true),
    enabled: session.status === 'authenticated' && sub !== '',
    staleTime: 5 * 60_000,
  });
  const memberships = useMemo(
    () => (metadata.data ? toMemberships(metadata.data) : null),
    [metadata.data],
  );

  if (session.status !== 'authenticated' || metadata.isPending) {
    if (optional && session.status !== 'authenticated') return children;
    return frame(<FullScreenLoader />);
  }
  if (metadata.isError) {
    if (optional) return children;
    return frame(<ErrorScreen error={metadata.error} />);
  }
  if (!memberships || memberships.length === 0) {
    return optional ? children : frame(<NoOrganisationScreen />);
  }
  return (
    <SelectedOrgProvider
      memberships={memberships}
      requestedOrgId={orgId ?? null}
      defaultOrgId={defaultOrgId ?? null}
    >
      {children}
    </SelectedOrgProvider>
  );
}

function NoOrganisationScreen() {
  const { signOut } = useAuthSession();
  return (
    <section className="text-center py-5" aria-labelledby="no-org-title">
      <h1 id="no-org-title" className="h2">
        You are not in any organisation yet
      </h1>
      <p className="lead">
        Ask an administrator of your organisation to invite you, or register a subscription.
      </p>
      <button
        type="button"
        className="btn btn-outline-primary"
        onClick={() => {
          void signOut();
        }}
      >
        Sign out
      </button>
    </section>
  );
}

interface SelectedOrgProviderProps {
  memberships: MembershipEntry[];
  requestedOrgId: number | null;
  defaultOrgId: number | null;
  children: ReactNode;
}

function SelectedOrgProvider({
  memberships,
  requestedOrgId,
  defaultOrgId,
  children,
}: SelectedOrgProviderProps) {
  const session = useAuthSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pageSize, setPageSize] = usePageSize();

  const orgIds = useMemo(() => memberships.map((m) => m.org.id), [memberships]);

  // SPEC §3: new_org_id is read once (here) and cleared (in the effect below); it selects
  // the organisation just created or joined.
  const [explicitId, setExplicitId] = useState<number | null>(
    () => readStored(storageKeys.newOrgId) ?? null,
  );
  useEffect(() => {
    removeStored(storageKeys.newOrgId);
  }, []);

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
    scope.siteId !== null ? findSite(memberships, scope.siteId, routeOrgId ?? chosenId) : null;
  const selectedId = siteHit?.orgId ?? routeOrgId ?? chosenId ?? orgIds[0];
  const selected = memberships.find((m) => m.org.id === selectedId) ?? memberships[0];
  if (!selected) throw new Error('No organisation to select');

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
    (orgId: number) => {
      if (!orgIds.includes(orgId)) {
        console.warn(`Cannot select organisation ${orgId}: the user is not a member.`);
        return;
      }
      setExplicitId(orgId);
      writeStored(storageKeys.org, orgId);
      writeStored(storageKeys.userOrgs, orderUserOrgs(orgIds, orgId));
      const current = parsePathScope(location.pathname);
      if (current.siteId !== null) {
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
    [orgIds, memberships, location.pathname, location.search, navigate],
  );

  const profile = useProfile();

  const value = useMemo<OrgContextValue>(() => {
    const orgs = memberships.map((m) => m.org);
    return {
      org: selected.org,
      userPermissions: {
        ...selected.permissions,
        // SPEC §6: sysadmin comes from the access token's role claim.
        isSysadmin: selected.permissions.isSysadmin || session.isSysadmin,
      },
      otherOrgs: orgs.filter((o) => o.id !== selected.org.id),
      orgs,
      site: siteHit?.site ?? null,
      profile,
      pageSize,
      setPageSize,
      selectOrg,
      scopeProblem,
    };
  }, [
    memberships,
    selected,
    session.isSysadmin,
    siteHit?.site,
    profile,
    pageSize,
    setPageSize,
    selectOrg,
    scopeProblem,
  ]);

  return <OrgContext.Provider value={value}>{children}</OrgContext.Provider>;
}

function avatarOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (value && typeof value === 'object' && 'avatar_Base64' in value) {
    const avatar = (value as { avatar_Base64: unknown }).avatar_Base64;
    return typeof avatar === 'string' && avatar !== '' ? avatar : null;
  }
  return null;
}

/**
 * SPEC §3: the profile from the identity claims; the avatar from users/getavatars, the
 * default avatar when the user has none (a missing avatar is logged only).
 */
function useProfile(): UserProfile {
  const { user } = useAuthSession();
  const sub = user?.sub ?? '';
  const avatar = useQuery({
    queryKey: userAvatarQueryKey(sub),
    enabled: /^\d+$/.test(sub),
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<string | null> => {
      try {
        const avatars: unknown = await getAvatars([Number(sub)]);
        const list = Array.isArray(avatars) ? (avatars as { userId?: unknown }[]) : [];
        const own = avatarOf(list.find((a) => String(a.userId) === sub));
        if (own) return own;
        console.info(`No avatar for user ${sub}; using the default avatar.`);
      } catch (error) {
        console.info(`Could not load the avatar of user ${sub}; using the default avatar.`, error);
      }
      try {
        const fallback = avatarOf(await getDefaultAvatar());
        if (!fallback) console.info('No default avatar available.');
        return fallback;
      } catch (error) {
        console.info('Could not load the default avatar.', error);
        return null;
      }
    },
  });
  const avatarData = avatar.data ?? null;
  return useMemo(
    () => ({
      id: sub,
      firstName: user?.givenName ?? '',
      lastName: user?.familyName ?? '',
      email: user?.email ?? '',
      avatar_Base64: avatarData,
    }),
    [sub, user?.givenName, user?.familyName, user?.email, avatarData],
  );
}
