import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notify } from '@/core/notify';
import OfferingsPage from '@/org/features/offerings/route';
import ProductDetailsPage from '@/org/features/offerings/product-route';
import ServiceDetailsPage from '@/org/features/offerings/service-route';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import {
  acme,
  asListed,
  asListedSub,
  createOffering,
  createSubscription,
} from '../../../factories/crm';
import { crm, ok, refusal } from '../../../msw/envelope';
import { offeringHandlers } from '../../../msw/handlers/offerings';
import { subscriptionHandlers } from '../../../msw/handlers/subscriptions';

// Typing through react-select and modals is slow on a shared machine.

const planner = createOffering({
  id: 1,
  name: 'BlastPlan',
  type: 'product',
  tags: ['planning', 'drill'],
  features: [
    { id: 11, name: 'Pattern design', defaultValue: true },
    { id: 12, name: 'Timing', defaultValue: false },
  ],
});
const support = createOffering({ id: 9, name: 'Site support', type: 'service' });

function listing() {
  server.use(offeringHandlers.list([asListed(planner), asListed(support)]));
}

/**
 * The toasts on screen once a later one has shown (they show in order): their texts. Toasts of
 * earlier tests may still be there (react-toastify's store outlives a test).
 */
async function toastsShown(): Promise<string[]> {
  act(() => {
    notify.info('Later toast');
  });
  await screen.findByText('Later toast');
  return [...document.querySelectorAll('.Toastify__toast')].map((t) => t.textContent);
}

