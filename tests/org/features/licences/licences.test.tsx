import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Licence } from '@/contract/crm/licences';
import { config } from '@/core/config';
import LicencesPage from '@/org/features/licences/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

function createLicence(overrides: Partial<Licence> = {}): Licence {
  return {
    id: 1,
    subscription: { id: 3, name: 'Borealis - Blast Designer' },
    product: { id: 1, name: 'Blast Designer' },
    state: { name: 'Active' },
    seats: 1,
    expiry: '2099-01-31',
    vendorOrg: { id: 1, name: 'Acme Mining' },
    customerOrg: { id: 2, name: 'Borealis Quarries' },
    assignedUser: null,
    issuedAt: '2025-01-01T00:00:00.000Z',
    orgName: 'Acme Mining',
    ...overrides,
  };
}

describe('Licences screen (/licences)', () => {
  it('shows the LICENCES values and an expiry in the past in red', async () => {
    const licences = [
      createLicence(),
      createLicence({
        id: 2,
        product: { id: 2, name: 'Rock Logger' },
        subscription: null,
        state: { name: 'Expired' },
        expiry: '2020-03-01',
        assignedUser: { id: 4, firstName: 'Dev', lastName: 'Patel', email: 'DEV@example.com' },
      }),
    ];
    server.use(
      http.post(`${config.crmApiUrl}/orgs/1/licences/list`, () =>
        HttpResponse.json({
          success: true,
          data: { results: licences, fetchedCount: 2, skippedCount: 0, totalAvailable: 2 },
        }),
      ),
    );
    await renderApp(<LicencesPage />, { url: '/licences', permissions: { isDeveloper: true } });
    expect(
      await screen.findByText('Borealis - Blast Designer · Blast Designer · Active'),
    ).toBeInTheDocument();
    expect(screen.getByText('Rock Logger · Expired')).toBeInTheDocument();
    expect(screen.getByText('Dev Patel <dev@example.com>')).toBeInTheDocument();
    const expired = screen.getByText('2020/03/01');
    expect(expired.closest('.text-danger')).not.toBeNull();
    expect(
      within(expired.closest('span') as HTMLElement).getByText('(expired)'),
    ).toBeInTheDocument();
    expect(screen.getByText('2099/01/31').closest('.text-danger')).toBeNull();
    expect(document.title).toBe('Licences - Organisation Portal');
    expect(screen.getByPlaceholderText('Search 2 records...')).toBeInTheDocument();
  });
});
