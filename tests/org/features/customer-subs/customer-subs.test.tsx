import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import CustomerSubsPage from '@/org/features/customer-subs/route';
import SubscriptionDetailsRoute from '@/org/features/customer-subs/details-route';
import { loadFormFields } from '../../../user';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import {
  acme,
  asListed,
  asListedSub,
  createCustomer,
  createLicence,
  createOffering,
  createSubscription,
} from '../../../factories/crm';
import { formatDate, today } from '@/core/format';
import { crm, ok, refusal } from '../../../msw/envelope';
import { offeringHandlers } from '../../../msw/handlers/offerings';
import { licenceHandlers } from '../../../msw/handlers/licences';
import { subscriptionHandlers } from '../../../msw/handlers/subscriptions';
import { shimBlobStream } from '../../../msw/blob-stream';

vi.setConfig({ testTimeout: 30_000 });

const borealis = createSubscription({ id: 21, name: 'Borealis - BlastPlan' });
const delta = createSubscription({
  id: 22,
  name: 'Delta - BlastPlan',
  subscriberOrg: { id: 4, name: 'Delta Drilling' },
});
const planner = createOffering({
  id: 1,
  name: 'BlastPlan',
  features: [
    { id: 11, name: 'Pattern design', defaultValue: true },
    { id: 12, name: 'Timing', defaultValue: false },
  ],
});

function listing() {
  server.use(
    subscriptionHandlers.issuedList([asListedSub(borealis), asListedSub(delta)]),
    offeringHandlers.list([asListed(planner)]),
    subscriptionHandlers.customers([
      createCustomer(),
      createCustomer({ id: 4, name: 'Delta Drilling', licences: 5, nextEndDate: today() }),
    ]),
  );
}

// The forms' fields load on demand: loaded once here, not inside the first test's time.
beforeAll(loadFormFields, 60_000);

