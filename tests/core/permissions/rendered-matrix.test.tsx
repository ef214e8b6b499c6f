import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { UserFlag } from '@/contract/metadata';
import { config } from '@/core/config';
import { buildPath, orgRoutes, siteRoutes, type RouteDef } from '@/core/routes';
import { renderPortal, type RenderAppOptions } from '../../render';
import type { MembershipOverrides } from '../../factories/metadata';
import { PORTAL_NAMES } from '@/core/ui/portal';
import {
  orgExpectations,
  orgScreens,
  sampleParams,
  siteExpectations,
  siteScreens,
  type Expectation,
} from './spec-table';

const NO_ACCESS = 'You do not have access to this page';
const NOT_FOUND = 'Page not found';
const supportOrgId = config.supportOrgIds[0] ?? 1;

/** A membership that grants exactly one of the flags that open the route (or none). */
function membership(expectation: Expectation, grant: boolean, orgId: number): MembershipOverrides {
  const base = { org: { id: orgId, name: 'Test Org', sites: [{ id: 11, name: 'Test Site' }] } };
  if (!grant || typeof expectation === 'string') return base;
  if (expectation.user?.[0])
    return {
      ...base,
      permissions: { [expectation.user[0]]: true } as Partial<Record<UserFlag, boolean>>,
    };
  if (expectation.org?.[0])
    return { org: { ...base.org, permissions: { [expectation.org[0]]: true } } };
  if (expectation.site?.[0]) {
    return {
      org: {
        ...base.org,
        sites: [{ id: 11, name: 'Test Site', permissions: { [expectation.site[0]]: true } }],
      },
    };
  }
  return base;
}

for (const [portal, table, expectations, screens] of [
  ['org', orgRoutes, orgExpectations, orgScreens],
  ['site', siteRoutes, siteExpectations, siteScreens],
] as const) {
  const guarded = (Object.entries(table) as [string, RouteDef][]).filter(
    ([, def]) => def.access === 'protected',
  );

  describe(`${portal} portal: every protected route, rendered`, () => {
    it.each(guarded)('%s opens, titled, for a user its flags allow', async (name, def) => {
      const expectation = expectations[name as keyof typeof expectations];
      const options: RenderAppOptions = {
        url: buildPath(def.path, sampleParams),
        org: membership(expectation, true, supportOrgId),
      };
      await renderPortal(portal, { ...options, pages: 'placeholders' });
      expect(screen.getByRole('main')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: NO_ACCESS })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: NOT_FOUND })).not.toBeInTheDocument();
      const { title } = screens[name as keyof typeof screens];
      expect(document.title).toBe(`${title} - ${PORTAL_NAMES[portal]}`);
    });

    const refused = guarded.filter(
      ([name]) => expectations[name as keyof typeof expectations] !== 'all',
    );
    it.each(refused)('%s shows the no-access screen without the flags', async (_name, def) => {
      await renderPortal(portal, {
        pages: 'placeholders',
        url: buildPath(def.path, sampleParams),
        org: membership('all', false, 999),
      });
      expect(screen.getByRole('heading', { name: NO_ACCESS })).toBeInTheDocument();
      expect(document.title).toBe(`No access - ${PORTAL_NAMES[portal]}`);
      expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
    });
  });
}
