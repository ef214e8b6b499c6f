import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import OrganizationsPage from '@/org/features/organizations/route';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { acme, createOrganisation } from '../../../factories/crm';
import { crm, ok, refusal } from '../../../msw/envelope';
import { organisationHandlers } from '../../../msw/handlers/organisations';

const sysadmin = { user: { role: 'sysadmin' }, org: acme({ isSysadmin: true, isOrgAdmin: true }) };
const acmeOrg = createOrganisation({
  id: 1,
  name: 'Acme Mining',
  isProductOwnerEnabled: true,
  isServiceOwnerEnabled: true,
  memberCount: 5,
});
const delta = createOrganisation({ id: 4, name: 'Delta Drilling', memberCount: 2 });

function listing() {
  server.use(organisationHandlers.adminList([acmeOrg, delta]));
}

describe('Organizations (/organizations, sysadmin)', () => {
  it('lists every organisation with its flags', async () => {
    listing();
    await renderApp(<OrganizationsPage />, { url: '/organizations', ...sysadmin });
    const row = (await screen.findByRole('cell', { name: 'Delta Drilling' })).closest('tr');
    const cells = within(row as HTMLElement);
    for (const flag of ['Product owner', 'Service owner']) {
      const toggle = cells.getByRole('switch', { name: `${flag}: Delta Drilling` });
      expect(toggle).not.toBeChecked();
      expect(toggle).toBeDisabled();
      expect(screen.getByRole('combobox', { name: `Filter ${flag}` })).toBeInTheDocument();
    }
    expect(cells.getByRole('link', { name: 'Custom data' })).toHaveAttribute(
      'href',
      '/organizations?customData=4',
    );
  });

  it('edits the flags: the payload follows the contract', async () => {
    listing();
    let body: unknown = null;
    server.use(
      http.put(crm('admin/orgs/4'), async ({ request }) => {
        body = await request.json();
        return ok({ ...delta, isServiceOwnerEnabled: true });
      }),
    );
    const { user } = await renderApp(<OrganizationsPage />, { url: '/organizations', ...sysadmin });
    await user.click(await screen.findByRole('button', { name: 'Edit: Delta Drilling' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Delta Drilling' }));
    await user.click(dialog.getByRole('switch', { name: /^Service owner/ }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(body).toEqual({
        name: 'Delta Drilling',
        description: null,
        isProductOwnerEnabled: false,
        isServiceOwnerEnabled: true,
      }),
    );
  });

  it('create: a server 400 shows the error under the name, keeping the typing', async () => {
    listing();
    server.use(
      http.post(crm('admin/orgs'), () => refusal({ name: 'An organization of that name exists' })),
    );
    const { user } = await renderApp(<OrganizationsPage />, { url: '/organizations', ...sysadmin });
    await screen.findByRole('cell', { name: 'Delta Drilling' });
    await user.click(screen.getByRole('button', { name: 'New organization' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New organization' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Delta Drilling');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('An organization of that name exists')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Delta Drilling');
  });

  it('shows the custom data records of the organisation chosen', async () => {
    listing();
    server.use(
      http.get(crm('orgs/4/custom-data'), () =>
        ok([{ id: 9, name: 'Welcome', description: null, executionPriority: 2, data: '{}' }]),
      ),
    );
    await renderApp(<OrganizationsPage />, { url: '/organizations?customData=4', ...sysadmin });
    expect(
      await screen.findByRole('heading', { name: 'Custom data of Delta Drilling' }),
    ).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit: Welcome' })).toBeInTheDocument();
  });
});
