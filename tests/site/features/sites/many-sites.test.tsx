import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { DashboardSite } from '@/contract/data/dashboard';
import DashboardPage from '@/site/features/sites/dashboard-route';
import { SiteCards } from '@/site/features/sites/components/site-cards';
import { SiteModal } from '@/site/features/sites/components/site-form';
import { SEARCH_SELECT_TEXT } from '@/core/forms/fields/search-select';
import { TABLE_TEXT } from '@/core/data-table/texts';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { data } from '../../../msw/envelope';
import { siteHandlers } from '../../../msw/handlers/sites';
import { borealis, createDataSite, createSiteSubscription } from '../../../factories/data';

/** Issue 16: the site portal's lists and pickers past the 1,000 rows they were once cut at. */
const pad = (i: number) => String(i).padStart(4, '0');

describe('the landing page with many sites', () => {
  const sites = Array.from({ length: 1500 }, (_, i) =>
    createDataSite({ id: i + 1, name: `Site ${pad(i + 1)}` }),
  );

  it('shows the first page with the true total, shows more on request, and searches the server', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/my-sites')) asked.push(new URL(request.url).search);
    });
    server.use(siteHandlers.mine(sites));
    const { user } = await renderApp(<SiteCards />, { portal: 'site', org: borealis() });
    const list = await screen.findByRole('list', { name: 'Your sites' });
    expect(list.querySelectorAll('article')).toHaveLength(30);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 30 of 1,500 sites');

    await user.click(screen.getByRole('button', { name: 'Show more sites' }));
    await waitFor(() => expect(list.querySelectorAll('article')).toHaveLength(60));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 60 of 1,500 sites');

    // The 1,001st site and beyond are found by the server's search.
    const searchbox = screen.getByRole('searchbox', { name: 'Search your sites' });
    expect(searchbox).toHaveAccessibleDescription(
      'By site, organization, location or subscription.',
    );
    await user.type(searchbox, '1499');
    await waitFor(() => expect(list.querySelectorAll('article')).toHaveLength(1), {
      timeout: 8000,
    });
    expect(within(list).getByRole('article', { name: 'Site 1499' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 site found');
    expect(screen.queryByRole('button', { name: 'Show more sites' })).toBeNull();
    expect(asked).toContain('?search=1499&take=30');
    server.events.removeAllListeners('request:start');
  });

  it('says when no site matches the search', async () => {
    server.use(siteHandlers.mine(sites));
    const { user } = await renderApp(<SiteCards />, { portal: 'site', org: borealis() });
    await screen.findByRole('list', { name: 'Your sites' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your sites' }), 'nowhere');
    expect(await screen.findByText('No site matches “nowhere”.')).toBeInTheDocument();
  });
});

describe('the site form with many subscriptions', () => {
  const subscriptions = Array.from({ length: 1200 }, (_, i) =>
    createSiteSubscription({ id: i + 1, name: `Subscription ${pad(i + 1)}` }),
  );

  it('searches the subscriptions on the server and says when there are more', async () => {
    server.use(siteHandlers.subscriptions(2, subscriptions));
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = await renderApp(
      <SiteModal orgId={2} site={null} onSubmit={onSubmit} onClose={() => {}} />,
      { portal: 'site', org: borealis() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create a site' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'West Bench');
    const picker = await within(dialog).findByRole('combobox', { name: /Subscription/ });
    await user.click(picker);
    expect(
      await screen.findByText(
        SEARCH_SELECT_TEXT.more(50, { items: [], total: 1200, totalIsEstimate: false }),
      ),
    ).toBeInTheDocument();
    // The 1,001st and beyond are found by typing.
    await user.type(picker, '1150');
    const option = await screen.findByRole(
      'option',
      { name: 'Subscription 1150 (Acme Mining)' },
      { timeout: 8000 },
    );
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls.at(-1) as unknown[] | undefined)?.[0]).toMatchObject({
      name: 'West Bench',
      subscriptionId: 1150,
    });
  });

  it("names the site's current subscription before any page is loaded", async () => {
    server.use(siteHandlers.subscriptions(2, subscriptions));
    const site = createDataSite({ subscriptionId: 1190, subscriptionName: 'Subscription 1190' });
    await renderApp(
      <SiteModal orgId={2} site={site} onSubmit={() => Promise.resolve()} onClose={() => {}} />,
      { portal: 'site', org: borealis() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit North Pit' });
    expect(within(dialog).getByText('Subscription 1190')).toBeInTheDocument();
  });
});

describe('the Dashboard with many sites', () => {
  const rows: DashboardSite[] = Array.from({ length: 7000 }, (_, i) => ({
    siteId: i + 1,
    siteName: `Site ${pad(i + 1)}`,
    orgId: 2,
    orgName: 'Borealis Quarries',
    blasts: 1,
    fired: 1,
    planned: 0,
    holes: 10,
    lastBlastAt: null,
  }));

  it('shows the true totals and pages the table of sites with its true total', async () => {
    const pages: Record<string, unknown>[] = [];
    server.use(
      siteHandlers.dashboard({
        totals: { sites: 7000, blasts: 7000, holes: 70000, totalCharge: 17500 },
        blastsPerMonth: [],
      }),
      http.post(data('dashboard/sites/list'), async ({ request }) => {
        pages.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
      siteHandlers.dashboardSites(rows),
    );
    await renderApp(<DashboardPage />, { portal: 'site', org: borealis() });
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(totals).toHaveTextContent('Sites7,000');
    expect(totals).toHaveTextContent('Holes70,000');
    expect(
      await screen.findByPlaceholderText(TABLE_TEXT.searchPlaceholder(7000)),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Site 0001' })).toBeInTheDocument();
    // The table asks the server for pages: never the whole list.
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ take: 20 }));
  });
});
