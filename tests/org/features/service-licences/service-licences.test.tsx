import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Licence } from '@/contract/crm/licences';
import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { config } from '@/core/config';
import ServiceLicencesPage from '@/org/features/service-licences/route';
import { ok } from '../../../msw/envelope';
import { licenceHandlers } from '../../../msw/handlers/licences';
import { server } from '../../../msw/server';
import { renderApp } from '../../../render';

const named = (id: number, name: string) => ({ id, name });
const licence = (id: number, assignedUser: Licence['assignedUser'] = null): Licence => ({
  id,
  subscription: named(1, 'Borealis - Blast Designer'),
  product: named(1, 'Blast Designer'),
  state: { name: 'Active' },
  seats: 1,
  expiry: '2099-01-01',
  vendorOrg: named(1, 'Acme Mining'),
  customerOrg: named(2, 'Borealis Quarries'),
  assignedUser,
  issuedAt: '2025-01-01T00:00:00.000Z',
  orgName: 'Acme Mining',
});

function detail(licences: Licence[]): SubscriptionDetail {
  return {
    id: 1,
    name: 'Borealis - Blast Designer',
    vendorOrg: named(1, 'Acme Mining'),
    subscriberOrg: named(2, 'Borealis Quarries'),
    offering: { id: 1, name: 'Blast Designer', type: 'product' },
    startDate: '2025-01-01',
    endDate: '2099-01-01',
    seatsAllowed: 5,
    seatsUsed: licences.filter((l) => l.assignedUser).length,
    includedFeatures: [named(1, 'Export')],
    isDisabled: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    orgName: 'Acme Mining',
    attachments: [],
  };
}

