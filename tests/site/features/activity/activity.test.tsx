import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { SiteDashboard } from '@/contract/data/dashboard';
import SiteActivityPage from '@/site/features/activity/route';
import SiteDashboardPage from '@/site/features/sites/site-dashboard-route';
import { renderApp, renderPortal } from '../../../render';
import { server } from '../../../msw/server';
import { borealis } from '../../../factories/data';
import { data, ok } from '../../../msw/envelope';
import { auditHandlers, northPitEvent } from '../../../msw/handlers/audit';

const events = [
  northPitEvent({ id: 12 }),
  northPitEvent({
    id: 11,
    actorName: 'anonymous',
    action: 'link view',
    recordId: '2',
    recordName: 'North Pit 0002',
    changes: {},
  }),
];

const dashboard: SiteDashboard = {
  siteId: 1,
  siteName: 'North Pit',
  counts: {
    blasts: 2,
    fired: 2,
    planned: 0,
    holes: 6,
    totalCharge: 480,
    users: 2,
    activeLinks: 1,
    shares: 0,
    nodeLibraries: 1,
    lastBlastAt: null,
  },
  recentBlasts: [],
  blastsPerMonth: [],
};

describe('site Activity (/site/{siteId}/activity, issue 18)', () => {
  it("lists the site's events from the site's list and shows an event's changes", async () => {
    const seen: unknown[] = [];
    server.use(auditHandlers.siteActivity(events, 2, 1, seen));
    const { user } = await renderApp(<SiteActivityPage />, {
      portal: 'site',
      url: '/site/1/activity',
      path: '/site/:siteId/activity',
      org: borealis(),
    });
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    const view = (await screen.findByRole('cell', { name: 'link view' })).closest('tr');
    expect(
      within(view as HTMLElement).getByRole('cell', { name: 'anonymous' }),
    ).toBeInTheDocument();
    for (const heading of ['When', 'Who', 'Action(?!s)', 'Record type', 'Record(?! type)']) {
      expect(
        screen.getByRole('columnheader', { name: new RegExp(`^${heading}`) }),
      ).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(seen.length).toBeGreaterThan(0);

    const update = screen.getByRole('cell', { name: 'update' }).closest('tr') as HTMLElement;
    await user.click(within(update).getByRole('button', { name: /^Show the changes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'update: North Pit 0001' });
    expect(
      within(dialog).getByRole('row', { name: /^description Bench 3 Bench 4$/ }),
    ).toBeInTheDocument();
  });

  it('is in the sidebar and on the site dashboard for a site admin', async () => {
    server.use(
      http.get(data('orgs/2/sites/1/dashboard'), () => ok(dashboard)),
      auditHandlers.siteActivity(events),
    );
    const { user, location } = await renderPortal('site', {
      url: '/site/1',
      org: borealis(),
    });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/site/1/activity',
    );
    await user.click(await screen.findByRole('link', { name: 'Activity of North Pit' }));
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    expect(location().pathname).toBe('/site/1/activity');
    expect(await screen.findByRole('cell', { name: 'North Pit 0001' })).toBeInTheDocument();
  });

  it('is not offered to a plain site user on the site dashboard', async () => {
    server.use(http.get(data('orgs/2/sites/1/dashboard'), () => ok(dashboard)));
    await renderApp(<SiteDashboardPage />, {
      portal: 'site',
      url: '/site/1',
      path: '/site/:siteId',
      org: borealis({}, { isSiteUser: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Site Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Activity/ })).not.toBeInTheDocument();
  });

  it('opens for an org admin who is no member of the site', async () => {
    server.use(auditHandlers.siteActivity(events));
    await renderPortal('site', {
      url: '/site/1/activity',
      org: borealis({ isOrgAdmin: true }, {}),
    });
    expect(await screen.findByRole('cell', { name: 'North Pit 0001' })).toBeInTheDocument();
  });

  it('shows the no-access screen to a site user and a sub manager', async () => {
    for (const [permissions, site] of [
      [{}, { isSiteUser: true }],
      [{ isSubManager: true }, {}],
    ] as const) {
      const { unmount } = await renderPortal('site', {
        url: '/site/1/activity',
        org: borealis(permissions, site),
      });
      expect(screen.queryByRole('heading', { name: 'Activity', level: 1 })).not.toBeInTheDocument();
      expect(
        screen.getByRole('heading', { name: 'You do not have access to this page' }),
      ).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
