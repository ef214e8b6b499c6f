import { describe, expect, it } from 'vitest';
import { crmTestApp } from './test-support';

/** Customer subscriptions (the vendor's side) and Software (the subscriber's). */
const crm = crmTestApp();
const { get, send } = crm;

describe('subscriptions', () => {
  it('creates customer subscriptions for several orgs at once with an attachment, edits and disables one', async () => {
    const attachment = {
      fileName: 'terms.pdf',
      base64: Buffer.from('%PDF-1.4 terms').toString('base64'),
    };
    const res = await send('manager', 'POST', '/orgs/1/issued-subscriptions', {
      subscriberOrgIds: [2, 4],
      offeringId: 9,
      startDate: '2025-07-01',
      endDate: '2026-06-30',
      seatsAllowed: 10,
      includedFeatureIds: [],
      attachments: [attachment],
    });
    expect(res.statusCode).toBe(200);
    const subs = res.json().data;
    expect(subs.map((s: { subscriberOrg: { id: number } }) => s.subscriberOrg.id)).toEqual([2, 4]);
    const detail = (await get('manager', `/orgs/1/issued-subscriptions/${subs[0].id}`)).json().data;
    expect(detail.attachments[0]).toMatchObject({ fileName: 'terms.pdf' });
    const edit = await send('manager', 'PUT', `/orgs/1/issued-subscriptions/${subs[0].id}`, {
      name: 'Renamed',
      startDate: '2025-07-01',
      endDate: '2025-01-01',
      seatsAllowed: 5,
    });
    expect(edit.json().errors.endDate).toBeDefined();
    expect(
      (await send('manager', 'POST', `/orgs/1/issued-subscriptions/${subs[0].id}/disable`))
        .statusCode,
    ).toBe(200);
    expect(
      (await get('manager', `/orgs/1/issued-subscriptions/${subs[0].id}`)).json().data.isDisabled,
    ).toBe(true);
    expect(
      (
        await send('manager', 'POST', '/orgs/1/issued-subscriptions', {
          subscriberOrgIds: [],
          offeringId: 9,
          startDate: 'soon',
          seatsAllowed: 0,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('raises the body limit only on attachment routes; elsewhere a big body is 413', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    const res = await send('owner', 'PUT', '/orgs/1', { name: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it('shows Borealis its software with licences and assigns a licence to a member', async () => {
    const list = (await send('submanager', 'POST', '/orgs/2/my-subscriptions/list', {})).json()
      .data;
    expect(list.results.map((s: { name: string }) => s.name)).toContain(
      'Borealis - Blast Designer',
    );
    const licences = (
      await send('submanager', 'POST', '/orgs/2/licences/list', { subscriptionId: 1 })
    ).json().data.results as Array<{ id: number; assignedUser: unknown }>;
    const free = licences.find((l) => l.assignedUser === null);
    if (!free) throw new Error('the seed holds no free licence of subscription 1');
    const assigned = await send(
      'submanager',
      'POST',
      `/orgs/2/my-subscriptions/1/licences/${free.id}/assign`,
      { userId: 8 },
    );
    expect(assigned.json().data.assignedUser).toMatchObject({ id: 8 });
    const foreignUser = await send(
      'submanager',
      'POST',
      `/orgs/2/my-subscriptions/1/licences/${free.id}/assign`,
      { userId: 3 },
    );
    expect(foreignUser.statusCode).toBe(400);
    expect(
      (
        await send('submanager', 'POST', `/orgs/2/my-subscriptions/1/licences/${free.id}/assign`, {
          userId: null,
        })
      ).json().data.assignedUser,
    ).toBeNull();
    expect((await get('submanager', '/orgs/2/my-subscriptions/4')).statusCode).toBe(404); // Delta's
  });
});

describe('the Issue form picker: one customer’s subscriptions', () => {
  it('keeps the subscriptions of the customer named by subscriberOrgId, searched and counted', async () => {
    const all = (
      await send('manager', 'POST', '/orgs/1/issued-subscriptions/list', { take: 1000 })
    ).json().data;
    const customer = all.results[0].subscriberOrg.id as number;
    const own = all.results.filter(
      (s: { subscriberOrg: { id: number } }) => s.subscriberOrg.id === customer,
    );
    const res = await send('manager', 'POST', '/orgs/1/issued-subscriptions/list', {
      take: 50,
      subscriberOrgId: customer,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.totalAvailable).toBe(own.length);
    expect(
      new Set(page.results.map((s: { subscriberOrg: { id: number } }) => s.subscriberOrg.id)),
    ).toEqual(new Set([customer]));
    expect(
      (
        await send('manager', 'POST', '/orgs/1/issued-subscriptions/list', {
          subscriberOrgId: 'two',
        })
      ).json().errors.subscriberOrgId,
    ).toBeDefined();
  });

  it('keeps the subscriptions of one offering with offeringId, beside the customer', async () => {
    const all = (
      await send('manager', 'POST', '/orgs/1/issued-subscriptions/list', { take: 1000 })
    ).json().data.results as Array<{ subscriberOrg: { id: number }; offering: { id: number } }>;
    const first = all[0];
    if (!first) throw new Error('the seed sold no subscription');
    const same = all.filter(
      (s) => s.subscriberOrg.id === first.subscriberOrg.id && s.offering.id === first.offering.id,
    );
    const page = (
      await send('manager', 'POST', '/orgs/1/issued-subscriptions/list', {
        take: 50,
        subscriberOrgId: first.subscriberOrg.id,
        offeringId: first.offering.id,
      })
    ).json().data;
    expect(page.totalAvailable).toBe(same.length);
    const otherOffering = all.find((s) => s.offering.id !== first.offering.id)?.offering.id;
    if (otherOffering === undefined) throw new Error('the seed sold one offering only');
    const ofOther = (
      await send('manager', 'POST', '/orgs/1/issued-subscriptions/list', {
        take: 1000,
        offeringId: otherOffering,
      })
    ).json().data;
    expect(ofOther.totalAvailable).toBe(all.filter((s) => s.offering.id === otherOffering).length);
    expect(
      (
        await send('manager', 'POST', '/orgs/1/issued-subscriptions/list', { offeringId: 'x' })
      ).json().errors.offeringId,
    ).toBeDefined();
  });
});

describe('a subscription’s licences: the licence lists with subscriptionId', () => {
  it('lists every licence of one subscription with its true total, past 1,000, on both sides', async () => {
    // Subscription 1: Acme Mining's 'Borealis - Blast Designer', held by Borealis (org 2).
    const [sub] = await crm.app.services.db.query<{ offering_id: number }>(
      'select offering_id from subscriptions where id = 1 and vendor_org_id = 1 and subscriber_org_id = 2',
    );
    if (!sub) throw new Error('the seed changed: subscription 1 is not Acme’s to Borealis');
    await crm.app.services.db.query(
      `insert into licences (vendor_org_id, customer_org_id, subscription_id, offering_id, state, expiry)
       select 1, 2, 1, $1, 'Active', current_date + 365 from generate_series(1, 1005)`,
      [sub.offering_id],
    );
    const [{ n } = { n: 0 }] = await crm.app.services.db.query<{ n: number }>(
      'select count(*)::int as n from licences where subscription_id = 1',
    );
    expect(n).toBeGreaterThan(1000);

    const vendor = (
      await send('manager', 'POST', '/orgs/1/issued-licences/list', {
        subscriptionId: 1,
        take: 20,
      })
    ).json().data;
    expect(vendor.totalAvailable).toBe(n);
    expect(vendor.results).toHaveLength(20);
    expect(
      new Set(vendor.results.map((l: { subscription: { id: number } }) => l.subscription.id)),
    ).toEqual(new Set([1]));

    const holder = (
      await send('submanager', 'POST', '/orgs/2/licences/list', {
        subscriptionId: 1,
        skip: 1000,
        take: 1000,
      })
    ).json().data;
    expect(holder.totalAvailable).toBe(n);
    expect(holder.results).toHaveLength(n - 1000);

    // Another organisation's subscription lists nothing; a bad id is the field's 400.
    expect(
      (
        await send('manager', 'POST', '/orgs/1/issued-licences/list', { subscriptionId: 99999 })
      ).json().data.totalAvailable,
    ).toBe(0);
    const bad = await send('manager', 'POST', '/orgs/1/issued-licences/list', {
      subscriptionId: 'one',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.subscriptionId).toBeDefined();

    // The details answer no longer embeds (a capped copy of) the licences.
    const detail = (await get('manager', '/orgs/1/issued-subscriptions/1')).json().data;
    expect(detail).not.toHaveProperty('licences');
  });
});
