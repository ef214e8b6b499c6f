import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { FormEngine } from '@/core/forms';
import { LEAVE_UNSAVED } from '@/core/ui/leave-guard';
import type { MembershipOverrides } from '../../factories/metadata';
import { renderPortal } from '../../render';

// Acme Mining: org admin (offerings, users, licences, customer subs…). Borealis: subscription
// manager (users, licences, software; no offerings). Cobalt: business manager (offerings).
const orgs: MembershipOverrides[] = [
  { org: { id: 1, name: 'Acme Mining' }, permissions: { isOrgAdmin: true } },
  { org: { id: 2, name: 'Borealis Quarries' }, permissions: { isSubManager: true } },
  { org: { id: 3, name: 'Cobalt Works' }, permissions: { isBusinessManager: true } },
];

const NO_ACCESS = 'You do not have access to this page';
const switcher = () => screen.getByRole('combobox', { name: 'Organization' });

describe('switching organisation lands on a screen the new organisation allows (SPEC §2/§4/§6)', () => {
  it('stays on the same screen (and its query) when the new organisation allows it', async () => {
    const { user, location } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/users?page=2',
      org: orgs,
    });
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(`${location().pathname}${location().search}`).toBe('/users?page=2');
  });

  it("goes to the new organisation's dashboard from a screen it does not allow", async () => {
    const { user, location } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/offerings',
      org: orgs,
    });
    expect(screen.getByRole('heading', { name: 'Offerings' })).toBeInTheDocument();
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: NO_ACCESS })).not.toBeInTheDocument();
  });

  it('keeps an /org/{orgId} prefix in step when it lands on the dashboard', async () => {
    const { user, location } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/org/1/issued-licences',
      org: orgs,
    });
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/org/2/dashboard');
    expect(switcher()).toHaveDisplayValue('Borealis Quarries');
  });

  it("leaves a record of the old organisation for that entity's list in the new one", async () => {
    const { user, location } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/offerings/product/12',
      org: orgs,
    });
    expect(screen.getByRole('heading', { name: 'Product Details' })).toBeInTheDocument();
    await user.selectOptions(switcher(), 'Cobalt Works');
    expect(await screen.findByRole('heading', { name: 'Offerings' })).toBeInTheDocument();
    expect(location().pathname).toBe('/offerings');
  });

  it("leaves a record for the dashboard when the new organisation may not open the entity's list", async () => {
    const { user, location } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/org/1/issued-subscriptions/4',
      org: orgs,
    });
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/org/2/dashboard');
    expect(screen.queryByRole('heading', { name: NO_ACCESS })).not.toBeInTheDocument();
  });

  it('site portal: a record of a shared blast goes to Blasts Shared in the new organisation', async () => {
    const { user, location } = await renderPortal('site', {
      pages: 'placeholders',
      url: '/blasts-shared/5',
      org: orgs,
    });
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(await screen.findByRole('heading', { name: 'Blasts Shared' })).toBeInTheDocument();
    expect(location().pathname).toBe('/blasts-shared');
  });

  it('site portal: Site Admin, which the new organisation refuses, gives way to its dashboard', async () => {
    const { user, location } = await renderPortal('site', {
      pages: 'placeholders',
      url: '/sites',
      org: orgs,
    });
    expect(screen.getByRole('heading', { name: 'Site Admin' })).toBeInTheDocument();
    await user.selectOptions(switcher(), 'Cobalt Works');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
  });

  it('site portal: a blast of a site the new organisation shares goes to that site’s Blasts', async () => {
    const shared = { id: 11, permissions: { isSiteUser: true } };
    const { user, location } = await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/11/blast/7',
      org: [
        { org: { id: 1, name: 'Acme Mining', sites: [shared] } },
        { org: { id: 2, name: 'Borealis Quarries', sites: [shared] } },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Blast Details' })).toBeInTheDocument();
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(await screen.findByRole('heading', { name: 'Blasts' })).toBeInTheDocument();
    expect(location().pathname).toBe('/site/11/blasts');
  });
});

/** The Users screen as a page with a form (its name field starts as 'Anvil'). */
function UsersFormPage() {
  return (
    <>
      <h1>Users</h1>
      <FormEngine
        settings={{ rows: [[{ field: 'name', type: 'string', title: 'Name' }]] }}
        defaultValues={{ name: 'Anvil' }}
        onSubmit={vi.fn()}
      />
    </>
  );
}

describe('switching organisation or signing out asks before unsaved changes are lost (issue 17)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const renderForm = (url: string) =>
    renderPortal('org', {
      pages: 'placeholders',
      withPages: { users: UsersFormPage },
      url,
      org: orgs,
    });

  it('a switch that stays on the screen asks: declined, the organisation and the typing stay', async () => {
    const { user, location } = await renderForm('/org/1/users');
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = vi.spyOn(window, 'confirm').mockReturnValue(false);

    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(switcher()).toHaveDisplayValue('Acme Mining');
    expect(location().pathname).toBe('/org/1/users');
    expect(screen.getByLabelText('Name')).toHaveValue('Anvil 2');

    asked.mockReturnValue(true);
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(location().pathname).toBe('/org/2/users');
    expect(switcher()).toHaveDisplayValue('Borealis Quarries');
  });

  it('a switch without unsaved changes asks nothing', async () => {
    const { user } = await renderForm('/users');
    const asked = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.selectOptions(switcher(), 'Borealis Quarries');
    expect(switcher()).toHaveDisplayValue('Borealis Quarries');
    expect(asked).not.toHaveBeenCalled();
  });

  it('Sign out asks: declined, the user stays signed in with the typing', async () => {
    const { user, redirects } = await renderForm('/users');
    await user.type(screen.getByLabelText('Name'), ' 2');
    const asked = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(redirects.signOut).toHaveLength(0);
    expect(screen.getByLabelText('Name')).toHaveValue('Anvil 2');
  });
});
