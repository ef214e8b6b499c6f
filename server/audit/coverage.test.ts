import { describe, expect, it } from 'vitest';
import { routeTable, type RouteInfo } from '../http/routes';
import { DATA_PREFIX } from '../data/register';
import { makeBlst } from '../data/test-support';
import { bearer, DEMO, ORGS, tokenFor, type DemoAccount } from '../test/harness';
import { useTestApp } from '../test/use-app';
import { auditProbe, type AuditEvent } from '../test/audit';
import { fillUrl, paramNames } from '../security/support';

/**
 * Issue 18, "coverage generated, not hand-listed": every write route of the route table (each
 * POST, PUT, PATCH and DELETE but the lists and exports, and those that declare why they record
 * nothing: RouteDef.unaudited) is called here as a permitted caller and must record its event
 * with the right actor, organisation (and site), record and action; and refused (a member without
 * the permission, another organisation's record, a wrong code) it must record no change at all.
 * A new write route without a fixture below fails the first test.
 */
const app = useTestApp();
const probe = auditProbe(() => app().services.db);

type Values = Record<string, string | number>;
interface Call {
  who: DemoAccount | null;
  values?: Values;
  body?: unknown;
}
interface Expected {
  action: string;
  recordType: string;
  recordId: string | number;
  recordName: string | null;
  orgId: number | null;
  siteId?: number | null;
}
interface Fixture {
  /** The permitted call; may prepare what it needs first (those writes are not its events). */
  call: () => Promise<Call> | Call;
  /** The event the call must record (data: the envelope's data of the answer). */
  expect: (data: never, call: Call) => Promise<Expected> | Expected;
  /** A member of the path's organisation without the route's permission (403, or 404 on a site). */
  refusedBy?: DemoAccount;
  /** A call that must be refused: a wrong code, a record of another organisation. */
  refused?: () => Promise<Call> | Call;
}

const q = <T extends object>(sql: string, params: unknown[] = []) =>
  app().services.db.query<T>(sql, params);
const one = async <T extends object>(sql: string, params: unknown[] = []) => {
  const [row] = await q<T>(sql, params);
  if (!row) throw new Error(`No row for: ${sql}`);
  return row;
};

/** 'Owner Person <owner@example.com>': the actor as the trail names it. */
const actorOf = async (who: DemoAccount) => {
  const id = DEMO[who];
  const u = await one<{ first_name: string | null; last_name: string | null; email: string }>(
    'select first_name, last_name, email from users where id = $1',
    [id],
  );
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return { id, name: name ? `${name} <${u.email}>` : u.email };
};

const tokens = new Map<DemoAccount, string>();
async function send(r: RouteInfo, c: Call) {
  let headers = {};
  if (c.who) {
    if (!tokens.has(c.who)) tokens.set(c.who, await tokenFor(app(), c.who));
    headers = bearer(tokens.get(c.who) ?? '');
  }
  return app().inject({
    method: r.method,
    url: fillUrl(r.url, c.values ?? {}),
    headers: { ...headers, 'user-agent': 'AuditCoverage/1.0' },
    ...(c.body === undefined ? {} : { payload: c.body as object }),
  });
}

const blst = (name: string) => ({
  fileName: `${name}.blst`,
  base64: Buffer.from(makeBlst(2, 2, 100, 200, name).text).toString('base64'),
});
const pdf = { fileName: 'terms.pdf', base64: Buffer.from('%PDF-1.4 coverage').toString('base64') };
const customData = (name: string) => ({
  name,
  executionPriority: 1,
  data: JSON.stringify({ type: 'Arbitrary', note: name }),
});
const registration = (name: string) => ({
  organisationName: name,
  contactFirstName: 'Reg',
  contactLastName: 'Istrant',
  contactEmail: 'registrant@example.com',
});

/** An Active licence Acme issued (each call another one), with its name in the trail. */
let licencesTaken = 0;
async function activeLicence() {
  return one<{ id: number; name: string }>(
    `select l.id, o.name || ' for ' || c.name as name
       from licences l join offerings o on o.id = l.offering_id join orgs c on c.id = l.customer_org_id
      where l.vendor_org_id = 1 and l.state = 'Active' and l.customer_org_id = 2
        and (l.expiry is null or l.expiry > now() + interval '30 days')
      order by l.id offset $1 limit 1`,
    [licencesTaken++],
  );
}
const suspended = async () => {
  const l = await activeLicence();
  await q(`update licences set state = 'Suspended' where id = $1`, [l.id]);
  return l;
};
const acmeOffering = () =>
  one<{ id: number; name: string }>(
    `select id, name from offerings where org_id = 1 order by id limit 1`,
  );
const acmeSubscription = () =>
  one<{ id: number; name: string }>(
    `select id, name from subscriptions where vendor_org_id = 1 and subscriber_org_id = 2
        and not is_disabled order by id limit 1`,
  );
