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
    const detail = (await get('submanager', '/orgs/2/my-subscriptions/1')).json().data;
    const free = detail.licences.find((l: { assignedUser: unknown }) => l.assignedUser === null);
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
