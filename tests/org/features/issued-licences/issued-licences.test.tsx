import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { formatDate } from '@/core/format';
import { monthsAfter } from '@/core/forms';
import IssuedLicencesPage from '@/org/features/issued-licences/route';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { typeInOneBurst } from '../../../user';
import {
  acme,
  asListed,
  asListedSub,
  createCustomer,
  createLicence,
  createOffering,
  createSubscription,
} from '../../../factories/crm';
import { crm, ok, refusal } from '../../../msw/envelope';
import { licenceHandlers } from '../../../msw/handlers/licences';
import { offeringHandlers } from '../../../msw/handlers/offerings';
import { subscriptionHandlers } from '../../../msw/handlers/subscriptions';

const active = createLicence({ id: 1, customerOrg: { id: 2, name: 'Borealis Quarries' } });
const expired = createLicence({
  id: 2,
  customerOrg: { id: 4, name: 'Delta Drilling' },
  state: { name: 'Expired' },
  expiry: '2020-03-01',
  seats: 12,
});
const suspended = createLicence({
  id: 3,
  customerOrg: { id: 6, name: 'Echo Explosives' },
  state: { name: 'Suspended' },
});

function listing() {
  server.use(licenceHandlers.issuedList([active, expired, suspended]));
}

describe('Issued Licences (/issued-licences)', () => {
  it('lists customer, product, state, seats and expiry (red when past)', async () => {
    listing();
    await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    const row = (await screen.findByRole('cell', { name: 'Delta Drilling' })).closest('tr');
    const cells = within(row as HTMLElement);
    expect(cells.getByRole('cell', { name: 'BlastPlan' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: 'Expired' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(cells.getByText('2020/03/01')).toHaveClass('text-danger');
    // Suspend for active and expired rows, Reinstate for the suspended one.
    expect(screen.getByRole('button', { name: 'Suspend: Borealis Quarries' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reinstate: Echo Explosives' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reinstate: Borealis Quarries' })).toBeNull();
  });

  it('shows no issue, renew or suspend actions without a write flag', async () => {
    listing();
    await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isDeveloper: true }),
    });
    await screen.findByRole('cell', { name: 'Delta Drilling' });
    expect(screen.queryByRole('button', { name: 'Issue licence' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Renew|Suspend|Reinstate)/ })).toBeNull();
  });

  it('suspends and reinstates after confirmation', async () => {
    listing();
    const calls: string[] = [];
    server.use(
      http.post(crm('orgs/1/issued-licences/:id/:verb'), ({ params }) => {
        calls.push(`${String(params['verb'])} ${String(params['id'])}`);
        return ok(active);
      }),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isOrgAdmin: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend: Borealis Quarries' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Suspend licence' }));
    await user.click(dialog.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(calls).toEqual(['suspend 1']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Reinstate: Echo Explosives' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Reinstate licence' }));
    await user.click(dialog.getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(calls).toEqual(['suspend 1', 'reinstate 3']));
  });

  it('renews to a year after the current expiry', async () => {
    listing();
    let body: unknown = null;
    server.use(
      http.post(crm('orgs/1/issued-licences/1/renew'), async ({ request }) => {
        body = await request.json();
        return ok(active);
      }),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Renew: Borealis Quarries' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew licence' }));
    const renew = dialog.getByRole('button', { name: 'Renew' });
    // The date field's code loads first: nothing is sent while it reads 'Loading...'.
    await waitFor(() => expect(renew).toBeEnabled());
    await user.click(renew);
    // What it will do, in words, before anything is sent (issue 17).
    expect(await dialog.findByRole('status')).toHaveTextContent(
      /^Renew BlastPlan for Borealis Quarries: expires 2100\/12\/31$/,
    );
    expect(body).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(body).toEqual({ expiry: '2100-12-31' }));
  });

  it('the Renew dialog shows a licence expiring today in red, as its row does (SPEC §4)', async () => {
    const now = new Date();
    const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((n) => String(n).padStart(2, '0'))
      .join('-');
    server.use(licenceHandlers.issuedList([{ ...active, expiry: today }]));
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    const row = (await screen.findByRole('cell', { name: 'Borealis Quarries' })).closest('tr');
    expect(within(row as HTMLElement).getByText(formatDate(today))).toHaveClass('text-danger');
    await user.click(screen.getByRole('button', { name: 'Renew: Borealis Quarries' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew licence' }));
    const said = dialog.getByText(/it expires/);
    expect(said).toHaveTextContent(`it expires ${formatDate(today)} (expired).`);
    expect(within(said).getByText(formatDate(today))).toHaveClass('text-danger');
  });

  it('bulk Renew says what it will do, asks about a past expiry, and runs only on Confirm', async () => {
    listing();
    const bodies: unknown[] = [];
    server.use(
      // Bulk actions run in server mode: the whole list answers that it does not fit.
      http.post(crm('orgs/1/issued-licences/list'), async ({ request }) => {
        const body = (await request.clone().json()) as { take?: number };
        if ((body.take ?? 0) < 1000) return undefined;
        return ok({
          results: [active, expired, suspended],
          fetchedCount: 3,
          skippedCount: 0,
          totalAvailable: 1_000_000,
          totalIsEstimate: false,
          hasMore: true,
        });
      }),
      http.post(crm('orgs/1/issued-licences/bulk/renew'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ requested: 2, done: 2, refused: 0, refusals: [] });
      }),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Borealis Quarries' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Delta Drilling' }));
    const ribbon = screen.getByRole('toolbar', { name: 'Issued Licences actions' });
    await user.click(within(ribbon).getByRole('button', { name: 'Renew' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renew' }));
    const expiry = await dialog.findByLabelText(/^New expiry/);
    await user.clear(expiry);
    await user.type(expiry, '1/1/2024');
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('button', { name: 'Renew' }));
    const summary = await dialog.findByRole('status');
    expect(summary).toHaveTextContent(/^Renew 2 licences to expire 2024\/01\/01 \(expired\)$/);
    // A past expiry is red in the review as everywhere (SPEC §4).
    expect(within(summary).getByText('2024/01/01')).toHaveClass('text-danger');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(
      dialog.getByRole('checkbox', {
        name: 'The expiry 2024/01/01 is in the past: the licences will be expired at once',
      }),
    );
    expect(bodies).toEqual([]);
    await user.click(confirm);
    await waitFor(() =>
      expect(bodies).toEqual([expect.objectContaining({ expiry: '2024-01-01' })]),
    );
  });

  it('issue: a server refusal shows its field errors under the fields, keeping the typing', async () => {
    listing();
    let body: Record<string, unknown> | null = null;
    server.use(
      offeringHandlers.list([asListed(createOffering({ id: 1, name: 'BlastPlan' }))]),
      subscriptionHandlers.issuedList([asListedSub(createSubscription({ id: 7 }))]),
      subscriptionHandlers.customers([
        createCustomer(),
        createCustomer({ id: 4, name: 'Delta Drilling' }),
      ]),
      http.post(crm('orgs/1/issued-licences'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return refusal({ seats: 'More seats than the subscription allows' });
      }),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    await screen.findByRole('cell', { name: 'Delta Drilling' });
    await user.click(screen.getByRole('button', { name: 'Issue licence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue a licence' }));
    const issue = await dialog.findByRole('button', { name: 'Issue' });
    // Customers come from the server: nothing is issued before the first page is in.
    expect(issue).toBeDisabled();
    await waitFor(() => expect(issue).toBeEnabled());
    const seats = await dialog.findByLabelText(/^Seats/);
    await user.clear(seats);
    await user.type(seats, '40');
    await user.click(dialog.getByRole('button', { name: 'Issue' }));
    await user.click(await dialog.findByRole('button', { name: 'Confirm' }));
    // The refusal takes the user back to the form, under the field.
    expect(await dialog.findByText('More seats than the subscription allows')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Seats/)).toHaveValue('40');
    // The first customer and offering are chosen to start with (mandatory dropdowns).
    expect(body).toMatchObject({
      customerOrgId: 2,
      offeringId: 1,
      seats: 40,
      subscriptionId: null,
    });
  });

  it("issue: the Subscription picker offers the chosen customer's subscriptions of the chosen product, and clears when they change", async () => {
    listing();
    const delta = { id: 4, name: 'Delta Drilling' };
    const cloud = { id: 2, name: 'Rock Cloud Sync', type: 'product' as const };
    const requests: unknown[] = [];
    server.use(
      offeringHandlers.list([
        asListed(createOffering({ id: 1, name: 'BlastPlan' })),
        asListed(createOffering({ id: 2, name: 'Rock Cloud Sync' })),
      ]),
      subscriptionHandlers.issuedList([
        asListedSub(createSubscription({ id: 7, name: 'Borealis 2026' })),
        asListedSub(
          createSubscription({ id: 8, name: 'Delta 2026', subscriberOrg: delta, endDate: null }),
        ),
        asListedSub(
          createSubscription({ id: 9, name: 'Delta Cloud', subscriberOrg: delta, offering: cloud }),
        ),
        asListedSub(
          createSubscription({
            id: 10,
            name: 'Delta Old',
            subscriberOrg: delta,
            isDisabled: true,
          }),
        ),
      ]),
      subscriptionHandlers.customers([createCustomer(), createCustomer(delta)]),
      http.post(crm('orgs/1/issued-licences'), async ({ request }) => {
        requests.push(await request.json());
        return ok(active);
      }),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Issue licence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue a licence' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Issue' })).toBeEnabled());
    // The first customer and product to start with: that customer's BlastPlan subscriptions.
    await user.click(dialog.getByLabelText(/^Subscription/));
    expect(
      await screen.findByRole('option', { name: 'Borealis 2026 · ends 2099/12/31' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Delta/ })).toBeNull();

    // Delta Drilling: its BlastPlan subscription, not the other product's nor the disabled one.
    await user.click(dialog.getByLabelText(/^Customer/));
    await user.click(await screen.findByRole('option', { name: 'Delta Drilling' }));
    await user.click(dialog.getByLabelText(/^Subscription/));
    await user.click(await screen.findByRole('option', { name: 'Delta 2026 · no end date' }));
    expect(
      screen.queryByRole('option', { name: /Borealis 2026|Delta Cloud|Delta Old/ }),
    ).toBeNull();
    expect(dialog.getByText('Delta 2026 · no end date')).toBeInTheDocument();

    // Another product: the choice no longer fits and is cleared; that product's subscription is offered.
    await user.click(dialog.getByLabelText(/^Product/));
    await user.click(await screen.findByRole('option', { name: 'Rock Cloud Sync (product)' }));
    await waitFor(() => expect(dialog.queryByText('Delta 2026 · no end date')).toBeNull());
    await user.click(dialog.getByLabelText(/^Subscription/));
    await user.click(await screen.findByRole('option', { name: 'Delta Cloud · ends 2099/12/31' }));
    expect(screen.queryByRole('option', { name: /Delta 2026|Delta Old/ })).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Issue' }));
    await user.click(await dialog.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(requests).toEqual([
        expect.objectContaining({ customerOrgId: 4, offeringId: 2, subscriptionId: 9 }),
      ]),
    );
  });

  it('issue: customers and subscriptions are searched on the server as the user types', async () => {
    listing();
    const delta = { id: 4, name: 'Delta Drilling' };
    const searches: Array<{ list: string; body: Record<string, unknown> }> = [];
    const record =
      (list: string) =>
      async ({ request }: { request: Request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>;
        if (body['search']) searches.push({ list, body });
        // Falls through to the list's handler below.
        return undefined;
      };
    server.use(
      offeringHandlers.list([asListed(createOffering({ id: 1, name: 'BlastPlan' }))]),
      subscriptionHandlers.issuedList([
        asListedSub(createSubscription({ id: 8, name: 'Delta 2026', subscriberOrg: delta })),
        asListedSub(createSubscription({ id: 11, name: 'Delta 2027', subscriberOrg: delta })),
      ]),
      subscriptionHandlers.customers([createCustomer(), createCustomer(delta)]),
    );
    server.use(
      http.post(crm('orgs/1/customers/list'), record('customers')),
      http.post(crm('orgs/1/issued-subscriptions/list'), record('subscriptions')),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Issue licence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue a licence' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Issue' })).toBeEnabled());
    await typeInOneBurst(dialog.getByLabelText(/^Customer/), 'delta');
    await user.click(await screen.findByRole('option', { name: 'Delta Drilling' }));
    // One request after the pause in typing, not one per key.
    expect(searches).toEqual([
      { list: 'customers', body: expect.objectContaining({ search: 'delta' }) },
    ]);
    await user.type(dialog.getByLabelText(/^Subscription/), '2027');
    expect(await screen.findByRole('option', { name: /^Delta 2027/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Delta 2026/ })).toBeNull();
    expect(searches[1]).toEqual({
      list: 'subscriptions',
      body: expect.objectContaining({
        search: '2027',
        subscriberOrgId: 4,
        offeringId: 1,
        includeDisabled: false,
      }),
    });
  });

  it('issue: says what it will issue, in words, and sends nothing before Confirm', async () => {
    listing();
    const requests: unknown[] = [];
    server.use(
      offeringHandlers.list([asListed(createOffering({ id: 1, name: 'Blast Cloud Sync' }))]),
      subscriptionHandlers.issuedList([]),
      subscriptionHandlers.customers([
        createCustomer({ id: 12, name: 'Blue Mountain Earthworks 12' }),
      ]),
      http.post(crm('orgs/1/issued-licences'), async ({ request }) => {
        requests.push(await request.json());
        return ok(active);
      }),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Issue licence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue a licence' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Issue' })).toBeEnabled());
    const seats = dialog.getByLabelText(/^Seats/);
    await user.clear(seats);
    await user.type(seats, '5');
    await user.click(dialog.getByRole('button', { name: 'Issue' }));
    const inAYear = formatDate(monthsAfter(null, 12));
    const summary = await dialog.findByRole('status');
    expect(summary).toHaveTextContent(
      `Issue Blast Cloud Sync to Blue Mountain Earthworks 12: 5 seats, expires ${inAYear}`,
    );
    expect(within(summary).getByText(inAYear)).not.toHaveClass('text-danger');
    expect(dialog.queryByRole('button', { name: 'Issue' })).toBeNull();
    expect(requests).toEqual([]);
    // Back: the form as it was, nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByLabelText(/^Seats/)).toHaveValue('5');
    expect(requests).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Issue' }));
    await user.click(await dialog.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(requests).toEqual([
        expect.objectContaining({ customerOrgId: 12, offeringId: 1, seats: 5 }),
      ]),
    );
  });

  it('issue: an expiry in the past is confirmed explicitly', async () => {
    listing();
    const requests: unknown[] = [];
    server.use(
      offeringHandlers.list([asListed(createOffering({ id: 1, name: 'BlastPlan' }))]),
      subscriptionHandlers.issuedList([]),
      subscriptionHandlers.customers([createCustomer()]),
      http.post(crm('orgs/1/issued-licences'), async ({ request }) => {
        requests.push(await request.json());
        return ok(active);
      }),
    );
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: acme({ isBusinessManager: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Issue licence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue a licence' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Issue' })).toBeEnabled());
    const expiry = dialog.getByLabelText(/^Expiry/);
    await user.clear(expiry);
    await user.type(expiry, '1/1/2024');
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('button', { name: 'Issue' }));
    const summary = await dialog.findByRole('status');
    expect(summary).toHaveTextContent(
      /^Issue BlastPlan to Borealis Quarries: 1 seat, expires 2024\/01\/01 \(expired\)$/,
    );
    expect(within(summary).getByText('2024/01/01')).toHaveClass('text-danger');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(
      dialog.getByRole('checkbox', {
        name: 'The expiry 2024/01/01 is in the past: the licence will be expired at once',
      }),
    );
    expect(requests).toEqual([]);
    await user.click(confirm);
    await waitFor(() =>
      expect(requests).toEqual([expect.objectContaining({ expiry: '2024-01-01' })]),
    );
  });

  it('issue: offers only what the organisation may sell (no services without the service-owner flag)', async () => {
    listing();
    server.use(
      offeringHandlers.list([
        asListed(createOffering({ id: 1, name: 'BlastPlan' })),
        asListed(createOffering({ id: 2, name: 'Drill Support', type: 'service' })),
      ]),
      subscriptionHandlers.issuedList([]),
      subscriptionHandlers.customers([createCustomer()]),
    );
    const membership = acme({ isBusinessManager: true });
    const { user } = await renderApp(<IssuedLicencesPage />, {
      url: '/issued-licences',
      org: {
        ...membership,
        org: {
          ...membership.org,
          permissions: { isProductOwnerEnabled: true, isServiceOwnerEnabled: false },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Issue licence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue a licence' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Issue' })).toBeEnabled());
    await user.click(dialog.getByLabelText(/^Product/));
    expect(await screen.findByRole('option', { name: 'BlastPlan (product)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Drill Support/ })).toBeNull();
  });
});