describe('Customer Subs (/issued-subscriptions)', () => {
  it('lists subscriptions with customer, offering, dates and seats used', async () => {
    listing();
    await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions',
      org: acme({ isBusinessManager: true }),
    });
    const link = await screen.findByRole('link', { name: 'Delta - BlastPlan' });
    expect(link).toHaveAttribute('href', '/issued-subscriptions/22');
    const cells = within(link.closest('tr') as HTMLElement);
    expect(cells.getByRole('cell', { name: 'Delta Drilling' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: '3 / 10' })).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: /^Seats used \/ allowed/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customer Subs', level: 1 })).toBeVisible();
  });

  it('says Ended for a subscription past its end date, and keeps the row actions in view', async () => {
    const ended = createSubscription({ id: 23, name: 'Old - BlastPlan', endDate: '2001-01-31' });
    server.use(subscriptionHandlers.issuedList([asListedSub(ended), asListedSub(delta)]));
    await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions',
      org: acme({ isBusinessManager: true }),
    });
    const link = await screen.findByRole('link', { name: 'Old - BlastPlan' });
    const cells = within(link.closest('tr') as HTMLElement);
    expect(cells.getByRole('cell', { name: 'Ended' })).toBeInTheDocument();
    // Start is on the details page and in the CSV; the table keeps End (SPEC: row actions).
    expect(screen.queryByRole('columnheader', { name: /^Start/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /^End/ })).toBeInTheDocument();
  });

  it('offers no create, edit or disable without a write flag', async () => {
    listing();
    await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions',
      org: acme({ isDeveloper: true }),
    });
    await screen.findByRole('link', { name: 'Delta - BlastPlan' });
    expect(screen.queryByRole('button', { name: 'New subscriptions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Disable)/ })).toBeNull();
  });

  it('creates subscriptions for several customers at once (MULTI_CREATE)', async () => {
    listing();
    let body: unknown = null;
    server.use(
      http.post(crm('orgs/1/issued-subscriptions'), async ({ request }) => {
        body = await request.json();
        return ok([asListedSub(borealis), asListedSub(delta)]);
      }),
    );
    const { user } = await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions',
      org: acme({ isBusinessManager: true }),
    });
    await screen.findByRole('link', { name: 'Delta - BlastPlan' });
    await user.click(screen.getByRole('button', { name: 'New subscriptions' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'New customer subscriptions' }),
    );
    // react-select loads lazily.
    const customers = await dialog.findByLabelText(/^Customers/, {}, { timeout: 8000 });
    await user.click(customers);
    await user.click(await screen.findByRole('option', { name: 'Borealis Quarries' }));
    await user.click(customers);
    await user.click(await screen.findByRole('option', { name: 'Delta Drilling' }));
    const seats = dialog.getByLabelText(/^Seats allowed/);
    await user.clear(seats);
    await user.type(seats, '25');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    // It says what it will create, in words, and sends nothing before Confirm (issue 17).
    expect(
      await dialog.findByText(
        `Create 2 subscriptions to BlastPlan for Borealis Quarries, Delta Drilling: 25 seats allowed each, from ${formatDate(new Date())}, no end date`,
      ),
    ).toBeInTheDocument();
    expect(body).toBeNull();
    // Back keeps what was chosen; Create asks again.
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByLabelText(/^Seats allowed/)).toHaveValue('25');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await user.click(await dialog.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({
      subscriberOrgIds: [2, 4],
      offeringId: 1,
      seatsAllowed: 25,
      // The offering's default-on features are pre-selected (SPEC §4).
      includedFeatureIds: [11],
      endDate: null,
      attachments: [],
    });
    expect((body as { startDate: string }).startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('create: an end date in the past is confirmed explicitly', async () => {
    listing();
    let body: unknown = null;
    server.use(
      http.post(crm('orgs/1/issued-subscriptions'), async ({ request }) => {
        body = await request.json();
        return ok([asListedSub(borealis)]);
      }),
    );
    const { user } = await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions',
      org: acme({ isBusinessManager: true }),
    });
    await screen.findByRole('link', { name: 'Delta - BlastPlan' });
    await user.click(screen.getByRole('button', { name: 'New subscriptions' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'New customer subscriptions' }),
    );
    const customers = await dialog.findByLabelText(/^Customers/, {}, { timeout: 8000 });
    await user.click(customers);
    await user.click(await screen.findByRole('option', { name: 'Borealis Quarries' }));
    const start = await dialog.findByLabelText(/^Start date/, {}, { timeout: 8000 });
    await user.clear(start);
    await user.type(start, '1/1/2023');
    await user.keyboard('{Escape}');
    await user.type(dialog.getByLabelText(/^End date/), '1/1/2024');
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    const summary = await dialog.findByRole('status');
    expect(summary).toHaveTextContent(
      'Create a subscription to BlastPlan for Borealis Quarries: 1 seat allowed, from 2023/01/01, ends 2024/01/01 (expired)',
    );
    // The end date is red (SPEC §4), the start date is not an end.
    expect(within(summary).getByText('2024/01/01')).toHaveClass('text-danger');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(
      dialog.getByRole('checkbox', {
        name: 'The end date 2024/01/01 is in the past: the subscription will be ended at once',
      }),
    );
    expect(body).toBeNull();
    await user.click(confirm);
    await waitFor(() =>
      expect(body).toMatchObject({ subscriberOrgIds: [2], endDate: '2024-01-01' }),
    );
  });

  it('edit: a server 400 shows the field error under the field', async () => {
    listing();
    server.use(
      http.put(crm('orgs/1/issued-subscriptions/21'), () =>
        refusal({ seatsAllowed: 'Fewer seats than licences in use' }),
      ),
    );
    const { user } = await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions',
      org: acme({ isOrgAdmin: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit: Borealis - BlastPlan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit subscription' }));
    const seats = await dialog.findByLabelText(/^Seats allowed/);
    await user.clear(seats);
    await user.type(seats, '2');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Fewer seats than licences in use')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Seats allowed/)).toHaveValue('2');
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Borealis - BlastPlan');
  });

  it('disables after confirmation', async () => {
    listing();
    let disabled = false;
    server.use(
      http.post(crm('orgs/1/issued-subscriptions/22/disable'), () => {
        disabled = true;
        return ok({ id: 22 });
      }),
    );
    const { user } = await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Disable: Delta - BlastPlan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Disable subscription' }));
    await user.click(dialog.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(disabled).toBe(true));
  });
});

