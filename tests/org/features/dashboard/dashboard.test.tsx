import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { config } from '@/core/config';
import DashboardPage from '@/org/features/dashboard/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

const paged = (results: unknown[]) =>
  HttpResponse.json({
    success: true,
    data: {
      results,
      fetchedCount: results.length,
      skippedCount: 0,
      totalAvailable: results.length,
    },
  });

describe('Dashboard (/dashboard)', () => {
  it('shows only the figures the flags open, with its charts', async () => {
    const base = `${config.crmApiUrl}/orgs/1`;
    server.use(
      http.post(`${base}/users/list`, () =>
        paged([
          {
            id: 1,
            status: 'Active',
            firstName: 'A',
            lastName: 'B',
            email: 'a@x.io',
            isOrgOwner: false,
            isOrgAdmin: true,
            isBusinessManager: false,
            isSubManager: false,
            isDeveloper: false,
            isTechSupport: false,
            invitedAt: null,
          },
          {
            id: 2,
            status: 'Invited',
            firstName: null,
            lastName: null,
            email: 'c@x.io',
            isOrgOwner: false,
            isOrgAdmin: false,
            isBusinessManager: false,
            isSubManager: false,
            isDeveloper: true,
            isTechSupport: false,
            invitedAt: null,
          },
        ]),
      ),
      http.post(`${base}/licences/list`, () => paged([])),
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
    expect(document.title).toBe('Dashboard - Organisation Portal');
  });
});
