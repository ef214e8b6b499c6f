import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserPermissions, OrgPermissions } from '@/contract/metadata';
import { config } from '@/core/config';
import { readStored, storageKeys } from '@/core/storage';
import { NOT_FOUND_TEXT } from '@/core/ui/screens';
import { renderPortal } from '../../render';

const supportOrgId = config.supportOrgIds[0] ?? 1;

function sidebarLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

function sidebarHeadings(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('heading')
    .map((h) => h.textContent ?? '');
}

describe('organisation portal sidebar (SPEC §2)', () => {
  const cases: [string, Partial<UserPermissions>, Partial<OrgPermissions>, number, string[]][] = [
    [
      'org admin',
      { isOrgAdmin: true },
      {},
      999,
      [
        'Dashboard',
        'Customer Subs',
        'Issued Licences',
        'Offerings',
        'Users',
        'Licences',
        'Software',
        'Activity',
      ],
    ],
    [
      'sysadmin only',
      { isSysadmin: true },
      {},
      999,
      ['Dashboard', 'All Users', 'Organizations', 'Audit log'],
    ],
    ['developer', { isDeveloper: true }, {}, 999, ['Dashboard', 'Offerings', 'Users', 'Licences']],
    [
      'sub manager',
      { isSubManager: true },
      {},
      999,
      ['Dashboard', 'Users', 'Licences', 'Software'],
    ],
    [
      'business manager',
      { isBusinessManager: true },
      {},
      999,
      ['Dashboard', 'Customer Subs', 'Issued Licences', 'Offerings'],
    ],
    ['tech support', { isTechSupport: true }, {}, 999, ['Dashboard', 'Offerings']],
    [
      'no flags, product-owner organization',
      {},
      { isProductOwnerEnabled: true },
      999,
      ['Dashboard', 'Customer Subs', 'Issued Licences', 'Offerings'],
    ],
    [
      'no flags, service-owner organization',
      {},
      { isServiceOwnerEnabled: true },
      999,
      ['Dashboard', 'Customer Subs', 'Offerings'],
    ],
    ['no flags', {}, {}, 999, ['Dashboard']],
    ['no flags, support organization', {}, {}, supportOrgId, ['Dashboard', 'Support']],
    [
      'org owner (Edit Organization is in the user menu)',
      { isOrgOwner: true },
      {},
      999,
      ['Dashboard', 'Activity'],
    ],
  ];

  it.each(cases)(
    '%s sees exactly its links',
    async (_label, permissions, orgPermissions, orgId, links) => {
      await renderPortal('org', {
        pages: 'placeholders',
        url: '/dashboard',
        org: { org: { id: orgId, name: 'Test Org', permissions: orgPermissions }, permissions },
      });
      expect(sidebarLinks()).toEqual(links);
    },
  );

  it('groups the links under the SPEC headings', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/dashboard',
      org: { org: { id: supportOrgId }, permissions: { isOrgAdmin: true, isSysadmin: true } },
    });
    expect(sidebarHeadings()).toEqual(['Personal', 'Sysadmin', 'Business', 'My Org', 'Help']);
  });
});