describe('Offerings (/offerings)', () => {
  it('lists products and services with type, tags and feature count', async () => {
    listing();
    await renderApp(<OfferingsPage />, {
      url: '/offerings',
      org: acme({ isBusinessManager: true }),
    });
    const row = (await screen.findByRole('link', { name: 'BlastPlan' })).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Product')).toBeInTheDocument();
    expect(cells.getByText('planning, drill')).toBeInTheDocument();
    expect(cells.getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BlastPlan' })).toHaveAttribute(
      'href',
      '/offerings/product/1',
    );
    expect(screen.getByRole('link', { name: 'Site support' })).toHaveAttribute(
      'href',
      '/offerings/service/9',
    );
    expect(screen.getByRole('button', { name: 'New offering' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit: BlastPlan' })).toBeInTheDocument();
  });

  it('hides create, edit and delete from a developer (read only)', async () => {
    listing();
    await renderApp(<OfferingsPage />, { url: '/offerings', org: acme({ isDeveloper: true }) });
    await screen.findByRole('link', { name: 'BlastPlan' });
    expect(screen.queryByRole('button', { name: 'New offering' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('creates a product with a feature: the payload follows the contract', async () => {
    listing();
    let body: unknown = null;
    server.use(
      http.post(crm('orgs/1/offerings'), async ({ request }) => {
        body = await request.json();
        return ok(createOffering({ id: 50, name: 'Fragment AI' }));
      }),
    );
    const { user } = await renderApp(<OfferingsPage />, {
      url: '/offerings',
      org: acme({ isBusinessManager: true }),
    });
    await screen.findByRole('link', { name: 'BlastPlan' });
    await user.click(screen.getByRole('button', { name: 'New offering' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product or service' });
    const form = within(dialog);
    await user.type(form.getByLabelText(/^Name/), 'Fragment AI');
    await user.type(form.getByLabelText('Description'), 'Predicts fragmentation');
    await user.click(form.getByRole('button', { name: 'Add feature' }));
    await user.type(form.getByLabelText('Feature 1 name'), 'Heat maps');
    await user.click(form.getByRole('switch', { name: /On by default/ }));
    await user.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      type: 'product',
      name: 'Fragment AI',
      description: 'Predicts fragmentation',
      tags: [],
      features: [{ name: 'Heat maps', defaultValue: true }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits: a server 400 shows its field errors under the fields and keeps the typing', async () => {
    listing();
    server.use(
      http.put(crm('orgs/1/offerings/1'), () =>
        refusal({ name: 'An offering of that name exists', 'features.1.name': 'Too long' }),
      ),
    );
    const { user } = await renderApp(<OfferingsPage />, {
      url: '/offerings',
      org: acme({ isOrgAdmin: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit: BlastPlan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit product' }));
    const name = dialog.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Site support');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('An offering of that name exists')).toBeInTheDocument();
    expect(dialog.getByText('Too long')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Site support');
    expect(dialog.getByLabelText('Feature 2 name')).toHaveValue('Timing');
    // Shown once, under the fields: not again in a toast.
    expect((await toastsShown()).filter((t) => t.includes('An offering of that name'))).toEqual([]);
  });

  it('creates: a taken name (409 duplicate) shows under Name and keeps the dialog open', async () => {
    listing();
    const message = 'A product or service with this name already exists in the organization';
    server.use(
      http.post(crm('orgs/1/offerings'), () =>
        HttpResponse.json(
          {
            success: false,
            errors: { name: { message, errorCode: 'duplicate' } },
            message,
            data: null,
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderApp(<OfferingsPage />, {
      url: '/offerings',
      org: acme({ isBusinessManager: true }),
    });
    await screen.findByRole('link', { name: 'BlastPlan' });
    await user.click(screen.getByRole('button', { name: 'New offering' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New product or service' }));
    await user.type(dialog.getByLabelText(/^Name/), 'blastplan');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    const shown = await dialog.findByText(message);
    expect(dialog.getByLabelText(/^Name/)).toHaveAccessibleDescription(new RegExp(message));
    expect(shown).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('blastplan');
    expect((await toastsShown()).filter((t) => t.includes(message))).toEqual([]);
  });

  it('deletes after confirmation', async () => {
    listing();
    let deleted = false;
    server.use(
      http.delete(crm('orgs/1/offerings/9'), () => {
        deleted = true;
        return ok({ id: 9 });
      }),
    );
    const { user } = await renderApp(<OfferingsPage />, {
      url: '/offerings',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete: Site support' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete service' }));
    expect(deleted).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
  });

  it('an offering in use: the dialog says why (409), stays open with its question, and no toast repeats it', async () => {
    listing();
    const reason = 'This offering has subscriptions or licences and cannot be deleted';
    server.use(
      http.delete(crm('orgs/1/offerings/9'), () =>
        HttpResponse.json(
          { success: false, errors: null, message: reason, data: null },
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderApp(<OfferingsPage />, {
      url: '/offerings',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete: Site support' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete service' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(reason);
    expect(dialog.getByText(/Delete the service ‘Site support’\?/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect((await toastsShown()).filter((t) => t.includes(reason))).toEqual([]);
    expect(screen.queryByText(/403 Forbidden/)).toBeNull();
  });
});

describe('Product Details and Service Details', () => {
  it('shows fields, features, tags, custom data and the subscriptions that include it', async () => {
    server.use(
      offeringHandlers.detail({
        ...planner,
        customData: [
          { id: 3, name: 'Banner', description: null, executionPriority: 1, data: '{}' },
        ],
      }),
      subscriptionHandlers.issuedList([
        asListedSub(createSubscription({ id: 21, name: 'Borealis - BlastPlan' })),
        asListedSub(
          createSubscription({
            id: 22,
            name: 'Other',
            offering: { id: 9, name: 'Site support', type: 'service' },
          }),
        ),
      ]),
    );
    await renderApp(<ProductDetailsPage />, {
      url: '/offerings/product/1',
      path: '/offerings/product/:id',
      org: acme({ isBusinessManager: true }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Product Details: BlastPlan', level: 1 }),
    ).toBeInTheDocument();
    const features = within(screen.getByRole('region', { name: 'Features' }));
    expect(features.getByRole('row', { name: 'Pattern design Yes' })).toBeInTheDocument();
    expect(features.getByRole('row', { name: 'Timing No' })).toBeInTheDocument();
    expect(screen.getByText('drill')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Banner' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Borealis - BlastPlan' })).toHaveAttribute(
      'href',
      '/issued-subscriptions/21',
    );
    expect(screen.queryByRole('link', { name: 'Other' })).toBeNull();
    // Seats read 'used / allowed', as on every screen (issue 17).
    expect(screen.getByRole('columnheader', { name: 'Seats used / allowed' })).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'Borealis - BlastPlan' }).closest('tr');
    expect(within(row as HTMLElement).getByRole('cell', { name: '3 / 10' })).toBeInTheDocument();
  });

  it('pages the offering subscriptions in the data table with their true total, filtered by the server', async () => {
    const bodies: Record<string, unknown>[] = [];
    const subs = Array.from({ length: 45 }, (_, i) =>
      asListedSub(
        createSubscription({
          id: 100 + i,
          name: `Sub ${String(i + 1).padStart(2, '0')}`,
          subscriberOrg: { id: 2, name: `Customer ${i + 1}` },
        }),
      ),
    );
    const other = asListedSub(
      createSubscription({
        id: 999,
        name: 'Other offering sub',
        offering: { id: 9, name: 'Site support', type: 'service' },
      }),
    );
    server.use(
      offeringHandlers.detail(planner),
      http.post(crm('orgs/1/issued-subscriptions/list'), async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
      subscriptionHandlers.issuedList([...subs, other]),
    );
    const { user } = await renderApp(<ProductDetailsPage />, {
      url: '/offerings/product/1',
      path: '/offerings/product/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Offering Subscriptions' }));
    expect(await table.findByRole('link', { name: 'Sub 01' })).toHaveAttribute(
      'href',
      '/issued-subscriptions/100',
    );
    // One page of the default size, and the offering's true total (not the vendor's 46).
    expect(table.getByPlaceholderText('Search 45 records...')).toBeInTheDocument();
    expect(table.getByText(/Showing 1–20 of 45/)).toBeInTheDocument();
    expect(table.getAllByRole('link', { name: /^Sub / })).toHaveLength(20);
    expect(table.queryByRole('link', { name: 'Other offering sub' })).toBeNull();
    // Every request asked the server for this offering's subscriptions only.
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toMatchObject({ offeringId: 1 });
    await user.click(table.getByRole('button', { name: 'Page 3' }));
    expect(await table.findByRole('link', { name: 'Sub 45' })).toBeInTheDocument();
    expect(table.getByText(/Showing 41–45 of 45/)).toBeInTheDocument();
  });

  it('asks the server page by page for an offering with more subscriptions than the browser holds', async () => {
    const bodies: Record<string, unknown>[] = [];
    const row = (n: number) => asListedSub(createSubscription({ id: n, name: `Big ${n}` }));
    server.use(
      offeringHandlers.detail(planner),
      http.post(crm('orgs/1/issued-subscriptions/list'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const skip = Number(body['skip'] ?? 0);
        const take = Number(body['take'] ?? 1000);
        const results = Array.from({ length: take }, (_, i) => row(skip + i + 1));
        return ok({
          results,
          fetchedCount: take,
          skippedCount: skip,
          totalAvailable: 12_345,
          totalIsEstimate: false,
          hasMore: true,
        });
      }),
    );
    await renderApp(<ProductDetailsPage />, {
      url: '/offerings/product/1',
      path: '/offerings/product/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Offering Subscriptions' }));
    expect(await table.findByText(/Showing 1–20 of 12,345/)).toBeInTheDocument();
    expect(table.getByPlaceholderText('Search 12,345 records...')).toBeInTheDocument();
    // Server mode: pages of the page size, each for this offering.
    await waitFor(() =>
      expect(bodies).toContainEqual(expect.objectContaining({ offeringId: 1, take: 20 })),
    );
    for (const body of bodies) expect(body).toMatchObject({ offeringId: 1 });
  });

  it('lists many features in the data table: paged with the true total, searched, filtered', async () => {
    const features = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      name: `Feature ${String(i + 1).padStart(2, '0')}`,
      defaultValue: i % 5 === 0,
    }));
    server.use(
      offeringHandlers.detail({ ...planner, features }),
      subscriptionHandlers.issuedList([]),
    );
    const { user } = await renderApp(<ProductDetailsPage />, {
      url: '/offerings/product/1',
      path: '/offerings/product/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Features' }));
    expect(table.getByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(table.getByRole('row', { name: 'Feature 20 No' })).toBeInTheDocument();
    expect(table.queryByText('Feature 21')).toBeNull();
    await user.type(table.getByPlaceholderText('Search 25 records...'), 'Feature 21');
    expect(await table.findByRole('row', { name: 'Feature 21 Yes' })).toBeInTheDocument();
    expect(table.queryByText('Feature 01')).toBeNull();
    await user.clear(table.getByPlaceholderText('Search 25 records...'));
    await user.selectOptions(table.getByRole('combobox', { name: /On by default/ }), 'Yes');
    expect(await table.findByText('Showing 1–5 of 5')).toBeInTheDocument();
  });

  it('Service Details has the breadcrumb back to Offerings', async () => {
    server.use(offeringHandlers.detail(support), subscriptionHandlers.issuedList([]));
    await renderApp(<ServiceDetailsPage />, {
      url: '/offerings/service/9',
      path: '/offerings/service/:id',
      org: acme({ isTechSupport: true }),
    });
    const crumbs = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Offerings' })).toHaveAttribute('href', '/offerings');
    expect(screen.getByRole('heading', { name: 'Service Details: Site support' })).toBeVisible();
    // Tech support reads only.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
