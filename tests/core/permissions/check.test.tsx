import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  applyMockPermissions,
  grantsFor,
  CanAccess,
  canAccess,
  hasAccess,
  useCanAccess,
  type GrantsScope,
  type PermissionGrants,
  type PermissionRequirement,
} from '@/core/permissions';
import { requirements } from '@/core/routes';
import { readStored, storageKeys } from '@/core/storage';
import { orgFlags, userFlags } from '../../factories/metadata';
import { renderApp, renderPortal } from '../../render';

const none: PermissionGrants = { user: {}, org: {}, site: {} };

describe('canAccess (SPEC §6)', () => {
  it('is open to all without flags', () => {
    expect(canAccess(undefined, none)).toBe(true);
    expect(canAccess({}, none)).toBe(true);
    expect(canAccess({ user: [], org: [] }, none)).toBe(true);
  });

  it('is an OR across user, org and site flags', () => {
    const req: PermissionRequirement = {
      user: ['isOrgAdmin'],
      org: ['isProductOwnerEnabled'],
      site: ['isSiteUser'],
    };
    expect(canAccess(req, none)).toBe(false);
    expect(canAccess(req, { ...none, user: { isOrgAdmin: true } })).toBe(true);
    expect(canAccess(req, { ...none, org: { isProductOwnerEnabled: true } })).toBe(true);
    expect(canAccess(req, { ...none, site: { isSiteUser: true } })).toBe(true);
    expect(canAccess(req, { ...none, user: { isOrgAdmin: false, isDeveloper: true } })).toBe(false);
  });

  it('limits an organisation-scoped requirement to its organisations', () => {
    expect(canAccess({ orgIds: [1, 2, 3] }, { ...none, orgId: 2 })).toBe(true);
    expect(canAccess({ orgIds: [1, 2, 3] }, { ...none, orgId: 4 })).toBe(false);
    expect(canAccess({ orgIds: [1, 2, 3] }, none)).toBe(false);
  });

  it('reads an action by its name from the permission table', () => {
    // 'offerings.write': org admins, business managers and sysadmins.
    expect(hasAccess('offerings.write', { ...none, user: { isOrgAdmin: true } })).toBe(true);
    expect(hasAccess('offerings.write', { ...none, user: { isTechSupport: true } })).toBe(false);
  });

  it('is the same function as hasAccess', () => {
    expect(canAccess).toBe(hasAccess);
  });
});

