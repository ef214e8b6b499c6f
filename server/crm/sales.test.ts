import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { ORGS, bearer, createTestApp, tokenFor } from '../test/harness';

/**
 * Who a vendor may sell to and what (issue 14, items 3 and 10): licences and subscriptions go
 * only to the vendor's customers (its directory, crm/customers.ts), or to an organisation that
 * registered for one of its offerings; the refusal reads the same whether the organisation exists
 * or not and names none. The checks of a sale run again when it is renewed, reinstated or edited.
 */
let app: App;
let manager: Record<string, string>;
let sysadmin: Record<string, string>;
let outsider: { id: number; name: string };

beforeAll(async () => {
  app = await createTestApp();
  manager = bearer(await tokenFor(app, 'manager')); // business manager of Acme
  sysadmin = bearer(await tokenFor(app, 'sysadmin'));
  // An organisation Acme never sold to.
  const res = await app.inject({
    method: 'POST',
    url: '/crm/v1/admin/orgs',
    headers: sysadmin,
    payload: { name: 'Golf Gravel', isProductOwnerEnabled: false, isServiceOwnerEnabled: false },
  });
  outsider = res.json().data;
});
afterAll(async () => {
  await app.close();
});

const q = <T extends object>(sql: string, params: unknown[] = []) =>
  app.services.db.query<T>(sql, params);
