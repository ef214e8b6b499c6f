import { describe, expect, it } from 'vitest';
import { config } from '@/core/config';
import { server } from '../../msw/server';
import { siteHandlers } from '../../msw/handlers/sites';
import { screen, within } from '@testing-library/react';
import type { UserPermissions } from '@/contract/metadata';
import { readStored, storageKeys, writeStored } from '@/core/storage';
import { NOT_FOUND_TEXT } from '@/core/ui/screens';
import { renderPortal } from '../../render';
import type { MembershipOverrides } from '../../factories/metadata';

function sidebar(): { headings: string[]; links: string[] } {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return {
    headings: within(nav)
      .queryAllByRole('heading')
      .map((h) => h.textContent ?? ''),
    links: within(nav)
      .queryAllByRole('link')
      .map((a) => a.textContent ?? ''),
  };
}

const twoOrgs: MembershipOverrides[] = [
  {
    org: { id: 1, name: 'Acme Mining', sites: [{ id: 11, name: 'Acme Pit' }] },
    permissions: { isOrgAdmin: true },
  },
  {
    org: {
      id: 2,
      name: 'Borealis Quarries',
      sites: [
        { id: 12, name: 'North Face', permissions: { isSiteAdmin: true } },
        { id: 13, name: 'South Bench', permissions: { isSiteUser: true } },
      ],
    },
  },
];

describe('site portal sidebar (SPEC §2)', () => {
  const cases: [string, Partial<UserPermissions>, string[]][] = [
    [
      'sysadmin',
      { isSysadmin: true },
      ['All Sites', 'Dashboard', 'Blasts Shared', 'Node Libraries'],
    ],
    [
      'org admin',
      { isOrgAdmin: true },
      ['Site Admin', 'Dashboard', 'Blasts Shared', 'Node Libraries'],
    ],
    ['no flags', {}, ['Dashboard', 'Blasts Shared', 'Node Libraries']],
  ];
  it.each(cases)('%s sees exactly its links outside a site', async (_label, permissions, links) => {
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/dashboard',
      permissions,
    });
    expect(sidebar().links).toEqual(links);
  });

  it("inside a site, adds that site's pages the user may open (site admin)", async () => {
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/12',
      org: twoOrgs,
    });
    expect(sidebar().headings).toEqual(['Data', 'North Face']);
    expect(sidebar().links).toEqual([
      'Dashboard',
      'Blasts Shared',
      'Node Libraries',
      'Site Dashboard',
      'Blasts',
      'Users',
      'Node Libraries',
      'Activity',
    ]);
  });

  it('a site user sees Blasts but not Users', async () => {
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/13/blasts',
      org: twoOrgs,
    });
    expect(sidebar().links.slice(3)).toEqual(['Site Dashboard', 'Blasts', 'Node Libraries']);
    expect(screen.getByRole('heading', { name: 'Blasts' })).toBeInTheDocument();
  });
});

