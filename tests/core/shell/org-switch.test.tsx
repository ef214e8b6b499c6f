import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
