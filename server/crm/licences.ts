import {
  issueLicenceSchema,
  licenceListRequestSchema,
  licenceSchema,
  renewLicenceSchema,
} from '@/contract/crm/licences';
import { orgIdParamsSchema, orgParamsSchema } from '@/contract/common';
import { pagedResultsSchema } from '@/contract/envelope';
import { defineRoute, org, type Services } from '../http/routes';
import { pagedQuery } from '../http/query';
import { badRequest, notFound } from '../http/envelope';
import type { Queryable } from '../db/types';
import { assertCustomers } from './customers';
import { assertForSale } from './offerings';

export interface LicenceRow {
  id: number;
  subscription_id: number | null;
  subscription_name: string | null;
  offering_id: number;
  offering_name: string;
  state: 'Active' | 'Suspended' | 'Expired';
  seats: number;
  expiry: string | null;
  vendor_org_id: number;
  vendor_name: string;
  customer_org_id: number;
  customer_name: string;
  assigned_user_id: number | null;
  u_first: string | null;
  u_last: string | null;
  u_email: string | null;
  issued_at: Date;
}
export const LICENCE_COLUMNS = `l.id, l.subscription_id, s.name as subscription_name, l.offering_id, f.name as offering_name,
  case when l.state = 'Active' and l.expiry < current_date then 'Expired' else l.state end as state, l.seats, to_char(l.expiry, 'YYYY-MM-DD') as expiry,
  l.vendor_org_id, vo.name as vendor_name, l.customer_org_id, co.name as customer_name, l.assigned_user_id,
  u.first_name as u_first, u.last_name as u_last, u.email as u_email, l.issued_at`;
export const LICENCE_FROM = `licences l join offerings f on f.id = l.offering_id join orgs vo on vo.id = l.vendor_org_id
  join orgs co on co.id = l.customer_org_id left join subscriptions s on s.id = l.subscription_id left join users u on u.id = l.assigned_user_id`;
/**
 * Counts the rows of LICENCE_FROM: its inner joins follow not-null foreign keys and its left
 * joins primary keys, so they neither drop nor repeat a licence (filters on l.* only).
 */
const LICENCE_COUNT_FROM = 'licences l';
export const mapLicence = (orgNameOf: 'vendor' | 'customer') => (r: LicenceRow) => ({
  id: r.id,
  subscription: r.subscription_id
    ? { id: r.subscription_id, name: r.subscription_name ?? '' }
    : null,
  product: { id: r.offering_id, name: r.offering_name },
  state: { name: r.state },
  seats: r.seats,
  expiry: r.expiry,
  vendorOrg: { id: r.vendor_org_id, name: r.vendor_name },
  customerOrg: { id: r.customer_org_id, name: r.customer_name },
  assignedUser: r.assigned_user_id
    ? { id: r.assigned_user_id, firstName: r.u_first, lastName: r.u_last, email: r.u_email ?? '' }
    : null,
  issuedAt: r.issued_at.toISOString(),
  orgName: orgNameOf === 'vendor' ? r.vendor_name : r.customer_name,
});
/**
 * mapLicence in SQL, for the lists (one json field per row instead of seventeen columns:
 * docs/performance.md). query.test.ts checks that both answer the same.
 */
const licenceJson = (orgNameOf: 'vendor' | 'customer') => `json_build_object(
  'id', l.id,
  'subscription', case when l.subscription_id is null then null
    else json_build_object('id', l.subscription_id, 'name', coalesce(s.name, '')) end,
  'product', json_build_object('id', l.offering_id, 'name', f.name),
  'state', json_build_object('name', case when l.state = 'Active' and l.expiry < current_date then 'Expired' else l.state end),
  'seats', l.seats,
  'expiry', to_char(l.expiry, 'YYYY-MM-DD'),
  'vendorOrg', json_build_object('id', l.vendor_org_id, 'name', vo.name),
  'customerOrg', json_build_object('id', l.customer_org_id, 'name', co.name),
  'assignedUser', case when l.assigned_user_id is null then null
    else json_build_object('id', l.assigned_user_id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', coalesce(u.email, '')) end,
  'issuedAt', to_char(l.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'orgName', ${orgNameOf === 'vendor' ? 'vo.name' : 'co.name'})`;
