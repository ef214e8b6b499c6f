import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@/contract/envelope';
import { crmTestApp } from './test-support';

/** Licences the organisation holds and licences it issued. */
const crm = crmTestApp();
const { send } = crm;

describe('licences', () => {
  it("lists Borealis' own licences with subscription, product and state names", async () => {
    const res = await send('submanager', 'POST', '/orgs/2/licences/list', {});
    const l = res.json().data.results[0];
    expect(l).toMatchObject({
      subscription: { name: 'Borealis - Blast Designer' },
      product: { name: 'Blast Designer' },
      state: { name: 'Active' },
    });
  });

  it('issues, suspends, reinstates and renews licences (Acme manager); customers cannot', async () => {
    const issued = await send('manager', 'POST', '/orgs/1/issued-licences', {
      customerOrgId: 4,
      offeringId: 2,
      seats: 3,
      expiry: '2030-01-31',
    });
    expect(issued.statusCode).toBe(200);
    const id = issued.json().data.id;
    expect(
      (await send('manager', 'POST', `/orgs/1/issued-licences/${id}/suspend`)).json().data.state
        .name,
    ).toBe('Suspended');
    expect(
      (await send('manager', 'POST', `/orgs/1/issued-licences/${id}/reinstate`)).json().data.state
        .name,
    ).toBe('Active');
    expect(
      (
        await send('manager', 'POST', `/orgs/1/issued-licences/${id}/renew`, {
          expiry: '2031-01-31',
        })
      ).json().data.expiry,
    ).toBe('2031-01-31');
    expect(
      (
        await send('manager', 'POST', '/orgs/1/issued-licences', {
          customerOrgId: 4,
          offeringId: 13,
          seats: 1,
        })
      ).json().errors.offeringId,
    ).toBeDefined();
    expect((await send('submanager', 'POST', '/orgs/2/issued-licences/list', {})).statusCode).toBe(
      403,
    );
    expect(
      (
        await send('manager', 'POST', '/orgs/1/issued-licences', {
          customerOrgId: 4,
          offeringId: 2,
          seats: -1,
        })
      ).json().errors.seats.message,
    ).toBe('Value must be positive');
  });

  it('pages issued licences at the server maximum (follow-up re-posts happen)', async () => {
    await crm.app.services.db.query(
      `insert into licences (vendor_org_id, customer_org_id, offering_id, state, seats, expiry)
       select 1, 4, 1, 'Active', 1, date '2030-01-01' from generate_series(1, 1200)`,
    );
    const first = (
      await send('manager', 'POST', '/orgs/1/issued-licences/list', { skip: 0, take: 5000 })
    ).json().data;
    expect(first.fetchedCount).toBe(MAX_PAGE_SIZE);
    expect(first.results).toHaveLength(MAX_PAGE_SIZE);
    expect(first.totalAvailable).toBeGreaterThan(first.fetchedCount);
    const next = (
      await send('manager', 'POST', '/orgs/1/issued-licences/list', {
        skip: first.fetchedCount,
        take: 5000,
      })
    ).json().data;
    expect(next.skippedCount).toBe(MAX_PAGE_SIZE);
    expect(next.fetchedCount + next.skippedCount).toBe(first.totalAvailable);
  });
});

describe('the issued licences summary (the dashboard, issue 16)', () => {
  /** The exact number of rows of a list query: the export's first frame. */
  const exported = async (filters: object) => {
    const res = await send('manager', 'POST', '/orgs/1/issued-licences/export', {
      all: true,
      filters,
    });
    return (JSON.parse(res.body.slice(0, res.body.indexOf('\n'))) as { total: number }).total;
  };

  it('counts each state as the list shows it, and the active licences expiring in the window', async () => {
    // A licence of each kind the window's edges could confuse.
    for (const expiry of ['2030-03-01', '2030-03-31', '2030-04-01', '2000-01-01'])
      expect(
        (
          await send('manager', 'POST', '/orgs/1/issued-licences', {
            customerOrgId: 4,
            offeringId: 2,
            seats: 1,
            expiry,
          })
        ).statusCode,
      ).toBe(200);
    const window = { from: '2030-03-01', to: '2030-03-31' };
    const res = await crm.get(
      'manager',
      '/orgs/1/issued-licences/summary?from=2030-03-01&to=2030-03-31',
    );
    expect(res.statusCode).toBe(200);
    const summary = res.json().data;
    for (const state of ['Active', 'Suspended', 'Expired'])
      expect(summary.byState[state], state).toBe(await exported({ 'state.name': state }));
    expect(summary.byState.Expired).toBeGreaterThan(0);
    expect(summary.byState.Active + summary.byState.Suspended + summary.byState.Expired).toBe(
      await exported({}),
    );
    expect(summary.renewalsDue).toBe(await exported({ 'state.name': 'Active', expiry: window }));
    expect(summary.renewalsDue).toBeGreaterThanOrEqual(2);
  });

  it('is the vendor’s own, and refuses a window that is no window', async () => {
    const path = '/orgs/1/issued-licences/summary?from=2030-01-01&to=2030-02-01';
    // Another organisation's member learns nothing of it (the guards and the isolation matrix
    // cover every route; Acme's members all read it: Acme sells products).
    expect((await crm.get('submanager', path)).statusCode).toBe(404);
    const backwards = await crm.get(
      'manager',
      '/orgs/1/issued-licences/summary?from=2030-02-01&to=2030-01-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to.message).toBe('The window ends before it starts');
    const notADate = await crm.get(
      'manager',
      '/orgs/1/issued-licences/summary?from=2030-13-01&to=2030-02-01',
    );
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().errors.from.message).toBe('Use a date YYYY-MM-DD');
  });
});
