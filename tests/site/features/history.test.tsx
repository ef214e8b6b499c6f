import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { NodeLibrary } from '@/contract/data/node-libraries';
import BlastDetailsPage from '@/site/features/blasts/details-route';
import NodeLibraryPage from '@/site/features/node-libraries/details-route';
import { renderApp } from '../../render';
import { server } from '../../msw/server';
import { borealis, createBlast, createPlan } from '../../factories/data';
import { data, ok } from '../../msw/envelope';
import { blastHandlers } from '../../msw/handlers/blasts';
import { auditHandlers, northPitEvent } from '../../msw/handlers/audit';

/** History on the site portal's details screens (issue 18): the record's events, newest first. */
const blastEvents = [
  northPitEvent({ id: 9 }),
  northPitEvent({
    id: 8,
    action: 'share',
    changes: { 'share 5: email': { before: null, after: 'guest@example.com' } },
  }),
  northPitEvent({ id: 7, recordId: '2', recordName: 'North Pit 0002' }),
];

const blastPage = (org: ReturnType<typeof borealis>) =>
  renderApp(<BlastDetailsPage />, {
    portal: 'site',
    url: '/site/1/blast/1',
    path: '/site/:siteId/blast/:blastId',
    org,
  });

describe('History on Blast Details', () => {
  it("shows a site admin the blast's own events, newest first, with their changes", async () => {
    const seen: unknown[] = [];
    server.use(
      ...blastHandlers.details(createBlast(), { plan: createPlan(3), history: blastEvents, seen }),
    );
    const { user } = await blastPage(borealis());
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(await history.findByRole('cell', { name: 'share' })).toBeInTheDocument();
    // Newest first.
    expect(
      history.getAllByRole('cell', { name: /^(update|share)$/ }).map((c) => c.textContent),
    ).toEqual(['update', 'share']);
    expect(history.queryByRole('cell', { name: 'North Pit 0002' })).not.toBeInTheDocument();
    expect(seen).toContainEqual(expect.objectContaining({ record: { type: 'blast', id: '1' } }));
    const update = history.getByRole('cell', { name: 'update' }).closest('tr') as HTMLElement;
    await user.click(within(update).getByRole('button', { name: /^Show the changes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'update: North Pit 0001' });
    expect(
      within(dialog).getByRole('row', { name: /^description Bench 3 Bench 4$/ }),
    ).toBeInTheDocument();
  });

  it('is not shown to a plain site user, and nothing of the trail is asked for', async () => {
    const seen: unknown[] = [];
    server.use(
      ...blastHandlers.details(createBlast(), { plan: createPlan(3), history: blastEvents, seen }),
    );
    await blastPage(borealis({}, { isSiteUser: true }));
    expect(
      await screen.findByRole('heading', { name: 'Blast Details: North Pit 0001', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});

const library = (overrides: Partial<NodeLibrary>): NodeLibrary => ({
  id: 3,
  orgId: 2,
  siteId: 1,
  name: 'North Pit nodes',
  version: '1.0.0',
  description: null,
  nodeCount: 1,
  updatedAt: '2025-01-15T10:00:00.000Z',
  nodes: [{ name: 'N1', type: 'hole', description: null }],
  ...overrides,
});

describe('History on Node Library Details', () => {
  it("shows a site library's events from the site's Activity to its site admin", async () => {
    const seen: unknown[] = [];
    server.use(
      http.get(data('orgs/2/sites/1/node-libraries/3'), () => ok(library({}))),
      auditHandlers.siteActivity(
        [
          northPitEvent({
            id: 4,
            recordType: 'node library',
            recordId: '3',
            recordName: 'North Pit nodes',
            changes: { version: { before: '0.9.0', after: '1.0.0' } },
          }),
        ],
        2,
        1,
        seen,
      ),
    );
    await renderApp(<NodeLibraryPage />, {
      portal: 'site',
      url: '/site/1/node-libraries/3',
      path: '/site/:siteId/node-libraries/:id',
      org: borealis(),
    });
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(await history.findByRole('cell', { name: 'update' })).toBeInTheDocument();
    expect(seen).toContainEqual(
      expect.objectContaining({ record: { type: 'node library', id: '3' } }),
    );
  });

  it("reads an organisation-wide library's History from the organisation's Activity", async () => {
    const seen: unknown[] = [];
    server.use(
      http.get(data('orgs/2/node-libraries/4'), () => ok(library({ id: 4, siteId: null }))),
      auditHandlers.activity(
        [
          northPitEvent({
            siteId: null,
            id: 5,
            action: 'create',
            recordType: 'node library',
            recordId: '4',
            recordName: 'North Pit nodes',
          }),
        ],
        2,
        seen,
      ),
    );
    await renderApp(<NodeLibraryPage />, {
      portal: 'site',
      url: '/node-libraries/4',
      path: '/node-libraries/:id',
      org: borealis({ isOrgAdmin: true }, {}),
    });
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(await history.findByRole('cell', { name: 'create' })).toBeInTheDocument();
    expect(seen).toContainEqual(
      expect.objectContaining({ record: { type: 'node library', id: '4' } }),
    );
  });

  it('is not shown to a site user', async () => {
    server.use(http.get(data('orgs/2/sites/1/node-libraries/3'), () => ok(library({}))));
    await renderApp(<NodeLibraryPage />, {
      portal: 'site',
      url: '/site/1/node-libraries/3',
      path: '/site/:siteId/node-libraries/:id',
      org: borealis({}, { isSiteUser: true }),
    });
    expect(await screen.findByRole('heading', { name: /North Pit nodes/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
  });
});