const count = async (table: string) =>
  (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0;
const post = (url: string, payload: object, headers = manager) =>
  app.inject({ method: 'POST', url: `/crm/v1${url}`, headers, payload });
const issue = (customerOrgId: number, extra: object = {}) =>
  post(`/orgs/${ORGS.acme}/issued-licences`, { customerOrgId, offeringId: 1, seats: 1, ...extra });
const subscribe = (subscriberOrgIds: number[]) =>
  post(`/orgs/${ORGS.acme}/issued-subscriptions`, {
    subscriberOrgIds,
    offeringId: 1,
    startDate: '2025-01-01',
    seatsAllowed: 1,
  });
const NOT_A_CUSTOMER = {
  message: "Not one of your customers. A first sale goes through the offering's registration link.",
  errorCode: 'notCustomer',
};

describe('a vendor sells to its customers only', () => {
  it('refuses a licence for an organisation that is not a customer exactly as for one that does not exist', async () => {
    const before = await count('licences');
    const existing = await issue(outsider.id);
    const missing = await issue(999_999);
    expect(existing.statusCode).toBe(400);
    expect(existing.json()).toEqual(missing.json());
    expect(existing.json().errors).toEqual({ customerOrgId: NOT_A_CUSTOMER });
    expect(existing.body).not.toContain(outsider.name);
    expect(await count('licences')).toBe(before);
  });

  it('refuses subscriptions when any organisation chosen is not a customer, the same for unknown ids, storing none', async () => {
    const before = await count('subscriptions');
    const mixed = await subscribe([ORGS.borealis, outsider.id]);
    const missing = await subscribe([ORGS.borealis, 999_999]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual(missing.json());
    expect(mixed.json().errors).toEqual({ subscriberOrgIds: NOT_A_CUSTOMER });
    expect(mixed.body).not.toContain(outsider.name);
    expect(await count('subscriptions')).toBe(before);
    // Its own organisation is no customer either.
    expect((await subscribe([ORGS.acme])).json().errors).toEqual({
      subscriberOrgIds: NOT_A_CUSTOMER,
    });
  });

  it('accepts exactly the organisations the portals’ pickers offer (the customer directory)', async () => {
    const listed = await post(`/orgs/${ORGS.acme}/customers/list`, { take: 1000 });
    const ids = (listed.json().data.results as Array<{ id: number }>).map((c) => c.id);
    expect(ids).toContain(ORGS.borealis);
    expect(ids).not.toContain(outsider.id);
    const res = await subscribe(ids);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(ids.length);
    expect((await issue(ids[ids.length - 1] ?? 0)).statusCode).toBe(200);
  });

  it('sells to an organisation once it registered for one of the vendor’s offerings', async () => {
    const reg = await post(
      '/subscription-registrations',
      {
        organisationName: 'Hotel Hauling',
        contactFirstName: 'Hal',
        contactLastName: 'Hotel',
        contactEmail: 'hal@hotel.example',
        offeringId: 1,
      },
      {},
    );
    const { id, code } = reg.json().data;
    const done = await post(
      `/subscription-registrations/${id}/${code}/complete`,
      {},
      bearer(await tokenFor(app, 'developer')),
    );
    const newOrg = done.json().data.orgId as number;
    expect(done.json().data.subscriptionId).toBeGreaterThan(0);
    const listed = await post(`/orgs/${ORGS.acme}/customers/list`, { take: 1000 });
    expect(listed.json().data.results.map((c: { id: number }) => c.id)).toContain(newOrg);
    expect((await issue(newOrg)).statusCode).toBe(200);
  });
});

describe('the checks of a sale run again on every later change', () => {
  const setAcmeProducts = (enabled: boolean) =>
    app.inject({
      method: 'PUT',
      url: `/crm/v1/admin/orgs/${ORGS.acme}`,
      headers: sysadmin,
      payload: { name: 'Acme Mining', isProductOwnerEnabled: enabled, isServiceOwnerEnabled: true },
    });

  it('refuses (409, a business refusal) to renew, reinstate or edit the sale of a product once the vendor may not sell products; suspending still works', async () => {
    const [lic] = await q<{ id: number }>(
      `select l.id from licences l join offerings f on f.id = l.offering_id
        where l.vendor_org_id = 1 and f.kind = 'product' and l.subscription_id is null order by l.id limit 1`,
    );
    const created = await issue(ORGS.borealis);
    const licenceId = lic?.id ?? created.json().data.id;
    const [sub] = await q<{ id: number }>(
      `select s.id from subscriptions s join offerings f on f.id = s.offering_id
        where s.vendor_org_id = 1 and f.kind = 'product' and not s.is_disabled order by s.id limit 1`,
    );
    expect((await setAcmeProducts(false)).statusCode).toBe(200);
    try {
      const refusal = {
        success: false,
        message: 'Your organization is not enabled to sell products',
      };
      const renew = await post(`/orgs/1/issued-licences/${licenceId}/renew`, {
        expiry: '2031-01-01',
      });
      expect(renew.statusCode).toBe(409);
      expect(renew.json()).toMatchObject(refusal);
      expect((await post(`/orgs/1/issued-licences/${licenceId}/suspend`, {})).statusCode).toBe(200);
      const reinstate = await post(`/orgs/1/issued-licences/${licenceId}/reinstate`, {});
      expect(reinstate.statusCode).toBe(409);
      const edit = await app.inject({
        method: 'PUT',
        url: `/crm/v1/orgs/1/issued-subscriptions/${sub?.id}`,
        headers: manager,
        payload: { name: 'Renamed', startDate: '2025-01-01', seatsAllowed: 3 },
      });
      expect(edit.statusCode).toBe(409);
      expect((await issue(ORGS.borealis)).statusCode).toBe(409);
      // Its own product cannot be edited either (rolled back), and another's id is a 404.
      const product = {
        type: 'product',
        name: 'Renamed',
        description: null,
        tags: [],
        features: [],
      };
      const [own] = await q<{ id: number; name: string }>(
        `select id, name from offerings where org_id = 1 and kind = 'product' order by id limit 1`,
      );
      const editOwn = await app.inject({
        method: 'PUT',
        url: `/crm/v1/orgs/1/offerings/${own?.id}`,
        headers: manager,
        payload: product,
      });
      expect(editOwn.statusCode).toBe(409);
      expect(editOwn.json()).toMatchObject(refusal);
      const [after] = await q<{ name: string }>('select name from offerings where id = $1', [
        own?.id,
      ]);
      expect(after?.name).toBe(own?.name);
      const [foreign] = await q<{ id: number }>(
        `select id from offerings where org_id <> 1 order by id limit 1`,
      );
      const editForeign = await app.inject({
        method: 'PUT',
        url: `/crm/v1/orgs/1/offerings/${foreign?.id}`,
        headers: manager,
        payload: product,
      });
      expect(editForeign.statusCode).toBe(404);
      const [state] = await q<{ state: string }>('select state from licences where id = $1', [
        licenceId,
      ]);
      expect(state?.state).toBe('Suspended');
    } finally {
      await setAcmeProducts(true);
    }
  });

  it("refuses a licence under a subscription of another product (the picker's rule, issue 17)", async () => {
    const [sub] = await q<{ id: number; subscriber_org_id: number; offering_id: number }>(
      `select s.id, s.subscriber_org_id, s.offering_id from subscriptions s
        where s.vendor_org_id = 1 and not s.is_disabled
          and exists (select 1 from offerings f where f.org_id = 1 and f.id <> s.offering_id)
        order by s.id limit 1`,
    );
    const s = sub ?? { id: 0, subscriber_org_id: 0, offering_id: 0 };
    const [other] = await q<{ id: number }>(
      'select id from offerings where org_id = 1 and id <> $1 order by id limit 1',
      [s.offering_id],
    );
    const refused = await issue(s.subscriber_org_id, {
      offeringId: other?.id ?? 0,
      subscriptionId: s.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      subscriptionId: { message: 'The subscription is for another product', errorCode: 'offering' },
    });
  });

  it('refuses a licence under a disabled subscription, on issue and on reinstate', async () => {
    const [sub] = await q<{ id: number; subscriber_org_id: number; offering_id: number }>(
      `select id, subscriber_org_id, offering_id from subscriptions
        where vendor_org_id = 1 and not is_disabled order by id desc limit 1`,
    );
    const s = sub ?? { id: 0, subscriber_org_id: 0, offering_id: 0 };
    const ok = await issue(s.subscriber_org_id, {
      offeringId: s.offering_id,
      subscriptionId: s.id,
    });
    expect(ok.statusCode).toBe(200);
    expect((await post(`/orgs/1/issued-subscriptions/${s.id}/disable`, {})).statusCode).toBe(200);
    const disabled = {
      subscriptionId: { message: 'The subscription is disabled', errorCode: 'disabled' },
    };
    const again = await issue(s.subscriber_org_id, {
      offeringId: s.offering_id,
      subscriptionId: s.id,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(disabled);
    const reinstate = await post(`/orgs/1/issued-licences/${ok.json().data.id}/reinstate`, {});
    expect(reinstate.statusCode).toBe(400);
    expect(reinstate.json().errors).toEqual(disabled);
  });
});