describe('site pages carry the site id (SPEC §2)', () => {
  it('opens a site of the selected organisation', async () => {
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/11/users',
      org: twoOrgs,
    });
    expect(screen.getByRole('heading', { name: 'Site Users' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveDisplayValue(
      'Acme Mining',
    );
  });

  it("switches to the site's organisation when it belongs to another of the user's", async () => {
    writeStored(storageKeys.org, 1);
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/12/users',
      org: twoOrgs,
    });
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveDisplayValue(
      'Borealis Quarries',
    );
    expect(screen.getByRole('heading', { name: 'Site Users' })).toBeInTheDocument();
    expect(readStored(storageKeys.org)).toBe(2);
  });

  it('shows not found for a site of none of the user organisations', async () => {
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/999/blasts',
      org: twoOrgs,
    });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });

  it('shows not found for a malformed site id', async () => {
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/abc',
      org: twoOrgs,
    });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('leaves the site when switching to an organisation it is not in', async () => {
    const { user, location } = await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/11/blasts',
      org: twoOrgs,
    });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Organization' }),
      'Borealis Quarries',
    );
    expect(location().pathname).toBe('/dashboard');
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveDisplayValue(
      'Borealis Quarries',
    );
  });

  it('lists every site of the user on the landing page, from one request', async () => {
    const site = (
      id: number,
      orgId: number,
      orgName: string,
      name: string,
      sub: string | null,
    ) => ({
      id,
      orgId,
      orgName,
      name,
      description: null,
      location: id === 12 ? 'Kiruna Road' : null,
      subscriptionId: sub ? 3 : null,
      subscriptionName: sub,
      subscriptionSubscriberOrgId: sub ? orgId : null,
      permissions: { isSiteAdmin: id === 12, isSiteUser: id === 13 },
      userCount: 2,
      blastCount: id === 12 ? 25 : 1,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const requests: string[] = [];
    const record = ({ request }: { request: Request }) => {
      if (request.url.startsWith(config.dataApiUrl))
        requests.push(request.url.slice(config.dataApiUrl.length));
    };
    server.events.on('request:start', record);
    server.use(
      siteHandlers.mine([
        site(11, 1, 'Acme Mining', 'Acme Pit', null),
        site(12, 2, 'Borealis Quarries', 'North Face', 'Borealis - Blast Cloud Sync'),
        site(13, 2, 'Borealis Quarries', 'South Bench', 'Borealis - Blast Cloud Sync'),
      ]),
    );
    const { user } = await renderPortal('site', {
      pages: 'placeholders',
      url: '/',
      org: twoOrgs,
    });
    const list = await screen.findByRole('list', { name: 'Your sites' });
    const north = within(list).getByRole('article', { name: 'North Face' });
    expect(north).toHaveTextContent('Borealis Quarries');
    expect(north).toHaveTextContent('Borealis - Blast Cloud Sync');
    expect(north).toHaveTextContent('25 blasts');
    expect(north).toHaveTextContent('Kiruna Road');
    expect(north).toHaveTextContent('Site admin');
    expect(within(list).getByRole('article', { name: 'Acme Pit' })).toHaveTextContent(
      'No subscription',
    );
    expect(within(list).getByRole('article', { name: 'South Bench' })).toHaveTextContent(
      'Your roleSite user',
    );
    // A site of the other organisation opens under its /org/{orgId} prefix.
    expect(within(north).getByRole('link', { name: 'North Face' })).toHaveAttribute(
      'href',
      '/org/2/site/12',
    );
    expect(requests.filter((p) => p.includes('sites'))).toEqual(['/my-sites?take=30']);
    server.events.removeListener('request:start', record);
    await user.click(within(list).getByRole('link', { name: 'Acme Pit' }));
    expect(await screen.findByRole('heading', { name: 'Site Dashboard' })).toBeInTheDocument();
  });

  it('says so when the user cannot open any site', async () => {
    server.use(siteHandlers.mine([]));
    await renderPortal('site', { pages: 'placeholders', url: '/' });
    expect(await screen.findByRole('heading', { name: 'No sites yet' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Blasts Shared' }),
    ).toHaveAttribute('href', '/blasts-shared');
  });
});

describe('site portal when signed out', () => {
  it('opens an anonymous blast link without sign-in or organisation', async () => {
    const { redirects } = await renderPortal('site', {
      pages: 'placeholders',
      url: '/blast-link-anon/5',
      user: null,
    });
    expect(screen.getByRole('heading', { name: 'Shared Blast' })).toBeInTheDocument();
    expect(redirects.signIn).toHaveLength(0);
  });

  it('starts sign-in on a site page', async () => {
    const { redirects } = await renderPortal('site', {
      pages: 'placeholders',
      url: '/site/12/blasts',
      user: null,
    });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(redirects.signIn).toHaveLength(1);
  });

  it('shows the landing page with Sign in and Register', async () => {
    await renderPortal('site', {
      pages: 'placeholders',
      url: '/',
      user: null,
    });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Site Portal' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(document.title).toBe('Sites - Site Portal');
  });
});