describe('organisation portal shell', () => {
  it('has the landmarks, skip link, portal name and environment tag', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/users',
    });
    expect(screen.getByRole('banner')).toHaveTextContent('Organization Portal');
    expect(screen.getByRole('banner')).toHaveTextContent(config.environment);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(document.title).toBe('Users - Organization Portal');
  });

  it('shows the user menu with profile, organisation editing for owners, and sign out', async () => {
    const { user, redirects } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/dashboard',
      permissions: { isOrgOwner: true },
      user: { givenName: 'Grace', familyName: 'Hopper', email: 'Grace@Example.com' },
    });
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    expect(screen.getByText('Grace Hopper <grace@example.com>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/Account/Profile',
    );
    await user.click(screen.getByRole('link', { name: 'Edit Organization' }));
    expect(await screen.findByRole('heading', { name: 'Edit Organization' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(redirects.signOut).toHaveLength(1);
  });

  it('hides Edit Organization from non-owners', async () => {
    const { user } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/dashboard',
      permissions: { isOrgAdmin: true },
    });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    expect(screen.queryByRole('link', { name: 'Edit Organization' })).not.toBeInTheDocument();
  });

  it('switches organisation with the keyboard-operable, labelled switcher', async () => {
    const { user } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/users',
      org: [
        { org: { id: 1, name: 'Acme Mining' }, permissions: { isOrgAdmin: true } },
        { org: { id: 2, name: 'Borealis Quarries' }, permissions: { isSubManager: true } },
      ],
    });
    const switcher = screen.getByRole('combobox', { name: 'Organization' });
    expect(switcher).toHaveDisplayValue('Acme Mining');
    expect(sidebarLinks()).toContain('Issued Licences');
    switcher.focus();
    await user.selectOptions(switcher, 'Borealis Quarries');
    expect(switcher).toHaveDisplayValue('Borealis Quarries');
    expect(readStored(storageKeys.org)).toBe(2);
    expect(readStored(storageKeys.userOrgs)).toEqual([2, 1]);
    expect(sidebarLinks()).not.toContain('Issued Licences');
  });

  it('/org/{orgId}/users selects that organisation; switching keeps the prefix in step', async () => {
    const { user, location } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/org/2/users',
      org: [
        { org: { id: 1, name: 'Acme Mining' }, permissions: { isOrgAdmin: true } },
        { org: { id: 2, name: 'Borealis Quarries' }, permissions: { isSubManager: true } },
      ],
    });
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveDisplayValue(
      'Borealis Quarries',
    );
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Organization' }), 'Acme Mining');
    expect(location().pathname).toBe('/org/1/users');
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveDisplayValue(
      'Acme Mining',
    );
  });

  it('every route works with the prefix too', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/org/1/offerings/product/7',
    });
    expect(screen.getByRole('heading', { name: 'Product Details' })).toBeInTheDocument();
  });

  it('an /org/{orgId} of none of the user organisations shows not found', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/org/999/users',
    });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('an unknown path shows the not-found screen with the SPEC text', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/no/such/page',
    });
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});

describe('organisation portal when signed out', () => {
  it('shows the landing page with Sign in and Register', async () => {
    const { user, redirects } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/',
      user: null,
    });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Organization Portal' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Welcome - Organization Portal');
    await user.click(within(main).getByRole('button', { name: 'Register' }));
    expect(redirects.signIn).toEqual([{ extraQueryParams: { register: 'true' } }]);
    // The page is leaving for the identity provider: a loader, still inside main.
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('signs in from the landing page', async () => {
    const { user, redirects } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/',
      user: null,
    });
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));
    expect(redirects.signIn).toEqual([undefined]);
  });

  it('starts sign-in on a protected deep link, keeping a main landmark and saving the path', async () => {
    const { redirects } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/offerings/product/7',
      user: null,
    });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(redirects.signIn).toHaveLength(1);
    expect(readStored(storageKeys.lastRoute)).toBeDefined();
  });

  it('opens anonymous routes without sign-in', async () => {
    const { redirects } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/email-preferences/a%40b.io/xyz',
      user: null,
    });
    expect(screen.getByRole('heading', { name: 'Email Preferences' })).toBeInTheDocument();
    expect(redirects.signIn).toHaveLength(0);
  });

  it('shows the landing page to signed-in users with a link to the dashboard', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/',
    });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});

describe('account routes', () => {
  it('/Account/Register starts the identity provider registration', async () => {
    const { redirects } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/Account/Register',
      user: null,
    });
    expect(redirects.signIn).toEqual([{ extraQueryParams: { register: 'true' } }]);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('/Account/Login starts sign-in; a signed-in user goes to the dashboard', async () => {
    const signedOut = await renderPortal('org', {
      pages: 'placeholders',
      url: '/Account/Login',
      user: null,
    });
    expect(signedOut.redirects.signIn).toHaveLength(1);
    signedOut.unmount();
    const signedIn = await renderPortal('org', {
      pages: 'placeholders',
      url: '/Account/Login',
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // The location probe follows the replace after the page has rendered: wait for it.
    await waitFor(() => expect(signedIn.location().pathname).toBe('/dashboard'));
  });
});