/** A blast of Borealis's site 1 (where the demo site admin works). */
const blast = () =>
  one<{ id: number; name: string }>(
    `select id, name from blasts where site_id = 1 order by id limit 1`,
  );
const inviteToBorealis = async (email: string) => {
  const res = await app().inject({
    method: 'POST',
    url: `/crm/v1/orgs/${ORGS.borealis}/users/invite`,
    headers: bearer(await tokenFor(app(), 'submanager')),
    payload: { email, isDeveloper: true },
  });
  expect(res.statusCode).toBe(200);
  return one<{ id: number }>('select id from invitations where email = $1 and org_id = 2', [email]);
};
const crm = (who: DemoAccount, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  tokenFor(app(), who).then((t) =>
    app().inject({ method, url: `/crm/v1${url}`, headers: bearer(t), payload: payload as object }),
  );
const data = (who: DemoAccount, method: 'POST', url: string, payload: unknown) =>
  tokenFor(app(), who).then((t) =>
    app().inject({
      method,
      url: `${DATA_PREFIX}${url}`,
      headers: bearer(t),
      payload: payload as object,
    }),
  );
const created = async (res: { statusCode: number; json: () => { data: { id: number } } }) => {
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
};

const fixtures: Record<string, Fixture> = {
  // ---- identity
  'PUT /identity/v1/profile': {
    call: () => ({ who: 'developer', body: { firstName: 'Devi', lastName: 'Patel' } }),
    expect: () => ({
      action: 'update',
      recordType: 'user',
      recordId: 4,
      recordName: 'developer@example.com',
      orgId: null,
    }),
    // Without a token.
    refused: () => ({ who: null, body: { firstName: 'Anon', lastName: 'Ymous' } }),
  },
  // ---- CRM: organisations
  'POST /crm/v1/admin/orgs': {
    call: () => ({
      who: 'sysadmin',
      body: { name: 'Coverage Org', isProductOwnerEnabled: false, isServiceOwnerEnabled: false },
    }),
    expect: (d: { id: number }) => ({
      action: 'create',
      recordType: 'organization',
      recordId: d.id,
      recordName: 'Coverage Org',
      orgId: d.id,
    }),
    refusedBy: 'owner',
  },
  'PUT /crm/v1/admin/orgs/:orgId': {
    call: () => ({
      who: 'sysadmin',
      values: { orgId: ORGS.cobalt },
      body: { name: 'Cobalt Renamed', isProductOwnerEnabled: true, isServiceOwnerEnabled: true },
    }),
    expect: () => ({
      action: 'update',
      recordType: 'organization',
      recordId: ORGS.cobalt,
      recordName: 'Cobalt Renamed',
      orgId: ORGS.cobalt,
    }),
    refusedBy: 'owner',
  },
  'PUT /crm/v1/orgs/:orgId': {
    call: () => ({
      who: 'owner',
      values: { orgId: ORGS.acme },
      body: { name: 'Acme Renamed', description: 'Covered' },
    }),
    expect: () => ({
      action: 'update',
      recordType: 'organization',
      recordId: ORGS.acme,
      recordName: 'Acme Renamed',
      orgId: ORGS.acme,
    }),
    refusedBy: 'manager',
  },
  'POST /crm/v1/orgs/:orgId/custom-data': {
    call: () => ({ who: 'owner', values: { orgId: ORGS.acme }, body: customData('Cov A') }),
    expect: async () => ({
      action: 'update',
      recordType: 'organization',
      recordId: ORGS.acme,
      recordName: (await one<{ name: string }>('select name from orgs where id = 1')).name,
      orgId: ORGS.acme,
    }),
    refusedBy: 'manager',
  },
  'PUT /crm/v1/orgs/:orgId/custom-data/:id': {
    call: async () => {
      const id = await created(
        await crm('owner', 'POST', '/orgs/1/custom-data', customData('Cov B')),
      );
      return { who: 'owner', values: { orgId: ORGS.acme, id }, body: customData('Cov B2') };
    },
    expect: async () => ({
      action: 'update',
      recordType: 'organization',
      recordId: ORGS.acme,
      recordName: (await one<{ name: string }>('select name from orgs where id = 1')).name,
      orgId: ORGS.acme,
    }),
    refusedBy: 'manager',
  },
  'DELETE /crm/v1/orgs/:orgId/custom-data/:id': {
    call: async () => {
      const id = await created(
        await crm('owner', 'POST', '/orgs/1/custom-data', customData('Cov C')),
      );
      return { who: 'owner', values: { orgId: ORGS.acme, id } };
    },
    expect: async () => ({
      action: 'update',
      recordType: 'organization',
      recordId: ORGS.acme,
      recordName: (await one<{ name: string }>('select name from orgs where id = 1')).name,
      orgId: ORGS.acme,
    }),
    refusedBy: 'manager',
  },
  // ---- CRM: users and invitations
  'POST /crm/v1/orgs/:orgId/users/invite': {
    call: () => ({
      who: 'owner',
      values: { orgId: ORGS.acme },
      body: { email: 'covered.invitee@example.com', isDeveloper: true },
    }),
    expect: async () => ({
      action: 'invite',
      recordType: 'invitation',
      recordId: (
        await one<{ id: number }>(
          `select id from invitations where email = 'covered.invitee@example.com'`,
        )
      ).id,
      recordName: 'covered.invitee@example.com',
      orgId: ORGS.acme,
    }),
    refusedBy: 'manager',
  },
  'POST /crm/v1/orgs/:orgId/users/:id/resend-invitation': {
    call: async () => ({
      who: 'submanager',
      values: { orgId: ORGS.borealis, id: (await inviteToBorealis('resend.one@example.com')).id },
    }),
    expect: (_d, c) => ({
      action: 'resend',
      recordType: 'invitation',
      recordId: c.values?.id ?? '',
      recordName: 'resend.one@example.com',
      orgId: ORGS.borealis,
    }),
    refusedBy: 'siteuser',
  },
  'POST /crm/v1/orgs/:orgId/users/bulk/resend-invitation': {
    call: async () => ({
      who: 'submanager',
      values: { orgId: ORGS.borealis },
      body: { ids: [(await inviteToBorealis('resend.bulk@example.com')).id] },
    }),
    expect: (_d, c) => ({
      action: 'resend',
      recordType: 'invitation',
      recordId: (c.body as { ids: number[] }).ids[0] ?? '',
      recordName: 'resend.bulk@example.com',
      orgId: ORGS.borealis,
    }),
    refusedBy: 'siteuser',
  },
  'DELETE /crm/v1/orgs/:orgId/users/:id/invitation': {
    call: async () => ({
      who: 'submanager',
      values: { orgId: ORGS.borealis, id: (await inviteToBorealis('revoke.me@example.com')).id },
    }),
    expect: (_d, c) => ({
      action: 'revoke',
      recordType: 'invitation',
      recordId: c.values?.id ?? '',
      recordName: 'revoke.me@example.com',
      orgId: ORGS.borealis,
    }),
    refusedBy: 'siteuser',
  },
  'PUT /crm/v1/orgs/:orgId/users/:id': {
    call: () => ({
      who: 'owner',
      values: { orgId: ORGS.acme, id: 4 },
      body: { isDeveloper: true, isTechSupport: true },
    }),
    expect: () => ({
      action: 'update',
      recordType: 'member',
      recordId: 4,
      recordName: 'developer@example.com',
      orgId: ORGS.acme,
    }),
    refusedBy: 'manager',
  },
  'DELETE /crm/v1/orgs/:orgId/users/:id': {
    call: () => ({ who: 'owner', values: { orgId: ORGS.acme, id: 5 } }),
    expect: () => ({
      action: 'remove',
      recordType: 'member',
      recordId: 5,
      recordName: 'support@example.com',
      orgId: ORGS.acme,
    }),
    refusedBy: 'manager',
  },
  // ---- CRM: offerings
  'POST /crm/v1/orgs/:orgId/offerings': {
    call: () => ({
      who: 'manager',
      values: { orgId: ORGS.acme },
      body: { type: 'product', name: 'Coverage Product', tags: [], features: [] },
    }),
    expect: (d: { id: number }) => ({
      action: 'create',
      recordType: 'offering',
      recordId: d.id,
      recordName: 'Coverage Product',
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  'PUT /crm/v1/orgs/:orgId/offerings/:id': {
    call: async () => ({
      who: 'manager',
      values: { orgId: ORGS.acme, id: (await acmeOffering()).id },
      body: { type: 'product', name: 'Coverage Renamed', tags: [] },
    }),
    expect: (_d, c) => ({
      action: 'update',
      recordType: 'offering',
      recordId: c.values?.id ?? '',
      recordName: 'Coverage Renamed',
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  'DELETE /crm/v1/orgs/:orgId/offerings/:id': {
    call: async () => {
      const body = { type: 'service', name: 'Coverage Doomed', tags: [], features: [] };
      const id = await created(await crm('manager', 'POST', '/orgs/1/offerings', body));
      return { who: 'manager', values: { orgId: ORGS.acme, id } };
    },
    expect: (_d, c) => ({
      action: 'delete',
      recordType: 'offering',
      recordId: c.values?.id ?? '',
      recordName: 'Coverage Doomed',
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  'POST /crm/v1/orgs/:orgId/offerings/:id/custom-data': {
    call: async () => ({
      who: 'manager',
      values: { orgId: ORGS.acme, id: (await acmeOffering()).id },
      body: customData('Offering Cov A'),
    }),
    expect: async (_d, c) => ({
      action: 'update',
      recordType: 'offering',
      recordId: c.values?.id ?? '',
      recordName: (await acmeOffering()).name,
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  'PUT /crm/v1/orgs/:orgId/offerings/:id/custom-data/:recordId': {
    call: async () => {
      const id = (await acmeOffering()).id;
      const recordId = await created(
        await crm('manager', 'POST', `/orgs/1/offerings/${id}/custom-data`, customData('Off B')),
      );
      return {
        who: 'manager',
        values: { orgId: ORGS.acme, id, recordId },
        body: customData('Off B2'),
      };
    },
    expect: async (_d, c) => ({
      action: 'update',
      recordType: 'offering',
      recordId: c.values?.id ?? '',
      recordName: (await acmeOffering()).name,
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  'DELETE /crm/v1/orgs/:orgId/offerings/:id/custom-data/:recordId': {
    call: async () => {
      const id = (await acmeOffering()).id;
      const recordId = await created(
        await crm('manager', 'POST', `/orgs/1/offerings/${id}/custom-data`, customData('Off C')),
      );
      return { who: 'manager', values: { orgId: ORGS.acme, id, recordId } };
    },
    expect: async (_d, c) => ({
      action: 'update',
      recordType: 'offering',
      recordId: c.values?.id ?? '',
      recordName: (await acmeOffering()).name,
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  // ---- CRM: issued licences (the vendor's records)
  'POST /crm/v1/orgs/:orgId/issued-licences': {
    call: async () => ({
      who: 'manager',
      values: { orgId: ORGS.acme },
      body: { customerOrgId: ORGS.delta, offeringId: (await acmeOffering()).id, seats: 3 },
    }),
    expect: async (d: { id: number }) => ({
      action: 'create',
      recordType: 'licence',
      recordId: d.id,
      recordName: `${(await acmeOffering()).name} for Delta Drilling`,
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  ...Object.fromEntries(
    (['suspend', 'reinstate', 'renew'] as const).flatMap((verb) => {
      const pick = verb === 'reinstate' ? suspended : activeLicence;
      const body = verb === 'renew' ? { expiry: '2099-01-01' } : undefined;
      let name = '';
      const expectation = (id: number | string): Expected => ({
        action: verb,
        recordType: 'licence',
        recordId: id,
        recordName: name,
        orgId: ORGS.acme,
      });
      const single: Fixture = {
        call: async () => {
          const l = await pick();
          name = l.name;
          return { who: 'manager', values: { orgId: ORGS.acme, id: l.id }, body: body ?? {} };
        },
        expect: (_d, c) => expectation(c.values?.id ?? ''),
        refusedBy: 'developer',
      };
      const bulk: Fixture = {
        call: async () => {
          const l = await pick();
          name = l.name;
          return { who: 'manager', values: { orgId: ORGS.acme }, body: { ids: [l.id], ...body } };
        },
        expect: (_d, c) => expectation((c.body as { ids: number[] }).ids[0] ?? ''),
        refusedBy: 'developer',
      };
      return [
        [`POST /crm/v1/orgs/:orgId/issued-licences/:id/${verb}`, single],
        [`POST /crm/v1/orgs/:orgId/issued-licences/bulk/${verb}`, bulk],
      ];
    }),
  ),
  // ---- CRM: subscriptions
  'POST /crm/v1/orgs/:orgId/issued-subscriptions': {
    call: async () => ({
      who: 'manager',
      values: { orgId: ORGS.acme },
      body: {
        subscriberOrgIds: [ORGS.delta],
        offeringId: (await acmeOffering()).id,
        name: 'Coverage Subscription',
        startDate: '2026-01-01',
        seatsAllowed: 2,
      },
    }),
    expect: async () => ({
      action: 'create',
      recordType: 'subscription',
      recordId: (
        await one<{ id: number }>(
          `select id from subscriptions where name = 'Coverage Subscription'`,
        )
      ).id,
      recordName: 'Coverage Subscription',
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  'PUT /crm/v1/orgs/:orgId/issued-subscriptions/:id': {
    call: async () => ({
      who: 'manager',
      values: { orgId: ORGS.acme, id: (await acmeSubscription()).id },
      body: {
        name: 'Coverage Sub Renamed',
        startDate: '2025-01-01',
        seatsAllowed: 40,
        attachments: [pdf],
      },
    }),
    expect: (_d, c) => ({
      action: 'update',
      recordType: 'subscription',
      recordId: c.values?.id ?? '',
      recordName: 'Coverage Sub Renamed',
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  'POST /crm/v1/orgs/:orgId/issued-subscriptions/:id/disable': {
    call: async () => ({
      who: 'manager',
      values: { orgId: ORGS.acme, id: (await acmeSubscription()).id },
      body: {},
    }),
    expect: async (_d, c) => ({
      action: 'disable',
      recordType: 'subscription',
      recordId: c.values?.id ?? '',
      recordName: (
        await one<{ name: string }>('select name from subscriptions where id = $1', [c.values?.id])
      ).name,
      orgId: ORGS.acme,
    }),
    refusedBy: 'developer',
  },
  // The customer assigns its own licence to its own member: the customer's event.
  'POST /crm/v1/orgs/:orgId/my-subscriptions/:id/licences/:licenceId/assign': {
    call: async () => {
      const l = await one<{ id: number; subscription_id: number }>(
        `select id, subscription_id from licences where customer_org_id = 2 and subscription_id is not null
            and state = 'Active' order by id desc limit 1`,
      );
      return {
        who: 'submanager',
        values: { orgId: ORGS.borealis, id: l.subscription_id, licenceId: l.id },
        body: { userId: 7 },
      };
    },
    expect: async (_d, c) => ({
      action: 'update',
      recordType: 'licence',
      recordId: c.values?.licenceId ?? '',
      recordName: (
        await one<{ name: string }>(
          `select o.name || ' for ' || c.name as name from licences l join offerings o on o.id = l.offering_id
             join orgs c on c.id = l.customer_org_id where l.id = $1`,
          [c.values?.licenceId],
        )
      ).name,
      orgId: ORGS.borealis,
    }),
    refusedBy: 'siteuser',
  },
  // ---- CRM: anonymous and signed-in forms
  'PUT /crm/v1/email-preferences/:email/:code': {
    call: () => ({
      who: null,
      values: { email: 'owner@example.com', code: 'demo-code' },
      body: { productUpdates: false, serviceNotices: true, marketing: true },
    }),
    expect: () => ({
      action: 'update',
      recordType: 'email preferences',
      recordId: 'owner@example.com',
      recordName: 'owner@example.com',
      orgId: null,
    }),
    refused: () => ({
      who: null,
      values: { email: 'owner@example.com', code: 'guessed' },
      body: { productUpdates: true, serviceNotices: true, marketing: false },
    }),
  },
  'POST /crm/v1/orgs/:orgId/support-requests': {
    call: () => ({
      who: 'owner',
      values: { orgId: ORGS.acme },
      body: { subject: 'Coverage help', message: 'Please', attachments: [pdf] },
    }),
    expect: (d: { id: number }) => ({
      action: 'create',
      recordType: 'support request',
      recordId: d.id,
      recordName: 'Coverage help',
      orgId: ORGS.acme,
    }),
    // Delta is no support organisation.
    refused: () => ({
      who: 'sysadmin',
      values: { orgId: ORGS.delta },
      body: { subject: 'Refused', message: 'Please' },
    }),
  },
  'POST /crm/v1/subscription-registrations': {
    call: () => ({ who: null, body: registration('Coverage Registrant') }),
    expect: (d: { id: number }) => ({
      action: 'create',
      recordType: 'registration',
      recordId: d.id,
      recordName: 'Coverage Registrant',
      orgId: null,
    }),
    // An offering that does not exist: refused by the handler, inside its transaction.
    refused: () => ({ who: null, body: { ...registration('Refused'), offeringId: 999_999 } }),
  },
  'POST /crm/v1/subscription-registrations/:id/:code': {
    call: async () => {
      const res = await app().inject({
        method: 'POST',
        url: '/crm/v1/subscription-registrations',
        payload: registration('Coverage Update'),
      });
      const { id, code } = res.json().data as { id: number; code: string };
      return { who: null, values: { id, code }, body: registration('Coverage Updated') };
    },
    expect: (_d, c) => ({
      action: 'update',
      recordType: 'registration',
      recordId: c.values?.id ?? '',
      recordName: 'Coverage Updated',
      orgId: null,
    }),
    refused: async () => ({
      who: null,
      values: {
        id: (await one<{ id: number }>('select max(id) as id from subscription_registrations')).id,
        code: 'guessed',
      },
      body: registration('Hijacked'),
    }),
  },
  'POST /crm/v1/subscription-registrations/:id/:code/complete': {
    call: async () => {
      const offering = await one<{ id: number }>(
        `select o.id from offerings o join orgs v on v.id = o.org_id
          where (o.kind = 'product' and v.is_product_owner_enabled)
             or (o.kind = 'service' and v.is_service_owner_enabled) order by o.id limit 1`,
      );
      const res = await app().inject({
        method: 'POST',
        url: '/crm/v1/subscription-registrations',
        payload: { ...registration('Coverage Complete'), offeringId: offering.id },
      });
      const { id, code } = res.json().data as { id: number; code: string };
      return { who: 'developer', values: { id, code } };
    },
    expect: async (_d, c) => ({
      action: 'update',
      recordType: 'registration',
      recordId: c.values?.id ?? '',
      recordName: 'Coverage Complete',
      orgId: (
        await one<{ id: number }>(
          'select created_org_id as id from subscription_registrations where id = $1',
          [c.values?.id],
        )
      ).id,
    }),
    refused: async () => ({
      who: 'developer',
      values: {
        id: (await one<{ id: number }>('select max(id) as id from subscription_registrations')).id,
        code: 'guessed',
      },
    }),
  },
  // ---- data: sites and site users
  'POST /data/v1/orgs/:orgId/sites': {
    call: () => ({ who: 'owner', values: { orgId: ORGS.acme }, body: { name: 'Coverage Bench' } }),
    expect: (d: { id: number }) => ({
      action: 'create',
      recordType: 'site',
      recordId: d.id,
      recordName: 'Coverage Bench',
      orgId: ORGS.acme,
      siteId: d.id,
    }),
    refusedBy: 'manager',
  },
  'PUT /data/v1/orgs/:orgId/sites/:siteId': {
    call: async () => {
      const site = await one<{ id: number }>(
        'select id from sites where org_id = 1 order by id limit 1',
      );
      return {
        who: 'owner',
        values: { orgId: ORGS.acme, siteId: site.id },
        body: { name: 'Coverage Renamed Site' },
      };
    },
    expect: (_d, c) => ({
      action: 'update',
      recordType: 'site',
      recordId: c.values?.siteId ?? '',
      recordName: 'Coverage Renamed Site',
      orgId: ORGS.acme,
      siteId: Number(c.values?.siteId),
    }),
    refusedBy: 'manager',
  },
  'POST /data/v1/orgs/:orgId/sites/:siteId/users': {
    call: async () => {
      await q('delete from site_members where site_id = 1 and user_id = 6');
      return {
        who: 'siteadmin',
        values: { orgId: ORGS.borealis, siteId: 1 },
        body: { email: 'submanager@example.com', isSiteAdmin: false, isSiteUser: true },
      };
    },
    expect: () => ({
      action: 'create',
      recordType: 'site user',
      recordId: 6,
      recordName: 'submanager@example.com',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'PUT /data/v1/orgs/:orgId/sites/:siteId/users/:userId': {
    call: () => ({
      who: 'siteadmin',
      values: { orgId: ORGS.borealis, siteId: 1, userId: 6 },
      body: { isSiteAdmin: true, isSiteUser: true },
    }),
    expect: () => ({
      action: 'update',
      recordType: 'site user',
      recordId: 6,
      recordName: 'submanager@example.com',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'DELETE /data/v1/orgs/:orgId/sites/:siteId/users/:userId': {
    call: () => ({ who: 'siteadmin', values: { orgId: ORGS.borealis, siteId: 1, userId: 6 } }),
    expect: () => ({
      action: 'delete',
      recordType: 'site user',
      recordId: 6,
      recordName: 'submanager@example.com',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  // ---- data: blasts, links, shares
  'POST /data/v1/orgs/:orgId/sites/:siteId/blasts': {
    call: () => ({
      who: 'siteadmin',
      values: { orgId: ORGS.borealis, siteId: 1 },
      body: { name: 'Coverage Blast', file: blst('coverage') },
    }),
    expect: (d: { id: number }) => ({
      action: 'upload',
      recordType: 'blast',
      recordId: d.id,
      recordName: 'Coverage Blast',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'PUT /data/v1/orgs/:orgId/sites/:siteId/blasts/:blastId': {
    call: async () => ({
      who: 'siteadmin',
      values: { orgId: ORGS.borealis, siteId: 1, blastId: (await blast()).id },
      body: { name: 'Coverage Renamed Blast' },
    }),
    expect: (_d, c) => ({
      action: 'update',
      recordType: 'blast',
      recordId: c.values?.blastId ?? '',
      recordName: 'Coverage Renamed Blast',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'DELETE /data/v1/orgs/:orgId/sites/:siteId/blasts/:blastId': {
    call: async () => {
      const blastId = await created(
        await data('siteadmin', 'POST', '/orgs/2/sites/1/blasts', {
          name: 'Coverage Doomed Blast',
          file: blst('doomed'),
        }),
      );
      return { who: 'siteadmin', values: { orgId: ORGS.borealis, siteId: 1, blastId } };
    },
    expect: (_d, c) => ({
      action: 'delete',
      recordType: 'blast',
      recordId: c.values?.blastId ?? '',
      recordName: 'Coverage Doomed Blast',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'POST /data/v1/orgs/:orgId/sites/:siteId/blasts/:blastId/links': {
    call: async () => ({
      who: 'siteadmin',
      values: { orgId: ORGS.borealis, siteId: 1, blastId: (await blast()).id },
      body: { isAnonymous: false },
    }),
    expect: async (_d, c) => ({
      action: 'link create',
      recordType: 'blast',
      recordId: c.values?.blastId ?? '',
      recordName: (await blast()).name,
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'DELETE /data/v1/orgs/:orgId/sites/:siteId/blasts/:blastId/links/:linkId': {
    call: async () => {
      const blastId = (await blast()).id;
      const res = await data('siteadmin', 'POST', `/orgs/2/sites/1/blasts/${blastId}/links`, {
        isAnonymous: true,
      });
      const linkId = (res.json() as { data: { id: string } }).data.id;
      return { who: 'siteadmin', values: { orgId: ORGS.borealis, siteId: 1, blastId, linkId } };
    },
    expect: async (_d, c) => ({
      action: 'link revoke',
      recordType: 'blast',
      recordId: c.values?.blastId ?? '',
      recordName: (await blast()).name,
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'POST /data/v1/orgs/:orgId/sites/:siteId/blasts/:blastId/shares': {
    call: async () => ({
      who: 'siteadmin',
      values: { orgId: ORGS.borealis, siteId: 1, blastId: (await blast()).id },
      body: { email: 'coverage.share@example.com' },
    }),
    expect: async (_d, c) => ({
      action: 'share',
      recordType: 'blast',
      recordId: c.values?.blastId ?? '',
      recordName: (await blast()).name,
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'DELETE /data/v1/shared-blasts/shares/:shareId': {
    call: async () => {
      const blastId = (await blast()).id;
      const res = await data('siteadmin', 'POST', `/orgs/2/sites/1/blasts/${blastId}/shares`, {
        email: 'coverage.unshare@example.com',
      });
      return { who: 'siteadmin', values: { shareId: await created(res) } };
    },
    expect: async () => ({
      action: 'unshare',
      recordType: 'blast',
      recordId: (await blast()).id,
      recordName: (await blast()).name,
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    // Neither the one who shared it nor an admin of the blast's organisation.
    refused: async () => {
      const blastId = (await blast()).id;
      const res = await data('siteadmin', 'POST', `/orgs/2/sites/1/blasts/${blastId}/shares`, {
        email: 'coverage.kept@example.com',
      });
      return { who: 'developer', values: { shareId: await created(res) } };
    },
  },
  // ---- data: node libraries
  'POST /data/v1/orgs/:orgId/node-libraries': {
    call: () => ({
      who: 'owner',
      values: { orgId: ORGS.acme },
      body: { name: 'Coverage Nodes', version: '1.0.0' },
    }),
    expect: (d: { id: number }) => ({
      action: 'create',
      recordType: 'node library',
      recordId: d.id,
      recordName: 'Coverage Nodes',
      orgId: ORGS.acme,
      siteId: null,
    }),
    refusedBy: 'manager',
  },
  'PUT /data/v1/orgs/:orgId/node-libraries/:libraryId': {
    call: async () => {
      const libraryId = await created(
        await data('owner', 'POST', '/orgs/1/node-libraries', { name: 'Cov Lib', version: '1.0' }),
      );
      return {
        who: 'owner',
        values: { orgId: ORGS.acme, libraryId },
        body: { name: 'Cov Lib Renamed', version: '1.1' },
      };
    },
    expect: (_d, c) => ({
      action: 'update',
      recordType: 'node library',
      recordId: c.values?.libraryId ?? '',
      recordName: 'Cov Lib Renamed',
      orgId: ORGS.acme,
      siteId: null,
    }),
    refusedBy: 'manager',
  },
  'DELETE /data/v1/orgs/:orgId/node-libraries/:libraryId': {
    call: async () => {
      const libraryId = await created(
        await data('owner', 'POST', '/orgs/1/node-libraries', { name: 'Cov Gone', version: '1.0' }),
      );
      return { who: 'owner', values: { orgId: ORGS.acme, libraryId } };
    },
    expect: (_d, c) => ({
      action: 'delete',
      recordType: 'node library',
      recordId: c.values?.libraryId ?? '',
      recordName: 'Cov Gone',
      orgId: ORGS.acme,
      siteId: null,
    }),
    refusedBy: 'manager',
  },
  'POST /data/v1/orgs/:orgId/sites/:siteId/node-libraries': {
    call: () => ({
      who: 'siteadmin',
      values: { orgId: ORGS.borealis, siteId: 1 },
      body: { name: 'Coverage Site Nodes', version: '2.0.0' },
    }),
    expect: (d: { id: number }) => ({
      action: 'create',
      recordType: 'node library',
      recordId: d.id,
      recordName: 'Coverage Site Nodes',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'PUT /data/v1/orgs/:orgId/sites/:siteId/node-libraries/:libraryId': {
    call: async () => {
      const libraryId = await created(
        await data('siteadmin', 'POST', '/orgs/2/sites/1/node-libraries', {
          name: 'Site Lib',
          version: '1.0',
        }),
      );
      return {
        who: 'siteadmin',
        values: { orgId: ORGS.borealis, siteId: 1, libraryId },
        body: { name: 'Site Lib Renamed', version: '1.2' },
      };
    },
    expect: (_d, c) => ({
      action: 'update',
      recordType: 'node library',
      recordId: c.values?.libraryId ?? '',
      recordName: 'Site Lib Renamed',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
  'DELETE /data/v1/orgs/:orgId/sites/:siteId/node-libraries/:libraryId': {
    call: async () => {
      const libraryId = await created(
        await data('siteadmin', 'POST', '/orgs/2/sites/1/node-libraries', {
          name: 'Site Lib Gone',
          version: '1.0',
        }),
      );
      return { who: 'siteadmin', values: { orgId: ORGS.borealis, siteId: 1, libraryId } };
    },
    expect: (_d, c) => ({
      action: 'delete',
      recordType: 'node library',
      recordId: c.values?.libraryId ?? '',
      recordName: 'Site Lib Gone',
      orgId: ORGS.borealis,
      siteId: 1,
    }),
    refusedBy: 'siteuser',
  },
};

/** A write: any method but GET, not a list or an export (the bulk actions are writes). */
const isWrite = (r: RouteInfo) =>
  r.method !== 'GET' && r.list?.kind !== 'list' && r.list?.kind !== 'export';
const key = (r: RouteInfo) => `${r.method} ${r.url}`;
const writeRoutes = () => routeTable().filter(isWrite);

/** The organisation no fixture's record belongs to: a sysadmin's path there must find nothing. */
const FOREIGN_ORG = ORGS.delta;

describe('audit coverage, generated from the route table', () => {
  it('has a fixture for every write route, or the route says why it records nothing', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const uncovered = routes.filter((r) => !fixtures[key(r)] && !r.unaudited).map(key);
    expect(uncovered, 'write routes without an audit fixture').toEqual([]);
    // Every fixture is a route's, and no route is both covered and declared unaudited.
    const keys = new Set(routes.map(key));
    expect(Object.keys(fixtures).filter((k) => !keys.has(k))).toEqual([]);
    expect(routes.filter((r) => fixtures[key(r)] && r.unaudited).map(key)).toEqual([]);
    for (const r of routes.filter((x) => x.unaudited)) {
      expect(r.unaudited?.length, key(r)).toBeGreaterThan(10);
    }
  });

  // The route table fills when the app is built: the fixtures' keys name the routes here.
  it.each(Object.keys(fixtures))(
    '%s: refused records nothing, permitted records its event',
    async (k) => {
      const r = writeRoutes().find((x) => key(x) === k);
      if (!r) throw new Error(`${k} is no write route`);
      const fixture = fixtures[k];
      if (!fixture) throw new Error(k);
      const call = await fixture.call();

      // Refused: a member without the permission; the sysadmin (every flag) on a path of an
      // organisation the record is not in; the fixture's own refused call. Nothing recorded.
      const refusals: Call[] = [];
      if (fixture.refusedBy) refusals.push({ ...call, who: fixture.refusedBy });
      const ids = paramNames(r.url).filter((p) => p !== 'orgId');
      if ((r.access.kind === 'org' || r.access.kind === 'site') && ids.length > 0) {
        refusals.push({ ...call, who: 'sysadmin', values: { ...call.values, orgId: FOREIGN_ORG } });
      }
      if (fixture.refused) refusals.push(await fixture.refused());
      expect(refusals.length, `${k} has no refused call`).toBeGreaterThan(0);
      for (const refusal of refusals) {
        const start = await probe.lastId();
        const res = await send(r, refusal);
        expect(res.statusCode, `${k} as ${refusal.who}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${k} as ${refusal.who}`).toBeLessThan(500);
        expect(await probe.eventsAfter(start), `${k} refused as ${refusal.who}`).toEqual([]);
      }

      // The actor as named when it acted (a profile change renames it after).
      const actor = call.who ? await actorOf(call.who) : { id: null, name: 'anonymous' };
      const start = await probe.lastId();
      const res = await send(r, call);
      expect(res.statusCode, `${k}: ${res.body}`).toBe(200);
      const answer = res.json() as { data: never };
      const want = await fixture.expect(answer.data, call);
      const events = await probe.eventsAfter(start);
      const match = (e: AuditEvent) =>
        e.action === want.action &&
        e.record_type === want.recordType &&
        e.record_id === String(want.recordId);
      const event = events.find(match);
      expect(
        event,
        `${k} recorded ${JSON.stringify(events.map((e) => [e.action, e.record_type, e.record_id]))}`,
      ).toBeDefined();
      expect(event).toMatchObject({
        actor_user_id: actor.id,
        actor_name: actor.name,
        org_id: want.orgId,
        ...(want.siteId === undefined ? {} : { site_id: want.siteId }),
        record_name: want.recordName,
        user_agent: 'AuditCoverage/1.0',
        request_id: expect.any(String),
      });
      // Every event of the request is the actor's.
      expect(events.filter((e) => e.actor_user_id !== actor.id)).toEqual([]);
    },
  );
});