describe('mock_permissions (SPEC §6)', () => {
  const real: PermissionGrants = {
    user: { isOrgAdmin: true },
    org: { isOrgAdmin: true },
    site: {},
    orgId: 1,
  };

  it('replaces the flags it names when enabled', () => {
    const grants = applyMockPermissions(
      real,
      { isOrgAdmin: false, isSysadmin: true, isSiteUser: true },
      true,
    );
    expect(grants.user).toMatchObject({ isOrgAdmin: false, isSysadmin: true, isSiteUser: true });
    expect(grants.org).toMatchObject({ isOrgAdmin: false });
    expect(grants.site).toMatchObject({ isSiteUser: true });
    expect(canAccess(requirements.sysadmin, grants)).toBe(true);
    expect(canAccess(requirements.siteAdmin, grants)).toBe(false);
  });

  const scopeOf = (flags: { user?: boolean; org?: boolean }): GrantsScope => ({
    org: {
      id: 1,
      name: 'Acme Mining',
      description: null,
      avatar_Base64: null,
      customData: {},
      sites: [],
      permissions: { ...orgFlags({ isOrgAdmin: true }), isDeveloper: flags.org ?? false },
    },
    userPermissions: { ...userFlags({ isOrgAdmin: true }), isDeveloper: flags.user ?? false },
    site: null,
  });

  it('is honoured only for a developer of the selected organisation, and only when the build enables it', () => {
    const mock = { isSysadmin: true };
    // A developer (by the membership's flags or the organisation's): the override counts.
    expect(canAccess(requirements.sysadmin, grantsFor(scopeOf({ user: true }), mock, true))).toBe(
      true,
    );
    expect(canAccess(requirements.sysadmin, grantsFor(scopeOf({ org: true }), mock, true))).toBe(
      true,
    );
    // Not a developer here: the real flags, whatever is stored.
    expect(canAccess(requirements.sysadmin, grantsFor(scopeOf({}), mock, true))).toBe(false);
    // A developer, but the environment does not enable it (portal-prod): the real flags.
    expect(canAccess(requirements.sysadmin, grantsFor(scopeOf({ user: true }), mock, false))).toBe(
      false,
    );
    // An override cannot make its own user a developer.
    expect(
      canAccess(
        requirements.sysadmin,
        grantsFor(scopeOf({}), { ...mock, isDeveloper: true }, true),
      ),
    ).toBe(false);
  });

  it('keeps the real flags it does not name, and the organisation a requirement is limited to', () => {
    const grants = applyMockPermissions(real, { isSysadmin: true }, true);
    // The org admin stays an org admin: the override adds sysadmin, nothing else moves.
    expect(grants.user).toMatchObject({ isOrgAdmin: true, isSysadmin: true });
    expect(grants.org).toMatchObject({ isOrgAdmin: true });
    expect(canAccess({ org: ['isOrgAdmin'], orgIds: [1] }, grants)).toBe(true);
    expect(canAccess({ org: ['isOrgAdmin'], orgIds: [2] }, grants)).toBe(false);
  });

  it('honours only true and false: any other stored value leaves the real flag', () => {
    const stored = JSON.parse('{"isSysadmin": "yes", "isOrgAdmin": 0}') as Record<string, boolean>;
    const grants = applyMockPermissions(real, stored, true);
    expect(canAccess(requirements.sysadmin, grants)).toBe(false);
    expect(grants.user.isOrgAdmin).toBe(true);
  });

  it('grants nothing without a selected organisation, mock or not', () => {
    for (const mock of [undefined, { isSysadmin: true }]) {
      const grants = grantsFor(null, mock, true);
      expect(grants).toEqual({ user: {}, org: {}, site: {}, orgId: null });
      expect(canAccess(requirements.sysadmin, grants)).toBe(false);
    }
  });

  it('changes nothing when disabled or absent', () => {
    expect(applyMockPermissions(real, { isSysadmin: true }, false)).toBe(real);
    expect(applyMockPermissions(real, undefined, true)).toBe(real);
  });
});

function Probe({ requirement }: { requirement: PermissionRequirement }) {
  return <p>hook: {String(useCanAccess(requirement))}</p>;
}

describe('one check in three forms', () => {
  it('agrees between the hook and the component', async () => {
    await renderApp(
      <>
        <Probe requirement={requirements.sysadmin} />
        <Probe requirement={requirements.usersAndLicences} />
        <CanAccess
          requirement={requirements.sysadmin}
          fallback={<p>component: refused sysadmin</p>}
        >
          <p>component: allowed sysadmin</p>
        </CanAccess>
        <CanAccess requirement={requirements.usersAndLicences}>
          <p>component: allowed users</p>
        </CanAccess>
      </>,
      { permissions: { isDeveloper: true } },
    );
    expect(screen.getAllByText(/^hook:/).map((p) => p.textContent)).toEqual([
      'hook: false',
      'hook: true',
    ]);
    expect(screen.getByText('component: refused sysadmin')).toBeInTheDocument();
    expect(screen.getByText('component: allowed users')).toBeInTheDocument();
  });

  it("combines the selected site's flags with the user's", async () => {
    await renderApp(<Probe requirement={requirements.blasts} />, {
      portal: 'site',
      url: '/site/11/blasts',
      org: [{ org: { id: 1, sites: [{ id: 11, permissions: { isSiteUser: true } }] } }],
    });
    expect(screen.getByText('hook: true')).toBeInTheDocument();
  });
});