describe('Service Licences (/my-subscriptions/{id})', () => {
  it('assigns a free licence to a member and unassigns a held one', async () => {
    const simon = {
      id: 6,
      firstName: 'Simon',
      lastName: 'Submanager',
      email: 'submanager@example.com',
    };
    let licences = [licence(11, simon), licence(12)];
    const assigned: unknown[] = [];
    let holdMembers = false;
    let releaseMembers: (() => void) | undefined;
    const base = `${config.crmApiUrl}/orgs/1`;
    server.use(
      http.get(`${base}/my-subscriptions/1`, () =>
        HttpResponse.json({ success: true, data: detail(licences) }),
      ),
      licenceHandlers.heldList(() => licences),
      http.post(`${base}/users/list`, async () => {
        if (holdMembers) {
          holdMembers = false;
          await new Promise<void>((resolve) => (releaseMembers = resolve));
        }
        return HttpResponse.json({
          success: true,
          data: {
            results: [
              {
                ...simon,
                isOrgOwner: false,
                isOrgAdmin: false,
                isBusinessManager: false,
                isSubManager: true,
                isDeveloper: false,
                isTechSupport: false,
                status: 'Active',
                invitedAt: null,
              },
            ],
            fetchedCount: 1,
            skippedCount: 0,
            totalAvailable: 1,
            totalIsEstimate: false,
            hasMore: false,
          },
        });
      }),
      http.post(
        `${base}/my-subscriptions/1/licences/:licenceId/assign`,
        async ({ request, params }) => {
          const body = (await request.json()) as { userId: number | null };
          assigned.push({ licenceId: Number(params.licenceId), ...body });
          licences = licences.map((l) =>
            l.id === Number(params.licenceId)
              ? { ...l, assignedUser: body.userId ? simon : null }
              : l,
          );
          return HttpResponse.json({
            success: true,
            data: licences.find((l) => l.id === Number(params.licenceId)),
          });
        },
      ),
    );
    const { user } = await renderApp(<ServiceLicencesPage />, {
      url: '/my-subscriptions/1',
      path: '/my-subscriptions/:id',
      permissions: { isSubManager: true },
    });
    expect(await screen.findByText('1 / 5 (4 free)')).toBeInTheDocument();
    expect(screen.getByText('Seats used / allowed', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Software' })).toHaveAttribute(
      'href',
      '/my-subscriptions',
    );

    const free = screen.getAllByRole('row').find((r) => within(r).queryByText('12'));
    if (!free) throw new Error('no row 12');
    expect(within(free).queryByRole('button', { name: /^Unassign user/ })).not.toBeInTheDocument();
    // The active members are searched on the server; Assign waits for the first page, whose
    // first member is the default choice (held here until the dialog has been seen).
    holdMembers = true;
    await user.click(within(free).getByRole('button', { name: /^Assign user/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Blast Designer' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await waitFor(() => expect(releaseMembers).toBeTypeOf('function'));
    releaseMembers?.();
    await waitFor(() => expect(assign).toBeEnabled());
    await user.click(assign);
    await waitFor(() => expect(assigned).toEqual([{ licenceId: 12, userId: 6 }]));
    expect(await screen.findByText('2 / 5 (3 free)')).toBeInTheDocument();

    const held = screen.getAllByRole('row').find((r) => within(r).queryByText('11'));
    if (!held) throw new Error('no row 11');
    await user.click(within(held).getByRole('button', { name: /^Unassign user/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unassign licence' })).getByRole('button', {
        name: 'Unassign',
      }),
    );
    await waitFor(() => expect(assigned).toHaveLength(2));
    expect(assigned[1]).toEqual({ licenceId: 11, userId: null });
  });

  it('lists the subscription’s licences from the list endpoint, the true total past 1,000', async () => {
    const bodies: Record<string, unknown>[] = [];
    const own = Array.from({ length: 1200 }, (_, i) => licence(i + 1));
    const other = { ...licence(9001), subscription: named(2, 'Other subscription') };
    server.use(
      http.get(`${config.crmApiUrl}/orgs/1/my-subscriptions/1`, () => ok(detail([]))),
      http.post(`${config.crmApiUrl}/orgs/1/licences/list`, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
      licenceHandlers.heldList([...own, other]),
    );
    await renderApp(<ServiceLicencesPage />, {
      url: '/my-subscriptions/1',
      path: '/my-subscriptions/:id',
      permissions: { isSubManager: true },
    });
    const table = within(await screen.findByRole('region', { name: 'Service Licences' }));
    expect(await table.findByPlaceholderText('Search 1,200 records...')).toBeInTheDocument();
    expect(table.getByText(/Showing 1–20 of 1,200/)).toBeInTheDocument();
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toMatchObject({ subscriptionId: 1 });
  });

  it('lists the vendor’s attachments in the data table: paged, searched, downloaded', async () => {
    const files = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      fileName: `terms-${String(i + 1).padStart(2, '0')}.pdf`,
      size: 100,
    }));
    const asked: string[] = [];
    server.use(
      http.get(`${config.crmApiUrl}/orgs/1/my-subscriptions/1`, () =>
        ok({ ...detail([]), attachments: files }),
      ),
      licenceHandlers.heldList([]),
      http.get(
        `${config.crmApiUrl}/orgs/1/my-subscriptions/1/attachments/:attachmentId`,
        ({ params }) => {
          asked.push(String(params.attachmentId));
          return HttpResponse.json(
            { success: false, message: 'Attachment not found' },
            { status: 404 },
          );
        },
      ),
    );
    const { user } = await renderApp(<ServiceLicencesPage />, {
      url: '/my-subscriptions/1',
      path: '/my-subscriptions/:id',
      permissions: { isSubManager: true },
    });
    const table = within(await screen.findByRole('region', { name: 'Attachments' }));
    expect(table.getByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(table.queryByText('terms-25.pdf')).not.toBeInTheDocument();
    await user.type(table.getByPlaceholderText('Search 25 records...'), 'terms-25');
    await user.click(await table.findByRole('button', { name: 'Download terms-25.pdf' }));
    await waitFor(() => expect(asked).toEqual(['25']));
  });

  it('shows the not-found screen for a subscription that is not the organisation’s', async () => {
    server.use(
      http.get(`${config.crmApiUrl}/orgs/1/my-subscriptions/99`, () =>
        HttpResponse.json({ success: false, message: 'Subscription not found' }, { status: 404 }),
      ),
    );
    await renderApp(<ServiceLicencesPage />, {
      url: '/my-subscriptions/99',
      path: '/my-subscriptions/:id',
      permissions: { isOrgAdmin: true },
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