type LicenceOut = ReturnType<ReturnType<typeof mapLicence>>;
const asIs = (r: LicenceOut) => r;
const SORTABLE = {
  id: 'l.id',
  expiry: 'l.expiry',
  state: 'l.state',
  product: 'f.name',
  orgName: 'co.name',
  seats: 'l.seats',
  issuedAt: 'l.issued_at',
};
const SEARCHABLE = ['f.name', 's.name', 'co.name', 'vo.name', 'l.state'];
const stateFilter = (state?: string) =>
  state === 'Expired'
    ? [`(l.state = 'Expired' or (l.state = 'Active' and l.expiry < current_date))`]
    : state === 'Active'
      ? [`l.state = 'Active' and (l.expiry is null or l.expiry >= current_date)`]
      : state
        ? [`l.state = '${state === 'Suspended' ? 'Suspended' : 'Active'}'`]
        : [];

export async function loadLicence(
  q: Queryable,
  where: string,
  params: unknown[],
  side: 'vendor' | 'customer',
) {
  const [row] = await q.query<LicenceRow>(
    `select ${LICENCE_COLUMNS} from ${LICENCE_FROM} where ${where}`,
    params as never[],
  );
  if (!row) throw notFound('Licence');
  return mapLicence(side)(row);
}

/** SPEC §6 Licences: org admin, sub manager, developer. */
const LICENCES_READ = org('isOrgAdmin', 'isSubManager', 'isDeveloper');
/** SPEC §6 Issued Licences: product-owner enabled, org admin, business manager (writes: admin or manager). */
const ISSUED_READ = org('isProductOwnerEnabled', 'isOrgAdmin', 'isBusinessManager');
const ISSUED_WRITE = org('isOrgAdmin', 'isBusinessManager');

/** A licence's subscription must be the vendor's to the customer, and not disabled. */
async function checkSubscription(
  q: Queryable,
  vendorOrgId: number,
  customerOrgId: number,
  subscriptionId: number,
) {
  const [sub] = await q.query<{ is_disabled: boolean }>(
    'select is_disabled from subscriptions where id = $1 and vendor_org_id = $2 and subscriber_org_id = $3',
    [subscriptionId, vendorOrgId, customerOrgId],
  );
  if (!sub) throw badRequest('subscriptionId', 'Unknown subscription');
  if (sub.is_disabled)
    throw badRequest('subscriptionId', 'The subscription is disabled', 'disabled');
}

/**
 * Renewing or reinstating gives a customer the licence again: the checks of issuing run again
 * (the vendor still enabled to sell the offering, the subscription not disabled since).
 */
async function checkStillSellable(q: Queryable, vendorOrgId: number, licenceId: number) {
  const [lic] = await q.query<{
    offering_id: number;
    customer_org_id: number;
    subscription_id: number | null;
  }>(
    'select offering_id, customer_org_id, subscription_id from licences where vendor_org_id = $1 and id = $2',
    [vendorOrgId, licenceId],
  );
  if (!lic) throw notFound('Licence');
  await assertForSale(q, lic.offering_id, vendorOrgId);
  if (lic.subscription_id !== null)
    await checkSubscription(q, vendorOrgId, lic.customer_org_id, lic.subscription_id);
}

