import { describe, expect, it } from 'vitest';
import { orgFlagNames, userFlagNames } from '@/contract/metadata';
import { config } from '@/core/config';
import { canAccess, siteFlagNames, type PermissionGrants } from '@/core/permissions';
import {
  buildPath,
  getOrgHref,
  getSiteHref,
  orgRoutes,
  siteRoutes,
  type RouteDef,
} from '@/core/routes';
import {
  orgExpectations,
  orgScreens,
  siteExpectations,
  siteScreens,
  type Expectation,
} from './spec-table';

/** Every flag set the matrix tries: none, each flag alone (user, org, site), and all of them. */
type FlagSet = { label: string; grants: PermissionGrants };
const supportOrg = config.supportOrgIds[0] ?? 1;
const otherOrg = 999;

function flagSets(orgId: number): FlagSet[] {
  const sets: FlagSet[] = [{ label: 'no flags', grants: { user: {}, org: {}, site: {}, orgId } }];
  for (const f of userFlagNames)
    sets.push({ label: `user ${f}`, grants: { user: { [f]: true }, org: {}, site: {}, orgId } });
  for (const f of orgFlagNames)
    sets.push({ label: `org ${f}`, grants: { user: {}, org: { [f]: true }, site: {}, orgId } });
  for (const f of siteFlagNames)
    sets.push({ label: `site ${f}`, grants: { user: {}, org: {}, site: { [f]: true }, orgId } });
  const all = <K extends string>(names: readonly K[]) =>
    Object.fromEntries(names.map((n) => [n, true])) as Record<K, boolean>;
  sets.push({
    label: 'every flag',
    grants: { user: all(userFlagNames), org: all(orgFlagNames), site: all(siteFlagNames), orgId },
  });
  return sets;
}

function expected(expectation: Expectation, set: FlagSet): boolean {
  if (expectation === 'all' || expectation === 'public' || expectation === 'anonymous') return true;
  if (expectation === 'support') return config.supportOrgIds.includes(set.grants.orgId ?? -1);
  return (
    (expectation.user ?? []).some((f) => set.grants.user[f]) ||
    (expectation.org ?? []).some((f) => set.grants.org[f]) ||
    (expectation.site ?? []).some((f) => set.grants.site[f])
  );
}

const accessKind = (e: Expectation) =>
  e === 'anonymous' ? 'anonymous' : e === 'public' ? 'public' : 'protected';

for (const [portal, table, expectations, screens] of [
  ['org', orgRoutes, orgExpectations, orgScreens],
  ['site', siteRoutes, siteExpectations, siteScreens],
] as const) {
  describe(`${portal} portal route matrix (SPEC §2, §6)`, () => {
    const entries = Object.entries(table) as [string, RouteDef][];

    it('has an expectation for every route and a route for every expectation', () => {
      expect(Object.keys(table).sort()).toEqual(Object.keys(expectations).sort());
      expect(Object.keys(table).sort()).toEqual(Object.keys(screens).sort());
    });

    it.each(entries)('%s has the path and title SPEC §2 gives it', (name, def) => {
      expect({ path: def.path, title: def.title }).toEqual(screens[name as keyof typeof screens]);
    });

    it.each(entries)('%s has the access kind SPEC §2 gives it', (name, def) => {
      expect(def.access).toBe(accessKind(expectations[name as keyof typeof expectations]));
    });

    for (const orgId of [supportOrg, otherOrg]) {
      const cases = entries.flatMap(([name, def]) =>
        flagSets(orgId).map((set) => [name, set.label, def, set] as const),
      );
      it.each(cases)(`%s with %s (org ${orgId})`, (name, _label, def, set) => {
        expect(canAccess(def.requirement, set.grants)).toBe(
          expected(expectations[name as keyof typeof expectations], set),
        );
      });
    }
  });
}

describe('named routes and hrefs (SPEC §2)', () => {
  it('both portals define the named routes behaviour refers to, on the same paths', () => {
    for (const name of [
      'dashboardOverview',
      'presentation',
      'signInOidc',
      'signOutCallbackOidc',
      'notAuthenticated',
      'login',
    ] as const) {
      expect(orgRoutes[name].path).toBe(siteRoutes[name].path);
    }
    expect(orgRoutes.dashboardOverview.path).toBe('/dashboard');
    expect(orgRoutes.presentation.path).toBe('/');
    expect(orgRoutes.signInOidc.path).toBe('/signin-oidc');
    expect(orgRoutes.signOutCallbackOidc.path).toBe('/signout-callback-oidc');
    expect(orgRoutes.notAuthenticated.path).toBe('/not-authenticated');
    expect(orgRoutes.login.path).toBe('/Account/Login');
  });

  it('fills, encodes and prefixes paths', () => {
    expect(getOrgHref('productDetails', { id: 7 })).toBe('/offerings/product/7');
    expect(getOrgHref('users', undefined, { orgId: 2 })).toBe('/org/2/users');
    expect(getOrgHref('presentation', undefined, { orgId: 2 })).toBe('/org/2');
    expect(getOrgHref('emailPreferences', { email: 'a b@x.io', code: 'c/d' })).toBe(
      '/email-preferences/a%20b%40x.io/c%2Fd',
    );
    expect(getSiteHref('siteBlasts', { siteId: 12 })).toBe('/site/12/blasts');
    expect(getSiteHref('blastDetails', { siteId: 12, blastId: 4 })).toBe('/site/12/blast/4');
    expect(() => buildPath('/x/:id', {})).toThrow('Missing route parameter "id"');
  });
});
