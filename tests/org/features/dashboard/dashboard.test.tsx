import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { Licence } from '@/contract/crm/licences';
import DashboardPage from '@/org/features/dashboard/route';
import { crm, ok } from '../../../msw/envelope';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';
import { createHeldLicence, createLicence, createOrgUser } from '../../../factories/crm';
import { formatDate } from '@/core/format';
import { licenceHandlers } from '../../../msw/handlers/licences';
import { subscriptionHandlers } from '../../../msw/handlers/subscriptions';
import { userHandlers } from '../../../msw/handlers/users';

/** A calendar day n days from today (YYYY-MM-DD). */
function inDays(n: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('Dashboard (/dashboard)', () => {
  it('shows only the figures the flags open, with its charts', async () => {
    server.use(
      userHandlers.orgList([
        createOrgUser({ id: 1, firstName: 'A', lastName: 'B', email: 'a@x.io', isOrgAdmin: true }),
        createOrgUser({
          id: 2,
          status: 'Invited',
          firstName: null,
          lastName: null,
          email: 'c@x.io',
          isDeveloper: true,
        }),
      ]),
      licenceHandlers.heldList([]),
    );
    await renderApp(<DashboardPage />, { url: '/dashboard', permissions: { isDeveloper: true } });
    expect(await screen.findByText('Acme Mining at a glance.')).toBeInTheDocument();
    expect(screen.getByText('1 invitation pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users: open the list' })).toHaveAttribute(
      'href',
      '/users',
    );
    // A developer holds no Software or Issued Licences flags: those figures are not asked for.
    expect(screen.queryByText('Active subscriptions')).not.toBeInTheDocument();
    expect(screen.queryByText('Licences issued')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Licences by state' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Expiries by month' })).toBeInTheDocument();
    expect(screen.getByText('Nothing expires in the next 90 days.')).toBeInTheDocument();
  });

  it('shows a vendor its renewals due and its issued licences by state', async () => {
    const licence = (
      id: number,
      customer: string,
      state: Licence['state']['name'],
      expiry: string | null,
    ) =>
      createLicence({
        id,
        state: { name: state },
        seats: id,
        expiry,
        customerOrg: { id: id + 10, name: customer },
        orgName: customer,
      });
    const issued = [
      licence(1, 'Later Ltd', 'Active', inDays(60)),
      licence(2, 'Soon Ltd', 'Active', inDays(5)),
      licence(3, 'Far Ltd', 'Active', inDays(200)),
      licence(4, 'Paused Ltd', 'Suspended', inDays(10)),
      licence(5, 'Open Ltd', 'Active', null),
      licence(6, 'Today Ltd', 'Active', inDays(0)),
    ];
    server.use(
      userHandlers.orgList([]),
      licenceHandlers.heldList([]),
      subscriptionHandlers.heldList([]),
      licenceHandlers.issuedList(issued),
      licenceHandlers.issuedSummary(issued),
    );
    await renderApp(<DashboardPage />, {
      url: '/dashboard',
      permissions: { isOrgAdmin: true, isBusinessManager: true },
    });
    const heading = await screen.findByRole('heading', {
      name: 'Renewals due in the next 90 days',
    });
    const card = heading.closest('.card') as HTMLElement;
    const rows = within(card).getAllByRole('row').slice(1);
    // Active and within 90 days only, soonest first.
    // The customer, its product under it (three columns: a phone's card does not scroll).
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.firstChild?.textContent)).toEqual([
      'Today Ltd',
      'Soon Ltd',
      'Later Ltd',
    ]);
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Customer and product', 'Seats', 'Expires']);
    // SPEC §4: a licence expiring today is red (and says so), one expiring later is not.
    const expires = (row: HTMLElement | undefined) =>
      (row ? within(row).getAllByRole('cell')[2]?.firstElementChild : null) as HTMLElement;
    expect(expires(rows[0])).toHaveClass('text-danger');
    expect(expires(rows[0])).toHaveTextContent(/\(expired\)$/);
    expect(expires(rows[1])).not.toHaveClass('text-danger');
    expect(
      within(card).getByRole('link', { name: 'Renew them in Issued Licences' }),
    ).toHaveAttribute('href', '/issued-licences');
    expect(screen.getByRole('img', { name: 'Licences issued by state' })).toBeInTheDocument();
  });
});

