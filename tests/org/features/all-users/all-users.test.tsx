import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import AllUsersPage from '@/org/features/all-users/route';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { acme, createAdminUser } from '../../../factories/crm';
import { userHandlers } from '../../../msw/handlers/users';

describe('All Users (/all-users, sysadmin)', () => {
  it('lists every user with their organisations; pending users say so', async () => {
    server.use(
      userHandlers.allList([
        createAdminUser({
          id: 1,
          firstName: 'Sam',
          lastName: 'Admin',
          email: 'SysAdmin@example.com',
          isSysadmin: true,
          orgs: [
            { id: 1, name: 'Acme Mining' },
            { id: 2, name: 'Borealis Quarries' },
          ],
          orgName: 'Acme Mining, Borealis Quarries',
        }),
        createAdminUser({
          id: 2,
          firstName: null,
          lastName: null,
          email: 'pending@example.com',
          status: 'Pending',
          orgName: 'Borealis Quarries',
        }),
      ]),
    );
    await renderApp(<AllUsersPage />, {
      url: '/all-users',
      user: { role: 'sysadmin' },
      org: acme({ isSysadmin: true }),
    });
    const row = (await screen.findByText('Sam Admin')).closest('tr');
    const cells = within(row as HTMLElement);
    expect(cells.getByRole('cell', { name: 'Acme Mining, Borealis Quarries' })).toBeInTheDocument();
    // The flag is a read-only switch, filtered All/On/Off (a boolean, as the list's contract).
    const sysadmin = cells.getByRole('switch', { name: 'Sysadmin: Sam Admin' });
    expect(sysadmin).toBeChecked();
    expect(sysadmin).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Filter Sysadmin' })).toBeInTheDocument();
    // Issue 17: the email once, in its own column (the name column shows the name alone).
    expect(cells.getAllByText(/sysadmin@example\.com/i)).toHaveLength(1);
    expect(screen.getByText('Pending user activation')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Organizations/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
