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