describe('Dashboard: what expires soon', () => {
  it('shows a licence of ours expiring today in red, like every list does (SPEC §4)', async () => {
    server.use(
      userHandlers.orgList([]),
      licenceHandlers.heldList([
        createHeldLicence({ id: 1, product: { id: 1, name: 'Today Plan' }, expiry: inDays(0) }),
        createHeldLicence({ id: 2, product: { id: 2, name: 'Later Plan' }, expiry: inDays(30) }),
      ]),
      subscriptionHandlers.heldList([]),
    );
    await renderApp(<DashboardPage />, {
      url: '/dashboard',
      permissions: { isSubManager: true },
    });
    const heading = await screen.findByRole('heading', { name: 'Expiring in the next 90 days' });
    const card = heading.closest('.card') as HTMLElement;
    // What, the name with its vendor under it, and the date: three columns, as a phone fits.
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['What', 'Name and vendor', 'Expires']);
    const [today, later] = within(card).getAllByRole('row').slice(1);
    expect(today).toHaveTextContent('Today Plan');
    expect(within(today as HTMLElement).getByText(formatDate(inDays(0)))).toHaveClass(
      'text-danger',
    );
    expect(within(later as HTMLElement).getByText(formatDate(inDays(30)))).not.toHaveClass(
      'text-danger',
    );
  });
});

describe('Dashboard with a list too large to read whole (issue 16)', () => {
  it('says so instead of counting what one request brought, and asks for the rest no more', async () => {
    const bodies: unknown[] = [];
    server.use(
      userHandlers.orgList([]),
      http.post(crm('orgs/1/licences/list'), async ({ request }) => {
        bodies.push(await request.json());
        const results = Array.from({ length: 1000 }, (_, i) => createLicence({ id: i + 1 }));
        return ok({ results, fetchedCount: 1000, skippedCount: 0, totalAvailable: 250_000 });
      }),
    );
    await renderApp(<DashboardPage />, { url: '/dashboard', permissions: { isDeveloper: true } });
    expect(await screen.findByText(/Some lists are too large to count here/)).toBeInTheDocument();
    expect(screen.queryByText(/Reload the page/)).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('counts the licences it issued exactly on the server, at any size, and reads no more than the first renewals', async () => {
    const bodies: { take?: number; filters?: Record<string, unknown> }[] = [];
    const windows: string[] = [];
    server.use(
      http.get(crm('orgs/1/issued-licences/summary'), ({ request }) => {
        windows.push(new URL(request.url).search);
        return ok({
          byState: { Active: 633_869, Suspended: 58_717, Expired: 307_763 },
          renewalsDue: 64_137,
        });
      }),
      http.post(crm('orgs/1/issued-licences/list'), async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        const results = [
          createLicence({ id: 1, customerOrg: { id: 2, name: 'Soon Ltd' }, expiry: inDays(3) }),
        ];
        // The list's own total is the planner's estimate, far off: the dashboard does not use it.
        return ok({
          results,
          fetchedCount: 1,
          skippedCount: 0,
          totalAvailable: 31_441,
          totalIsEstimate: true,
          hasMore: true,
        });
      }),
    );
    const { container } = await renderApp(<DashboardPage />, {
      url: '/dashboard',
      permissions: { isBusinessManager: true },
    });
    const stat = (await screen.findByText('Licences issued')).closest('.card') as HTMLElement;
    expect(within(stat).getByText('1,000,349')).toBeInTheDocument();
    expect(within(stat).getByText('633,869 active')).toBeInTheDocument();
    expect(screen.getByText(/and 64,136 more/)).toBeInTheDocument();
    expect(screen.queryByText(/about/)).toBeNull();
    expect(screen.getByRole('cell', { name: /^Soon Ltd/ })).toBeInTheDocument();
    expect(windows).toEqual([`?from=${inDays(0)}&to=${inDays(90)}`]);
    // Never the whole list: one page of the first renewals.
    expect(bodies).toEqual([
      expect.objectContaining({
        take: 10,
        filters: { 'state.name': ['Active'], expiry: { from: inDays(0), to: inDays(90) } },
      }),
    ]);
    // Each figure of the chart is inside its drawing, whole (six digits were cut to four).
    const chart = screen.getByRole('img', { name: 'Licences issued by state' });
    const width = Number(chart.getAttribute('viewBox')?.split(' ')[2]);
    const figures = [...container.querySelectorAll('svg text')].filter((t) =>
      /^\d{1,3}(,\d{3})+$/.test(t.textContent ?? ''),
    );
    expect(figures.map((t) => t.textContent)).toEqual(['633,869', '58,717', '307,763']);
    for (const t of figures)
      expect(Number(t.getAttribute('x')) + 7 * (t.textContent ?? '').length).toBeLessThanOrEqual(
        width,
      );
  });
});