describe('Customer Subs: the Customers view (?view=customers)', () => {
  it('lists the customers with what they hold; new subscriptions for the selected ones', async () => {
    listing();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post(crm('orgs/1/issued-subscriptions'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return ok([asListedSub(borealis), asListedSub(delta)]);
      }),
    );
    const { user } = await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions?view=customers',
      org: acme({ isBusinessManager: true }),
    });
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    const cell = await screen.findByRole('cell', { name: 'Delta Drilling' });
    const row = within(cell.closest('tr') as HTMLElement);
    expect(row.getByRole('cell', { name: '1 / 2' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '2 / 5' })).toBeInTheDocument();
    // A subscription ending today: its next renewal is red, as an expiry is everywhere (SPEC §4).
    expect(row.getByText(formatDate(today()))).toHaveClass('text-danger');
    const other = within(
      (await screen.findByRole('cell', { name: 'Borealis Quarries' })).closest('tr') as HTMLElement,
    );
    expect(other.getByText('2100/06/30')).not.toHaveClass('text-danger');
    const button = screen.getByRole('button', { name: 'New subscriptions' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Select all/i }));
    await user.click(screen.getByRole('button', { name: 'New subscriptions for 2 selected' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'New customer subscriptions' }),
    );
    await dialog.findByLabelText(/^Customers/, {}, { timeout: 8000 });
    expect(dialog.getByText('Borealis Quarries')).toBeInTheDocument();
    expect(dialog.getByText('Delta Drilling')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await user.click(await dialog.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toMatchObject({ subscriberOrgIds: [2, 4], offeringId: 1 });
  });

  it('shows the list without selection or the button to readers', async () => {
    listing();
    await renderApp(<CustomerSubsPage />, {
      url: '/issued-subscriptions?view=customers',
      org: acme({ isDeveloper: true }),
    });
    await screen.findByRole('cell', { name: 'Delta Drilling' });
    expect(screen.queryByRole('button', { name: /New subscriptions/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('Subscription Details (/issued-subscriptions/{id})', () => {
  it('shows subscriber, offering, dates, features, seats, attachments and licences', async () => {
    server.use(
      subscriptionHandlers.issuedDetail({
        ...borealis,
        includedFeatures: [{ id: 11, name: 'Pattern design' }],
        attachments: [{ id: 5, fileName: 'contract.pdf', size: 2048 }],
      }),
      licenceHandlers.issuedList([
        createLicence({
          id: 8,
          subscription: { id: 21, name: borealis.name },
          product: { id: 1, name: 'BlastPlan' },
          assignedUser: {
            id: 3,
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: 'ADA@example.com',
          },
        }),
      ]),
    );
    await renderApp(<SubscriptionDetailsRoute />, {
      url: '/issued-subscriptions/21',
      path: '/issued-subscriptions/:id',
      org: acme({ isBusinessManager: true }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Subscription Details: Borealis - BlastPlan' }),
    ).toBeVisible();
    expect(screen.getByText('Borealis Quarries')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BlastPlan' })).toHaveAttribute(
      'href',
      '/offerings/product/1',
    );
    expect(screen.getByText('Seats used / allowed: 3 / 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Seats used' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(screen.getByText('Pattern design')).toBeInTheDocument();
    expect(screen.getByText('contract.pdf')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace <ada@example.com>')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });
});

describe('Subscription Details: its attachments in the data table (issue 17)', () => {
  it('pages 25 files with the true total, finds one by search, and keeps Upload', async () => {
    const files = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      fileName: `annex-${String(i + 1).padStart(2, '0')}.pdf`,
      size: 100,
    }));
    server.use(
      subscriptionHandlers.issuedDetail({ ...borealis, attachments: files }),
      licenceHandlers.issuedList([]),
    );
    const { user } = await renderApp(<SubscriptionDetailsRoute />, {
      url: '/issued-subscriptions/21',
      path: '/issued-subscriptions/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Attachments' }));
    expect(table.getByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(table.getByRole('button', { name: 'Download annex-20.pdf' })).toBeInTheDocument();
    expect(table.queryByText('annex-21.pdf')).not.toBeInTheDocument();
    await user.type(table.getByPlaceholderText('Search 25 records...'), 'annex-24');
    expect(await table.findByRole('button', { name: 'Download annex-24.pdf' })).toBeVisible();
    expect(table.queryByText('annex-01.pdf')).not.toBeInTheDocument();
    expect(table.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });
});

describe('Subscription Details: its included features in the data table (issue 17)', () => {
  it('pages 25 features with the true total and finds one by search', async () => {
    const features = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      name: `Module ${String(i + 1).padStart(2, '0')}`,
    }));
    server.use(
      subscriptionHandlers.issuedDetail({ ...borealis, includedFeatures: features }),
      licenceHandlers.issuedList([]),
    );
    const { user } = await renderApp(<SubscriptionDetailsRoute />, {
      url: '/issued-subscriptions/21',
      path: '/issued-subscriptions/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Included features' }));
    expect(table.getByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(table.getByText('Module 20')).toBeInTheDocument();
    expect(table.queryByText('Module 21')).toBeNull();
    await user.type(table.getByPlaceholderText('Search 25 records...'), 'Module 23');
    expect(await table.findByText('Module 23')).toBeInTheDocument();
    expect(table.queryByText('Module 01')).toBeNull();
  });
});

describe('Subscription Details: its licences at any number (issue 16)', () => {
  const licenceOf = (subscription: { id: number; name: string }, n: number) =>
    createLicence({ id: n, subscription, seats: n });

  it('lists the subscription’s licences from the list endpoint, with the true total past 1,000', async () => {
    const bodies: Record<string, unknown>[] = [];
    const own = Array.from({ length: 1500 }, (_, i) => licenceOf(borealis, i + 1));
    const others = Array.from({ length: 30 }, (_, i) => licenceOf(delta, 5000 + i));
    server.use(
      subscriptionHandlers.issuedDetail(borealis),
      http.post(crm('orgs/1/issued-licences/list'), async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
      licenceHandlers.issuedList([...own, ...others]),
    );
    await renderApp(<SubscriptionDetailsRoute />, {
      url: '/issued-subscriptions/21',
      path: '/issued-subscriptions/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Subscription Licences' }));
    expect(await table.findByPlaceholderText('Search 1,500 records...')).toBeInTheDocument();
    expect(table.getByText(/Showing 1–20 of 1,500/)).toBeInTheDocument();
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toMatchObject({ subscriptionId: 21 });
  });

  it('shows the licences suspended once the subscription is disabled on its page', async () => {
    let subscription = { ...borealis };
    let licences = [licenceOf(borealis, 8)];
    server.use(
      http.get(crm('orgs/1/issued-subscriptions/21'), () => ok(subscription)),
      http.post(crm('orgs/1/issued-subscriptions/21/disable'), () => {
        subscription = { ...subscription, isDisabled: true };
        licences = licences.map((l) => ({ ...l, state: { name: 'Suspended' as const } }));
        return ok({ id: 21 });
      }),
      licenceHandlers.issuedList(() => licences),
    );
    const { user } = await renderApp(<SubscriptionDetailsRoute />, {
      url: '/issued-subscriptions/21',
      path: '/issued-subscriptions/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Subscription Licences' }));
    expect(await table.findByRole('cell', { name: 'Active' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Disable/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Disable subscription' }));
    await user.click(dialog.getByRole('button', { name: 'Disable' }));
    expect(await table.findByRole('cell', { name: 'Suspended' })).toBeInTheDocument();
    expect(table.queryByRole('cell', { name: 'Active' })).toBeNull();
  });

  it('asks the server page by page when the licences do not fit in the browser', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      subscriptionHandlers.issuedDetail(borealis),
      http.post(crm('orgs/1/issued-licences/list'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const skip = Number(body['skip'] ?? 0);
        const take = Number(body['take'] ?? 1000);
        return ok({
          results: Array.from({ length: take }, (_, i) => licenceOf(borealis, skip + i + 1)),
          fetchedCount: take,
          skippedCount: skip,
          totalAvailable: 12_345,
          totalIsEstimate: false,
          hasMore: true,
        });
      }),
    );
    await renderApp(<SubscriptionDetailsRoute />, {
      url: '/issued-subscriptions/21',
      path: '/issued-subscriptions/:id',
      org: acme({ isBusinessManager: true }),
    });
    const table = within(await screen.findByRole('region', { name: 'Subscription Licences' }));
    expect(await table.findByText(/Showing 1–20 of 12,345/)).toBeInTheDocument();
    expect(table.getByPlaceholderText('Search 12,345 records...')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodies).toContainEqual(expect.objectContaining({ subscriptionId: 21, take: 20 })),
    );
    for (const body of bodies) expect(body).toMatchObject({ subscriptionId: 21 });
  });
});

describe('Subscription Details: attachment download', () => {
  beforeAll(shimBlobStream);

  it('fetches the file with the bearer token and saves it from a blob URL', async () => {
    // ASCII only: jsdom's XHR turns other bytes into text on the way (the e2e checks binary).
    const bytes = new TextEncoder().encode('%PDF-1.4 contract');
    let auth: string | null = null;
    server.use(
      subscriptionHandlers.issuedDetail({
        ...borealis,
        attachments: [{ id: 5, fileName: 'contract.pdf', size: 17 }],
      }),
      licenceHandlers.issuedList([]),
      http.get(crm('orgs/1/issued-subscriptions/21/attachments/5'), ({ request }) => {
        auth = request.headers.get('authorization');
        return new Response(bytes, {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': 'attachment; filename="contract.pdf"',
          },
        });
      }),
    );
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:http://localhost/1';
    });
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    try {
      const { user } = await renderApp(<SubscriptionDetailsRoute />, {
        url: '/issued-subscriptions/21',
        path: '/issued-subscriptions/:id',
        org: acme({ isDeveloper: true }),
      });
      await user.click(await screen.findByRole('button', { name: 'Download contract.pdf' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(auth).toMatch(/^Bearer \S+/);
      expect(clicked[0]?.download).toBe('contract.pdf');
      expect(clicked[0]?.href).toBe('blob:http://localhost/1');
      const saved = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
      expect([...saved]).toEqual([...bytes]);
      expect(screen.getByRole('button', { name: 'Download contract.pdf' })).toBeEnabled();
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
