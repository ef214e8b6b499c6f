import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import ProductDetailsPage from '@/org/features/offerings/product-route';
import SubscriptionDetailsPage from '@/org/features/customer-subs/details-route';
import ServiceLicencesPage from '@/org/features/service-licences/route';
import { renderApp } from '../../render';
import { server } from '../../msw/server';
import { acme, createOffering, createSubscription } from '../../factories/crm';
import { offeringHandlers } from '../../msw/handlers/offerings';
import { subscriptionHandlers } from '../../msw/handlers/subscriptions';
import { licenceHandlers } from '../../msw/handlers/licences';
import { auditHandlers, createAuditEvent } from '../../msw/handlers/audit';

const planner = createOffering({ id: 1, name: 'BlastPlan', type: 'product' });
const events = [
  createAuditEvent({
    id: 5,
    recordType: 'offering',
    recordId: '1',
    recordName: 'BlastPlan',
    changes: { description: { before: 'Old text', after: 'New text' } },
  }),
  createAuditEvent({ id: 4, recordType: 'offering', recordId: '2', recordName: 'Other offering' }),
];

describe('History on a details screen (issue 18)', () => {
  it("shows the record's own events to an org admin, with their changes", async () => {
    const seen: unknown[] = [];
    server.use(
      offeringHandlers.detail(planner),
      subscriptionHandlers.issuedList([]),
      auditHandlers.activity(events, 1, seen),
    );
    const { user } = await renderApp(<ProductDetailsPage />, {
      url: '/offerings/product/1',
      path: '/offerings/product/:id',
      org: acme({ isOrgAdmin: true }),
    });
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(await history.findByRole('cell', { name: 'BlastPlan' })).toBeInTheDocument();
    expect(history.queryByRole('cell', { name: 'Other offering' })).not.toBeInTheDocument();
    expect(seen).toContainEqual(expect.objectContaining({ record: { type: 'offering', id: '1' } }));
    await user.click(history.getByRole('button', { name: /^Show the changes/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('row', { name: /^description Old text New text$/ }),
    ).toBeInTheDocument();
  });

  it('is not shown to those who may not read the activity (a business manager)', async () => {
    server.use(offeringHandlers.detail(planner), subscriptionHandlers.issuedList([]));
    await renderApp(<ProductDetailsPage />, {
      url: '/offerings/product/1',
      path: '/offerings/product/:id',
      org: acme({ isBusinessManager: true }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Product Details: BlastPlan', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
  });
});

describe('History on the subscription screens', () => {
  const subscription = createSubscription({ id: 21, name: 'Borealis - BlastPlan' });
  const trail = [
    createAuditEvent({
      id: 8,
      action: 'download',
      recordType: 'subscription',
      recordId: '21',
      recordName: 'Borealis - BlastPlan',
      changes: { file: { before: null, after: 'terms.pdf (12.4 KB)' } },
    }),
  ];

  it.each([
    ['Subscription Details', SubscriptionDetailsPage, '/issued-subscriptions/:id'],
    ['Service Licences', ServiceLicencesPage, '/my-subscriptions/:id'],
  ] as const)('%s shows the subscription’s events', async (_name, Page, path) => {
    const seen: unknown[] = [];
    server.use(
      subscriptionHandlers.issuedDetail(subscription),
      subscriptionHandlers.heldDetail(subscription),
      licenceHandlers.issuedList([]),
      licenceHandlers.heldList([]),
      auditHandlers.activity(trail, 1, seen),
    );
    await renderApp(<Page />, {
      url: path.replace(':id', '21'),
      path,
      org: acme({ isOrgAdmin: true }),
    });
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(await history.findByRole('cell', { name: 'download' })).toBeInTheDocument();
    expect(seen).toContainEqual(
      expect.objectContaining({ record: { type: 'subscription', id: '21' } }),
    );
  });
});