describe('mock_permissions in the shell', () => {
  it('opens a route the real flags refuse, shows a badge, and turns off in one click', async () => {
    const { user } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/organizations',
      permissions: { isDeveloper: true },
      mockPermissions: { isSysadmin: true },
    });
    expect(await screen.findByRole('heading', { name: 'Organizations' })).toBeInTheDocument();
    expect(screen.getByText(/Mock permissions on/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Mock permissions on/)).not.toBeInTheDocument();
    expect(readStored(storageKeys.mockPermissions)).toBeUndefined();
  });

  it('shows no badge for an empty override left in storage', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/dashboard',
      permissions: { isDeveloper: true },
      mockPermissions: {},
    });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByText(/Mock permissions on/)).not.toBeInTheDocument();
  });

  it('sets overrides from the developer panel in the user menu', async () => {
    const { user } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/dashboard',
      permissions: { isDeveloper: true },
    });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'All Users' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Mock permissions…' }));
    // Its code loads when it is opened.
    const panel = await screen.findByRole('dialog', { name: 'Mock permissions' });
    await user.selectOptions(within(panel).getByLabelText('Sysadmin'), 'On');

    expect(readStored(storageKeys.mockPermissions)).toEqual({ isSysadmin: true });
    expect(within(nav).getByRole('link', { name: 'All Users' })).toBeInTheDocument();
    expect(screen.getByText(/Mock permissions on/)).toBeInTheDocument();

    // A second override; setting one back to Real keeps the other.
    await user.selectOptions(within(panel).getByLabelText('Org admin'), 'Off');
    expect(readStored(storageKeys.mockPermissions)).toEqual({
      isSysadmin: true,
      isOrgAdmin: false,
    });
    await user.selectOptions(within(panel).getByLabelText('Org admin'), 'Real');
    expect(readStored(storageKeys.mockPermissions)).toEqual({ isSysadmin: true });

    await user.selectOptions(within(panel).getByLabelText('Sysadmin'), 'Real');
    expect(readStored(storageKeys.mockPermissions)).toBeUndefined();
    expect(within(nav).queryByRole('link', { name: 'All Users' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Mock permissions' })).not.toBeInTheDocument();
  });
});

describe('mock_permissions: developers only (SPEC §3/§6)', () => {
  it('offers no Mock permissions to a user who is not a developer of the organisation', async () => {
    const { user } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/dashboard',
      permissions: { isOrgAdmin: true },
    });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mock permissions…' })).not.toBeInTheDocument();
  });

  it('ignores an override left in storage for a user who is not a developer', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/organizations',
      permissions: { isOrgAdmin: true },
      mockPermissions: { isSysadmin: true },
    });
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Mock permissions on/)).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'All Users' })).not.toBeInTheDocument();
  });

  it('follows the selected organisation: a developer of one is not a developer of another', async () => {
    await renderPortal('org', {
      pages: 'placeholders',
      url: '/org/2/organizations',
      org: [
        { org: { id: 1, name: 'Acme Mining' }, permissions: { isDeveloper: true } },
        { org: { id: 2, name: 'Borealis' }, permissions: { isOrgAdmin: true } },
      ],
      mockPermissions: { isSysadmin: true },
    });
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Mock permissions on/)).not.toBeInTheDocument();
  });

  it('names each flag in the panel as the screens do, not by its key', async () => {
    const { user } = await renderPortal('org', {
      pages: 'placeholders',
      url: '/dashboard',
      permissions: { isDeveloper: true },
    });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Mock permissions…' }));
    const panel = await screen.findByRole('dialog', { name: 'Mock permissions' });
    const names = within(panel)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['Sysadmin', 'Org admin', 'Subscription manager', 'Product owner']),
    );
    expect(names.some((name) => name?.startsWith('is'))).toBe(false);
  });
});
