import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { MAX_PAGE_SIZE } from '@/contract/envelope';
import { userMetadataSchema } from '@/contract/metadata';
import { bearer, createTestApp, tokenFor, type DemoAccount } from '../test/harness';

let app: App;
const tokens = new Map<DemoAccount, string>();
beforeAll(async () => {
  app = await createTestApp();
  for (const who of [
    'sysadmin',
    'owner',
    'manager',
    'developer',
    'support',
    'submanager',
    'siteadmin',
    'siteuser',
  ] as DemoAccount[]) {
    tokens.set(who, await tokenFor(app, who));
  }
});
afterAll(async () => {
  await app.close();
});
const as = (who: DemoAccount) => bearer(tokens.get(who) ?? '');
const get = (who: DemoAccount, url: string) =>
  app.inject({ url: `/crm/v1${url}`, headers: as(who) });
const send = (
  who: DemoAccount,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url: `/crm/v1${url}`,
    headers: as(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('GET Orgs/GetUserMetadata', () => {
  it('answers the owner with Acme (owner, admin) and Borealis (sub manager) exactly per the contract', async () => {
    const res = await get('owner', '/Orgs/GetUserMetadata');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const meta = userMetadataSchema.parse(body.data);
    expect(meta.orgsAndPermissions.map((e) => e.org.name)).toEqual([
      'Acme Mining',
      'Borealis Quarries',
    ]);
    const [acme, borealis] = meta.orgsAndPermissions;
    expect(acme?.org.permissions).toMatchObject({
      isOrgOwner: true,
      isOrgAdmin: true,
      isProductOwnerEnabled: true,
      isServiceOwnerEnabled: true,
    });
    expect(acme?.permissions).toMatchObject({
      isSysadmin: false,
      isOrgOwner: true,
      isOrgAdmin: true,
    });
    expect(acme?.org.avatar_Base64).toMatch(/^data:image\/png;base64,/);
    expect(borealis?.permissions.isSubManager).toBe(true);
    // A sub manager sees every site of the org.
    expect(borealis?.org.sites.map((s) => s.name)).toEqual([
      'North Pit',
      'South Pit',
      'East Quarry',
      'Granite Ridge',
    ]);
    expect(borealis?.org.sites[0]).toMatchObject({
      subscriptionId: 3,
      subscriptionSubscriberOrgId: 2,
    });
  });

  it('leaves avatars out with includeOrgAvatars=false and rejects other values', async () => {
    const res = await get('owner', '/Orgs/GetUserMetadata?includeOrgAvatars=false');
    expect(res.json().data.orgsAndPermissions[0].org.avatar_Base64).toBeNull();
    const bad = await get('owner', '/Orgs/GetUserMetadata?includeOrgAvatars=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.includeOrgAvatars.errorCode).toBe('invalid');
  });

  it('gives site admins and site users only their sites, with site permissions', async () => {
    const admin = (await get('siteadmin', '/Orgs/GetUserMetadata')).json().data.orgsAndPermissions;
    expect(admin).toHaveLength(1);
    expect(admin[0].org.sites.map((s: { id: number }) => s.id)).toEqual([1, 2]);
    expect(admin[0].org.sites[0].permissions).toEqual({ isSiteAdmin: true, isSiteUser: false });
    expect(admin[0].permissions.isSiteAdmin).toBe(true);
    const user = (await get('siteuser', '/Orgs/GetUserMetadata')).json().data.orgsAndPermissions;
    expect(user[0].org.sites).toHaveLength(1);
    expect(user[0].org.sites[0].permissions).toEqual({ isSiteAdmin: false, isSiteUser: true });
  });

  it('marks the sysadmin isSysadmin in every entry; keeps malformed customData as stored', async () => {
    const meta = (await get('sysadmin', '/Orgs/GetUserMetadata')).json().data;
    expect(meta.orgsAndPermissions[0].permissions.isSysadmin).toBe(true);
    const [delta] = await app.services.db.query<{ custom_data: string }>(
      'select custom_data from orgs where id = 4',
    );
    expect(() => JSON.parse(delta?.custom_data ?? '')).toThrow();
  });
});

describe('avatars', () => {
  it('answers the default avatar and avatars by GET query and POST body', async () => {
    expect((await get('developer', '/users/getdefaultavatar')).json().data).toMatch(
      /^data:image\/png;base64,/,
    );
    const q = (await get('developer', '/users/getavatars?userIds=2&userIds=3')).json().data;
    expect(q).toEqual(
      expect.arrayContaining([
        { userId: 3, avatar_Base64: null },
        expect.objectContaining({ userId: 2 }),
      ]),
    );
    const p = (await send('developer', 'POST', '/users/getavatars', { userIds: [6] })).json().data;
    expect(p[0].avatar_Base64).toMatch(/^data:image/);
    const bad = await send('developer', 'POST', '/users/getavatars', { userIds: ['x'] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('offerings', () => {
  it('lists Acme offerings for every allowed role and forbids Borealis members without a role', async () => {
    for (const who of ['owner', 'manager', 'developer', 'support'] as DemoAccount[]) {
      const res = await send(who, 'POST', '/orgs/1/offerings/list', { take: 5 });
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.results[0]).toMatchObject({
        name: 'Blast Designer',
        type: 'product',
        orgName: 'Acme Mining',
      });
    }
    const denied = await send('siteadmin', 'POST', '/orgs/2/offerings/list', {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false });
  });

  it('creates, edits (features and tags), reads and deletes a product; developers may not write', async () => {
    const input = {
      type: 'product',
      name: 'Stemming Optimiser',
      description: 'Optimise stemming.',
      tags: ['Design;', 'NEW'],
      features: [{ name: 'Auto stemming', defaultValue: true }],
    };
    expect((await send('developer', 'POST', '/orgs/1/offerings', input)).statusCode).toBe(403);
    const created = await send('manager', 'POST', '/orgs/1/offerings', { ...input, orgId: 3 });
    expect(created.statusCode).toBe(200);
    const o = created.json().data;
    expect(o).toMatchObject({
      orgId: 1,
      name: 'Stemming Optimiser',
      tags: ['design', 'new'],
      features: [{ name: 'Auto stemming', defaultValue: true }],
    });
    const edited = await send('manager', 'PUT', `/orgs/1/offerings/${o.id}`, {
      ...input,
      name: 'Stemming Optimiser Pro',
      features: [
        { id: o.features[0].id, name: 'Auto stemming', defaultValue: false },
        { name: 'Reports', defaultValue: true },
      ],
    });
    expect(edited.json().data.features).toHaveLength(2);
    expect((await get('support', `/orgs/1/offerings/${o.id}`)).json().data.name).toBe(
      'Stemming Optimiser Pro',
    );
    expect((await send('owner', 'DELETE', `/orgs/1/offerings/${o.id}`)).statusCode).toBe(200);
    expect((await get('owner', `/orgs/1/offerings/${o.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another organisation’s offering id in the caller’s own org path', async () => {
    const res = await get('owner', '/orgs/1/offerings/13'); // 13 is Cobalt's
    expect(res.statusCode).toBe(404);
  });

  it('validates the body with field errors and never writes half', async () => {
    const res = await send('owner', 'POST', '/orgs/1/offerings', {
      type: 'gadget',
      name: '',
      features: [{ name: '' }],
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.type.errorCode).toBe('invalid');
    expect(errors.name.message).toBe('Mandatory field');
    expect(errors['features.0.name']).toBeDefined();
    const missing = await send('owner', 'POST', '/orgs/1/offerings', {});
    expect(missing.json().errors.name).toEqual({
      message: 'Mandatory field',
      errorCode: 'required',
    });
  });

  it('manages offering custom data records', async () => {
    const created = await send('owner', 'POST', '/orgs/1/offerings/2/custom-data', {
      name: 'Banner',
      executionPriority: 1,
      data: '{"type":"Arbitrary"}',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(
      (
        await send('owner', 'POST', '/orgs/1/offerings/2/custom-data', {
          name: 'Bad',
          executionPriority: 1,
          data: '{oops',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await get('owner', '/orgs/1/offerings/2'))
        .json()
        .data.customData.map((c: { id: number }) => c.id),
    ).toContain(id);
    expect(
      (await send('owner', 'DELETE', `/orgs/1/offerings/2/custom-data/${id}`)).statusCode,
    ).toBe(200);
  });
});

describe('users', () => {
  it('lists org users incl. the pending invitation (no first name) for allowed roles only', async () => {
    const res = await send('submanager', 'POST', '/orgs/2/users/list', { search: 'pending' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results[0]).toMatchObject({
      id: 9,
      email: 'pending@example.com',
      firstName: null,
      status: 'Invited',
    });
    expect((await send('manager', 'POST', '/orgs/1/users/list', {})).statusCode).toBe(403);
  });

  it('invites by email (no duplicates), resends, revokes; sub managers cannot grant org admin', async () => {
    const invite = await send('owner', 'POST', '/orgs/1/users/invite', {
      email: 'New.Person@Example.com',
      isDeveloper: true,
      isSysadmin: true,
    });
    expect(invite.statusCode).toBe(200);
    const u = invite.json().data;
    expect(u).toMatchObject({
      email: 'new.person@example.com',
      isDeveloper: true,
      status: 'Invited',
    });
    // An invitation is not an account (nor a membership) until it is accepted.
    expect(
      await app.services.db.query(`select 1 from users where email = 'new.person@example.com'`),
    ).toHaveLength(0);
    expect(
      (await send('owner', 'POST', '/orgs/1/users/invite', { email: 'new.person@example.com' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await send('owner', 'POST', `/orgs/1/users/${u.id}/resend-invitation`)).statusCode,
    ).toBe(200);
    expect((await send('owner', 'DELETE', `/orgs/1/users/${u.id}/invitation`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await send('submanager', 'POST', '/orgs/2/users/invite', {
          email: 'x@example.com',
          isOrgAdmin: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('owner', 'POST', '/orgs/1/users/invite', { email: 'not an email' })).json().errors
        .email.message,
    ).toBe('Invalid email');
  });

  it('changes flags and removes members; never the owner', async () => {
    const res = await send('owner', 'PUT', '/orgs/1/users/4', {
      isDeveloper: true,
      isTechSupport: true,
    });
    expect(res.json().data).toMatchObject({
      isDeveloper: true,
      isTechSupport: true,
      isOrgAdmin: false,
    });
    expect((await send('sysadmin', 'DELETE', '/orgs/1/users/2')).statusCode).toBe(400);
    expect(
      (await send('owner', 'PUT', '/orgs/1/users/999999', { isDeveloper: true })).statusCode,
    ).toBe(404);
  });

  it('lists all users with their organisations for sysadmins', async () => {
    const res = await send('sysadmin', 'POST', '/admin/users/list', {
      search: 'owner@example.com',
    });
    expect(res.json().data.results[0]).toMatchObject({
      email: 'owner@example.com',
      orgName: 'Acme Mining, Borealis Quarries',
    });
  });
});

describe('organisations', () => {
  it('lets the org owner edit the org (customData as a JSON string) and no one else', async () => {
    const body = { name: 'Acme Mining', description: 'Updated', customData: '{"theme":"blue"}' };
    expect((await send('owner', 'PUT', '/orgs/1', body)).json().data).toMatchObject({
      description: 'Updated',
      customData: '{"theme":"blue"}',
    });
    expect((await send('manager', 'PUT', '/orgs/1', body)).statusCode).toBe(403);
    expect(
      (await send('owner', 'PUT', '/orgs/1', { ...body, customData: '{bad' })).statusCode,
    ).toBe(400);
    expect(
      (await send('owner', 'PUT', '/orgs/1', { ...body, isProductOwnerEnabled: false })).json().data
        .isProductOwnerEnabled,
    ).toBe(true);
  });

  it('lists every organisation for sysadmins, who may change capability flags', async () => {
    const list = await send('sysadmin', 'POST', '/admin/orgs/list', { take: 2 });
    expect(list.json().data).toMatchObject({ fetchedCount: 2, skippedCount: 0 });
    expect(list.json().data.totalAvailable).toBeGreaterThan(4);
    const res = await send('sysadmin', 'PUT', '/admin/orgs/3', {
      name: 'Cobalt Blasting',
      isProductOwnerEnabled: true,
      isServiceOwnerEnabled: true,
    });
    expect(res.json().data.isProductOwnerEnabled).toBe(true);
  });

  it('manages org custom data records (owner writes, admin reads)', async () => {
    const created = await send('owner', 'POST', '/orgs/1/custom-data', {
      name: 'Notice',
      description: null,
      executionPriority: 3,
      data: '{"type":"DatedMessage"}',
    });
    const id = created.json().data.id;
    expect(
      (await get('sysadmin', '/orgs/1/custom-data')).json().data.map((r: { id: number }) => r.id),
    ).toContain(id);
    expect(
      (
        await send('owner', 'PUT', `/orgs/1/custom-data/${id}`, {
          name: 'Notice 2',
          executionPriority: 4,
          data: '{}',
        })
      ).json().data.name,
    ).toBe('Notice 2');
    expect((await send('owner', 'DELETE', `/orgs/1/custom-data/${id}`)).statusCode).toBe(200);
  });
});

describe('licences and subscriptions', () => {
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
    await app.services.db.query(
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

describe('anonymous and special endpoints', () => {
  it('reads and saves email preferences by code; wrong code 404, expired 400', async () => {
    const ok = await app.inject({ url: '/crm/v1/email-preferences/owner@example.com/demo-code' });
    expect(ok.json().data).toMatchObject({ email: 'owner@example.com', marketing: false });
    const put = await app.inject({
      method: 'PUT',
      url: '/crm/v1/email-preferences/owner@example.com/demo-code',
      payload: { productUpdates: false, serviceNotices: true, marketing: true },
    });
    expect(put.json().data.marketing).toBe(true);
    const wrong = await app.inject({ url: '/crm/v1/email-preferences/owner@example.com/guess' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toMatch(/not valid/);
    const expired = await app.inject({
      url: '/crm/v1/email-preferences/pending@example.com/expired-code',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('accepts support requests from the three support organisations only', async () => {
    expect(
      (
        await send('owner', 'POST', '/orgs/1/support-requests', {
          subject: 'Help',
          message: 'Please',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send('sysadmin', 'POST', '/orgs/4/support-requests', {
          subject: 'Help',
          message: 'Please',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('owner', 'POST', '/orgs/1/support-requests', { subject: '', message: '' })).json()
        .errors.subject.message,
    ).toBe('Mandatory field');
  });

  it('runs a subscription registration: anonymous create/read/update, signed-in completion', async () => {
    const input = {
      organisationName: 'Echo Earthworks',
      contactFirstName: 'Eve',
      contactLastName: 'Echo',
      contactEmail: 'eve@echo.example',
      offeringId: 9,
    };
    const created = (
      await app.inject({
        method: 'POST',
        url: '/crm/v1/subscription-registrations',
        payload: input,
      })
    ).json().data;
    expect(created.code).toBeTruthy();
    expect(
      (await app.inject({ url: `/crm/v1/subscription-registrations/${created.id}/wrong` }))
        .statusCode,
    ).toBe(404);
    const read = await app.inject({
      url: `/crm/v1/subscription-registrations/${created.id}/${created.code}`,
    });
    expect(read.json().data).toMatchObject({ organisationName: 'Echo Earthworks', status: 'open' });
    const updated = await app.inject({
      method: 'POST',
      url: `/crm/v1/subscription-registrations/${created.id}/${created.code}`,
      payload: { ...input, organisationName: 'Echo Earthworks Ltd' },
    });
    expect(updated.json().data.organisationName).toBe('Echo Earthworks Ltd');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/crm/v1/subscription-registrations/${created.id}/${created.code}/complete`,
        })
      ).statusCode,
    ).toBe(401);
    const done = await send(
      'developer',
      'POST',
      `/subscription-registrations/${created.id}/${created.code}/complete`,
    );
    expect(done.statusCode).toBe(200);
    const meta = (await get('developer', '/Orgs/GetUserMetadata')).json().data.orgsAndPermissions;
    expect(
      meta.find((e: { org: { id: number } }) => e.org.id === done.json().data.orgId).permissions
        .isOrgOwner,
    ).toBe(true);
    expect(
      (
        await send(
          'developer',
          'POST',
          `/subscription-registrations/${created.id}/${created.code}/complete`,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('answers malformed JSON and unknown routes with the envelope', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/offerings/list',
      headers: { ...as('owner'), 'content-type': 'application/json' },
      payload: '{"skip":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: { body: { errorCode: 'invalid' } },
    });
    const none = await app.inject({ url: '/crm/v1/nothing-here', headers: as('owner') });
    expect(none.statusCode).toBe(404);
    expect(none.json().success).toBe(false);
  });

  it('sets security headers and CORS for the portal origins only', async () => {
    const res = await app.inject({
      url: '/crm/v1/Orgs/GetUserMetadata',
      headers: { ...as('owner'), origin: 'http://localhost:5173' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const evil = await app.inject({
      url: '/crm/v1/Orgs/GetUserMetadata',
      headers: { ...as('owner'), origin: 'http://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await app.inject({
      method: 'OPTIONS',
      url: '/crm/v1/orgs/1/offerings/list',
      headers: {
        origin: 'http://localhost:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toContain('authorization');
  });

  it('serves an OpenAPI document of the endpoints', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/crm/v1/Orgs/GetUserMetadata',
        '/crm/v1/orgs/{orgId}/offerings/list',
        '/identity/v1/profile',
        '/errors/v1/events',
      ]),
    );
  });
});
