import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import LicencesPage from '@/org/features/licences/route';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';
import { createHeldLicence } from '../../../factories/crm';
import { licenceHandlers } from '../../../msw/handlers/licences';

describe('Licences screen (/licences)', () => {
  it('shows the LICENCES values and an expiry in the past in red', async () => {
    const licences = [
      createHeldLicence(),
      createHeldLicence({
        id: 2,
        product: { id: 2, name: 'Rock Logger' },
        subscription: null,
        state: { name: 'Expired' },
        expiry: '2020-03-01',
        assignedUser: { id: 4, firstName: 'Dev', lastName: 'Patel', email: 'DEV@example.com' },
      }),
    ];
    server.use(licenceHandlers.heldList(licences));
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
    expect(screen.getByPlaceholderText('Search 2 records...')).toBeInTheDocument();
  });
});