export const licenceRoutes = ({ db }: Services) => {
  const setState = (state: 'Active' | 'Suspended', summary: string, url: string) =>
    defineRoute({
      method: 'POST',
      url,
      access: ISSUED_WRITE,
      summary,
      params: orgIdParamsSchema,
      response: licenceSchema,
      handler: async ({ params }) => {
        // Suspending is always allowed; reinstating is a sale again.
        if (state === 'Active') await checkStillSellable(db, params.orgId, params.id);
        const rows = await db.query(
          `update licences set state = $3 where vendor_org_id = $1 and id = $2 returning id`,
          [params.orgId, params.id, state],
        );
        if (rows.length === 0) throw notFound('Licence');
        return loadLicence(
          db,
          'l.vendor_org_id = $1 and l.id = $2',
          [params.orgId, params.id],
          'customer',
        );
      },
    });
  return [
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/licences/list',
      access: LICENCES_READ,
      summary: "The organisation's own licences",
      params: orgParamsSchema,
      body: licenceListRequestSchema,
      response: pagedResultsSchema(licenceSchema),
      handler: async ({ params, body }) =>
        pagedQuery(
          db,
          {
            columns: LICENCE_COLUMNS,
            from: LICENCE_FROM,
            where: ['l.customer_org_id = $1', ...stateFilter(body.state)],
            params: [params.orgId],
            defaultSort: 'l.id',
            sortable: { ...SORTABLE, orgName: 'vo.name' },
            searchable: SEARCHABLE,
            countFrom: LICENCE_COUNT_FROM,
            json: licenceJson('vendor'),
          },
          body,
          asIs,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/issued-licences/list',
      access: ISSUED_READ,
      summary: 'Licences the organisation issued to customers',
      params: orgParamsSchema,
      body: licenceListRequestSchema,
      response: pagedResultsSchema(licenceSchema),
      handler: async ({ params, body }) =>
        pagedQuery(
          db,
          {
            columns: LICENCE_COLUMNS,
            from: LICENCE_FROM,
            where: ['l.vendor_org_id = $1', ...stateFilter(body.state)],
            params: [params.orgId],
            defaultSort: 'l.id',
            sortable: SORTABLE,
            searchable: SEARCHABLE,
            countFrom: LICENCE_COUNT_FROM,
            json: licenceJson('customer'),
          },
          body,
          asIs,
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/issued-licences/:id',
      access: ISSUED_READ,
      summary: 'An issued licence',
      params: orgIdParamsSchema,
      response: licenceSchema,
      handler: async ({ params }) =>
        loadLicence(
          db,
          'l.vendor_org_id = $1 and l.id = $2',
          [params.orgId, params.id],
          'customer',
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/issued-licences',
      access: ISSUED_WRITE,
      summary: 'Issue a licence of one of the organisation’s offerings to a customer',
      params: orgParamsSchema,
      body: issueLicenceSchema,
      response: licenceSchema,
      handler: async ({ params, body }) => {
        await assertForSale(db, body.offeringId, params.orgId);
        await assertCustomers(db, params.orgId, [body.customerOrgId], 'customerOrgId');
        if (body.subscriptionId)
          await checkSubscription(db, params.orgId, body.customerOrgId, body.subscriptionId);
        const [row] = await db.query<{ id: number }>(
          `insert into licences (vendor_org_id, customer_org_id, subscription_id, offering_id, state, seats, expiry) values ($1, $2, $3, $4, 'Active', $5, $6) returning id`,
          [
            params.orgId,
            body.customerOrgId,
            body.subscriptionId ?? null,
            body.offeringId,
            body.seats,
            body.expiry ? body.expiry.slice(0, 10) : null,
          ],
        );
        return loadLicence(db, 'l.id = $1', [row?.id ?? 0], 'customer');
      },
    }),
    setState('Suspended', 'Suspend an issued licence', '/orgs/:orgId/issued-licences/:id/suspend'),
    setState(
      'Active',
      'Reinstate a suspended licence',
      '/orgs/:orgId/issued-licences/:id/reinstate',
    ),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/issued-licences/:id/renew',
      access: ISSUED_WRITE,
      summary: 'Renew an issued licence to a new expiry date',
      params: orgIdParamsSchema,
      body: renewLicenceSchema,
      response: licenceSchema,
      handler: async ({ params, body }) => {
        await checkStillSellable(db, params.orgId, params.id);
        const rows = await db.query(
          `update licences set expiry = $3, state = case when state = 'Expired' then 'Active' else state end where vendor_org_id = $1 and id = $2 returning id`,
          [params.orgId, params.id, body.expiry.slice(0, 10)],
        );
        if (rows.length === 0) throw notFound('Licence');
        return loadLicence(db, 'l.id = $1', [params.id], 'customer');
      },
    }),
  ];
};
