import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlastLink } from '@/contract/data/links';
import type { BlastShare } from '@/contract/data/shared-blasts';
import BlastDetailsPage from '@/site/features/blasts/details-route';
import BlastLinkAnonPage from '@/site/features/blasts/link-anon-route';
import { renderApp, renderPortal } from '../../../render';
import { server } from '../../../msw/server';
import { borealis, createBlast, createLink, createPlan } from '../../../factories/data';
import { data, ok } from '../../../msw/envelope';
import { blastHandlers } from '../../../msw/handlers/blasts';
import type * as BlastFiles from '@/site/entities/blasts/files';
import { downloadBlastFile } from '@/site/entities/blasts/files';

// The file itself is read through the API client (its own tests); here, what starts it.
vi.mock('@/site/entities/blasts/files', async (importOriginal) => ({
  ...(await importOriginal<typeof BlastFiles>()),
  downloadBlastFile: vi.fn(() => Promise.resolve()),
}));

const blastUrl = data('orgs/2/sites/1/blasts/1');

/** North Pit 0001 of Borealis' North Pit, with its links as the test changes them. */
const blastDetails = (links: () => readonly BlastLink[]) =>
  blastHandlers.details(createBlast(), { plan: createPlan(3), links });

describe('Blast Details: links', () => {
  it('revokes a live link after confirmation', async () => {
    const link = createLink();
    let revoked = false;
    server.use(
      ...blastDetails(() => [
        revoked ? { ...link, isRevoked: true, revokedAt: '2025-02-01T10:00:00.000Z' } : link,
      ]),
      http.delete(`${blastUrl}/links/${link.id}`, () => {
        revoked = true;
        return ok({ ...link, isRevoked: true, revokedAt: '2025-02-01T10:00:00.000Z' });
      }),
    );
    const { user } = await renderApp(<BlastDetailsPage />, {
      portal: 'site',
      url: '/site/1/blast/1',
      path: '/site/:siteId/blast/:blastId',
      org: borealis(),
    });
    const links = within(await screen.findByRole('region', { name: 'Links' }));
    expect(await links.findByRole('cell', { name: 'Live' })).toBeInTheDocument();
    expect(links.getByRole('link', { name: /blast-link-anon/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/blast-link-anon/${link.id}`,
    );
    await user.click(links.getByRole('button', { name: /^Revoke link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    expect(await links.findByRole('cell', { name: 'Revoked' })).toBeInTheDocument();
    expect(links.queryByRole('button', { name: /^Revoke link/ })).toBeNull();
    expect(links.queryByRole('button', { name: /^Copy link/ })).toBeNull();
    // A revoked link's address is no longer a link.
    expect(links.queryByRole('link', { name: /blast-link-anon/ })).toBeNull();
    expect(revoked).toBe(true);
  });

  it('lists the links in the data table: the true total past 1,000, and Copy copies the address', async () => {
    const many = Array.from({ length: 1200 }, (_, i) =>
      createLink({
        id: `link-${String(i + 1).padStart(4, '0')}`,
        seq: i + 1,
        isAnonymous: i % 2 === 0,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      }),
    ).reverse(); // newest first, as the server answers
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(`${blastUrl}/links/list`, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
      ...blastDetails(() => many),
    );
    const writeText = vi.fn(() => Promise.resolve());
    const { user } = await renderApp(<BlastDetailsPage />, {
      portal: 'site',
      url: '/site/1/blast/1',
      path: '/site/:siteId/blast/:blastId',
      org: borealis(),
    });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const links = within(await screen.findByRole('region', { name: 'Links' }));
    expect(await links.findByPlaceholderText('Search 1,200 records...')).toBeInTheDocument();
    expect(links.getByText(/Showing 1–20 of 1,200/)).toBeInTheDocument();
    expect(bodies.length).toBeGreaterThan(0);
    // The list endpoint's pages: past the first 1,000 (SPEC §7 re-post), nothing cut.
    expect(bodies.map((b) => b['skip'])).toContain(1000);
    // The newest (link-1200, sign-in) first; Copy is the row's own action: no dialog opens.
    const newest = links
      .getAllByRole('row')
      .find((row) => within(row).queryByRole('link', { name: /link-1200$/ }));
    if (!newest) throw new Error('no row of link-1200');
    await user.click(within(newest).getByRole('button', { name: /^Copy link/ }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/blast-link/link-1200`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the file's address downloads the file (as its button does), not the API's answer as a page", async () => {
    server.use(...blastDetails(() => []));
    const { user } = await renderApp(<BlastDetailsPage />, {
      portal: 'site',
      url: '/site/1/blast/1',
      path: '/site/:siteId/blast/:blastId',
      org: borealis(),
    });
    const address = await screen.findByTestId('blast-address');
    expect(address).toHaveAttribute('href', `${blastUrl}/file`);
    const opened = new MouseEvent('click', { bubbles: true, cancelable: true });
    address.dispatchEvent(opened);
    expect(opened.defaultPrevented).toBe(true);
    const fromAddress = { isAnonymous: false };
    await waitFor(() =>
      expect(downloadBlastFile).toHaveBeenCalledWith(
        'orgs/2/sites/1/blasts/1/file',
        'North_Pit_0001.blst',
        fromAddress,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download North_Pit_0001.blst' }));
    expect(vi.mocked(downloadBlastFile).mock.calls).toEqual([
      ['orgs/2/sites/1/blasts/1/file', 'North_Pit_0001.blst', fromAddress],
      ['orgs/2/sites/1/blasts/1/file', 'North_Pit_0001.blst', fromAddress],
    ]);
  });

  it('lists the shares in the data table: paged, with the true total, Unshare after confirmation', async () => {
    const shares: BlastShare[] = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      blastId: 1,
      sharedBy: null,
      sharedAt: `2025-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
      target: { kind: 'user', email: `person${String(i + 1).padStart(2, '0')}@example.com` },
    }));
    let unshared: string | null = null;
    server.use(
      ...blastHandlers.details(createBlast(), { plan: createPlan(3), shares }),
      http.delete(data('shared-blasts/shares/25'), ({ request }) => {
        unshared = new URL(request.url).pathname;
        return ok({ id: 25 });
      }),
    );
    const { user } = await renderApp(<BlastDetailsPage />, {
      portal: 'site',
      url: '/site/1/blast/1',
      path: '/site/:siteId/blast/:blastId',
      org: borealis(),
    });
    const table = within(await screen.findByRole('region', { name: 'Shared with' }));
    // Newest first, one page of 20, the true total.
    expect(await table.findByText('person25@example.com')).toBeInTheDocument();
    expect(table.getByText(/Showing 1–20 of 25/)).toBeInTheDocument();
    expect(table.getByPlaceholderText('Search 25 records...')).toBeInTheDocument();
    expect(table.queryByText('person05@example.com')).toBeNull();
    await user.click(table.getByRole('button', { name: 'Page 2' }));
    expect(await table.findByText('person05@example.com')).toBeInTheDocument();
    await user.click(table.getByRole('button', { name: 'Page 1' }));
    await user.click(
      await table.findByRole('button', { name: 'Stop sharing with: person25@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop sharing' });
    expect(within(dialog).getByText(/Stop sharing North Pit 0001 with/)).toHaveTextContent(
      'person25@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Unshare' }));
    await waitFor(() => expect(unshared).not.toBeNull());
  });

  it('counts every share past 1,000 from the paged list endpoint', async () => {
    const shares: BlastShare[] = Array.from({ length: 1100 }, (_, i) => ({
      id: i + 1,
      blastId: 1,
      sharedBy: null,
      sharedAt: new Date(Date.UTC(2025, 0, 1) + (1100 - i) * 60_000).toISOString(),
      target: { kind: 'user', email: `person${i + 1}@example.com` },
    }));
    const skips: unknown[] = [];
    server.use(
      http.post(`${blastUrl}/shares/list`, async ({ request }) => {
        skips.push(((await request.clone().json()) as Record<string, unknown>)['skip']);
        return undefined;
      }),
      ...blastHandlers.details(createBlast(), { plan: createPlan(3), shares }),
    );
    await renderApp(<BlastDetailsPage />, {
      portal: 'site',
      url: '/site/1/blast/1',
      path: '/site/:siteId/blast/:blastId',
      org: borealis({}, { isSiteUser: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Shared with' }));
    expect(await table.findByPlaceholderText('Search 1,100 records...')).toBeInTheDocument();
    expect(table.getByText(/Showing 1–20 of 1,100/)).toBeInTheDocument();
    expect(skips).toContain(1000);
  });

  it('a site user sees who it is shared with, but no links or sharing controls', async () => {
    server.use(...blastDetails(() => []));
    await renderApp(<BlastDetailsPage />, {
      portal: 'site',
      url: '/site/1/blast/1',
      path: '/site/:siteId/blast/:blastId',
      org: borealis({}, { isSiteUser: true }),
    });
    expect(
      await screen.findByText('North Pit 0001 is not shared with anyone.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create anonymous link' })).toBeNull();
    expect(screen.queryByLabelText('User email')).toBeNull();
  });
});

describe('anonymous link page', () => {
  it('says so when the link was revoked or never existed', async () => {
    server.use(
      http.get(data('blast-links/anon/gone-link-123'), () =>
        HttpResponse.json(
          { success: false, message: 'This link has been revoked or does not exist.', data: null },
          { status: 404 },
        ),
      ),
    );
    await renderApp(<BlastLinkAnonPage />, {
      portal: 'site',
      user: null,
      url: '/blast-link-anon/gone-link-123',
      path: '/blast-link-anon/:linkId',
    });
    expect(
      await screen.findByText('This link has been revoked or does not exist.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Resource not found')).toBeNull();
  });
});

describe('sign-in links', () => {
  it('give an address outside any site', async () => {
    const link = createLink({ id: 'signin-link-42', isAnonymous: false });
    server.use(...blastDetails(() => [link]));
    await renderApp(<BlastDetailsPage />, {
      portal: 'site',
      url: '/site/1/blast/1',
      path: '/site/:siteId/blast/:blastId',
      org: borealis(),
    });
    const links = within(await screen.findByRole('region', { name: 'Links' }));
    expect(await links.findByRole('link', { name: /signin-link-42$/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/blast-link/signin-link-42`,
    );
  });

  const acmeOnly = [{ org: { id: 1, name: 'Acme Mining', sites: [] } }];
  const view = {
    linkId: 'signin-link-42',
    isAnonymous: false,
    orgId: 2,
    orgName: 'Borealis Quarries',
    siteId: 1,
    siteName: 'North Pit',
    // The server says a sysadmin may read the site; this portal still cannot open it for them.
    canOpenSite: true,
    blast: createBlast(),
    plan: createPlan(3),
    downloadPath: 'blast-links/signin-link-42/file',
  };

  it('open for a signed-in user of another organisation, without the site', async () => {
    server.use(http.get(data('blast-links/signin-link-42'), () => ok(view)));
    await renderPortal('site', { url: '/blast-link/signin-link-42', org: acmeOnly });
    expect(
      await screen.findByRole('heading', { name: 'Shared Blast: North Pit 0001' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Shared from North Pit, Borealis Quarries\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in its site' })).toBeNull();
  });

  it('offer the site to its own users, under its organisation', async () => {
    server.use(http.get(data('blast-links/signin-link-42'), () => ok(view)));
    await renderPortal('site', {
      url: '/blast-link/signin-link-42',
      org: [...acmeOnly, borealis()],
    });
    expect(await screen.findByRole('link', { name: 'Open in its site' })).toHaveAttribute(
      'href',
      '/org/2/site/1/blast/1',
    );
  });

  it('say so once revoked', async () => {
    server.use(
      http.get(data('blast-links/signin-link-42'), () =>
        HttpResponse.json(
          { success: false, message: 'This link has been revoked or does not exist.', data: null },
          { status: 404 },
        ),
      ),
    );
    await renderPortal('site', { url: '/blast-link/signin-link-42', org: acmeOnly });
    expect(
      await screen.findByText('This link has been revoked or does not exist.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Link not available' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Blasts Shared' }),
    ).toHaveAttribute('href', '/blasts-shared');
  });
});
