import type { z } from 'zod';
import {
  bulkRenewLicencesSchema,
  bulkSuspendLicencesSchema,
  heldLicenceColumns,
  heldLicenceList,
  issueLicenceSchema,
  issuedLicenceColumns,
  issuedLicenceList,
  issuedSummaryQuerySchema,
  issuedSummarySchema,
  licenceSchema,
  renewLicenceSchema,
} from '@/contract/crm/licences';
import { orgIdParamsSchema, orgParamsSchema } from '@/contract/common';
import { defineRoute, org, type Services } from '../http/routes';
import { userDisplaySql, type ListDef, type Scope } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { applyToOne, bulkRoute, type RowAction } from '../http/bulk';
import { badRequest, notFound } from '../http/envelope';
import type { Queryable, SqlParam } from '../db/types';
import { assertCustomers } from './customers';
import { assertForSale } from './offerings';
import { reinstateLicence, renewLicence, suspendLicence } from './licence-actions';

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

/** The state a licence shows: Expired once an active licence's expiry has passed. */
const STATE = `case when l.state = 'Active' and l.expiry < current_date then 'Expired' else l.state end`;
/** Each state as a predicate on the stored columns (filters that the planner can estimate). */
const STATE_IS = {
  Active: `(l.state = 'Active' and (l.expiry is null or l.expiry >= current_date))`,
  Suspended: `l.state = 'Suspended'`,
  Expired: `(l.state = 'Expired' or (l.state = 'Active' and l.expiry < current_date))`,
} as const;
const legacyState = (state?: string) =>
  state && Object.hasOwn(STATE_IS, state) ? [STATE_IS[state as keyof typeof STATE_IS]] : [];
/** The body's options of both licence lists (docs/lists.md). */
type LicenceExtras = { state?: string; subscriptionId?: number };
/**
 * A licence list's scope: the organisation's side (`l.vendor_org_id` or `l.customer_org_id`),
 * the older `state` option, and `subscriptionId` (one subscription's licences).
 */
const licenceScope =
  (side: 'l.vendor_org_id' | 'l.customer_org_id') =>
  ({ params, body }: ScopeContext<{ orgId: number }, LicenceExtras>): Scope => {
    const where = [`${side} = $1`, ...legacyState(body?.state)];
    const values: SqlParam[] = [params.orgId];
    if (body?.subscriptionId !== undefined) {
      values.push(body.subscriptionId);
      where.push(`l.subscription_id = $${values.length}`);
    }
    return { where, params: values };
  };
const common = {
  id: { sql: 'l.id' },
  'product.name': {
    sql: 'f.name',
    sortKey: 'l.product_sort',
    lookup: { fk: 'l.offering_id', from: 'offerings f', key: 'f.id' },
  },
  'subscription.name': {
    sql: 's.name',
    nullable: true,
    sortKey: 'l.subscription_sort',
    lookup: { fk: 'l.subscription_id', from: 'subscriptions s', key: 's.id' },
  },
  'state.name': { sql: STATE, when: STATE_IS, unpriced: true },
  seats: { sql: 'l.seats' },
  expiry: { sql: 'l.expiry', nullable: true },
  issuedAt: { sql: 'l.issued_at', instant: true },
  assignedUser: {
    sql: userDisplaySql('u'),
    nullable: true,
    sortKey: 'l.user_sort',
    lookup: { fk: 'l.assigned_user_id', from: 'users u', key: 'u.id' },
  },
};
type Json = { row: LicenceOut };
/** What both licence lists share: the joins, the key and the row built in SQL. */
const licenceList = (orgNameOf: 'vendor' | 'customer') => ({
  from: LICENCE_FROM,
  key: 'l.id',
  select: `${licenceJson(orgNameOf)} as row`,
  map: (r: Json) => r.row,
  // A page passes each row's JSON text through to the answer (listPageJson, http/list.ts).
  selectJson: `(${licenceJson(orgNameOf)})::text as row`,
  defaultSort: { by: 'id' as const },
});

/** Issued Licences: the vendor's licences, by the columns of the contract's table. */
export const issuedLicencesDef: ListDef<typeof issuedLicenceColumns, Json, LicenceOut> = {
  columns: issuedLicenceColumns,
  sql: {
    ...common,
    'customerOrg.name': {
      sql: 'co.name',
      sortKey: 'l.customer_sort',
      lookup: { fk: 'l.customer_org_id', from: 'orgs co', key: 'co.id' },
    },
  },
  ...licenceList('customer'),
  // The index by vendor and customer carries every sorted value (migration 102).
  pagesByKey: ['customerOrg.name'],
};
export const issuedLicencesScope = licenceScope('l.vendor_org_id');

/** Licences: what the organisation holds, with the licence and user cells as the table shows. */
const heldLicencesDef: ListDef<typeof heldLicenceColumns, Json, LicenceOut> = {
  columns: heldLicenceColumns,
  sql: {
    ...common,
    licence: {
      sql: `concat_ws(' · ', nullif(s.name, ''), nullif(f.name, ''), ${STATE})`,
      searchable: false, // its parts are searched as columns of their own
    },
    orgName: { sql: 'vo.name', lookup: { fk: 'l.vendor_org_id', from: 'orgs vo', key: 'vo.id' } },
  },
  ...licenceList('vendor'),
};

/**
 * The dashboard's counts of a vendor's licences, exact at any size: one pass over its licences
 * (a million in about 0.2 s), each state as the lists test it (STATE_IS). The list endpoint's
 * totals above 10,000 are estimates ("about N"; a state's counted on a sample since session 57,
 * the planner's before, which said about 441,757 active for 633,869 at a million licences).
 */
export async function issuedSummary(
  q: Queryable,
  vendorOrgId: number,
  window: { from: string; to: string },
) {
  const [row] = await q.query<{
    active: number;
    suspended: number;
    expired: number;
    renewals: number;
  }>(
    `select count(*) filter (where ${STATE_IS.Active})::int as active,
            count(*) filter (where ${STATE_IS.Suspended})::int as suspended,
            count(*) filter (where ${STATE_IS.Expired})::int as expired,
            count(*) filter (where ${STATE_IS.Active} and l.expiry >= $2::date and l.expiry <= $3::date)::int as renewals
       from licences l where l.vendor_org_id = $1`,
    [vendorOrgId, window.from, window.to],
  );
  return {
    byState: {
      Active: row?.active ?? 0,
      Suspended: row?.suspended ?? 0,
      Expired: row?.expired ?? 0,
    },
    renewalsDue: row?.renewals ?? 0,
  };
}

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

/**
 * A licence's subscription must be the vendor's to the customer, of the licence's product, and
 * not disabled.
 */
async function checkSubscription(
  q: Queryable,
  vendorOrgId: number,
  customerOrgId: number,
  offeringId: number,
  subscriptionId: number,
) {
  const [sub] = await q.query<{ is_disabled: boolean; offering_id: number }>(
    'select is_disabled, offering_id from subscriptions where id = $1 and vendor_org_id = $2 and subscriber_org_id = $3',
    [subscriptionId, vendorOrgId, customerOrgId],
  );
  if (!sub) throw badRequest('subscriptionId', 'Unknown subscription');
  if (sub.offering_id !== offeringId)
    throw badRequest('subscriptionId', 'The subscription is for another product', 'offering');
  if (sub.is_disabled)
    throw badRequest('subscriptionId', 'The subscription is disabled', 'disabled');
}

export const licenceRoutes = ({ db }: Services) => {
  /** A single-row action, then the licence as the vendor sees it. */
  const single = <I>(
    action: RowAction<I>,
    summary: string,
    url: string,
    body?: z.ZodType,
    input: (body: never) => I = () => undefined as I,
  ) =>
    defineRoute({
      method: 'POST',
      url,
      access: org('issuedLicences.write'),
      summary,
      params: orgIdParamsSchema,
      ...(body ? { body } : {}),
      response: licenceSchema,
      handler: async ({ params, body: given }) => {
        await applyToOne(db, action, { orgId: params.orgId }, input(given as never), params.id);
        return loadLicence(
          db,
          'l.vendor_org_id = $1 and l.id = $2',
          [params.orgId, params.id],
          'customer',
        );
      },
    });
  const bulk = <I>(
    action: RowAction<I>,
    verb: string,
    body: z.ZodType,
    input: (body: never) => I = () => undefined as I,
  ) =>
    bulkRoute(
      { db },
      {
        url: `/orgs/:orgId/issued-licences/bulk/${verb}`,
        access: org('issuedLicences.write'),
        summary: `${verb[0]?.toUpperCase()}${verb.slice(1)} the selected issued licences (ids, or all matching), as one by one`,
        params: orgParamsSchema,
        body,
        list: issuedLicencesDef as ListDef<typeof issuedLicenceColumns, unknown, unknown>,
        scope: issuedLicencesScope,
        action,
        input,
      },
    );
  const renewInput = (body: { expiry: string }) => ({ expiry: body.expiry });
  return [
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/licences',
        access: org('licences.read'),
        summary: "The organisation's own licences",
        params: orgParamsSchema,
        request: heldLicenceList.request,
        selection: heldLicenceList.selection,
        row: licenceSchema,
        def: heldLicencesDef,
        scope: licenceScope('l.customer_org_id'),
        fileName: 'licences',
      },
    ),
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/issued-licences',
        access: org('issuedLicences.read'),
        summary: 'Licences the organisation issued to customers',
        params: orgParamsSchema,
        request: issuedLicenceList.request,
        selection: issuedLicenceList.selection,
        row: licenceSchema,
        def: issuedLicencesDef,
        scope: issuedLicencesScope,
        fileName: 'issued-licences',
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/issued-licences/summary',
      access: org('issuedLicences.read'),
      summary:
        'The licences the organisation issued, counted exactly: by state as shown, and the active ones expiring in a window',
      params: orgParamsSchema,
      query: issuedSummaryQuerySchema,
      response: issuedSummarySchema,
      handler: async ({ params, query }) => issuedSummary(db, params.orgId, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/issued-licences/:id',
      access: org('issuedLicences.read'),
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
      access: org('issuedLicences.write'),
      summary: 'Issue a licence of one of the organisation’s offerings to a customer',
      params: orgParamsSchema,
      body: issueLicenceSchema,
      response: licenceSchema,
      handler: async ({ params, body }) => {
        await assertForSale(db, body.offeringId, params.orgId);
        await assertCustomers(db, params.orgId, [body.customerOrgId], 'customerOrgId');
        if (body.subscriptionId)
          await checkSubscription(
            db,
            params.orgId,
            body.customerOrgId,
            body.offeringId,
            body.subscriptionId,
          );
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
    single(suspendLicence, 'Suspend an issued licence', '/orgs/:orgId/issued-licences/:id/suspend'),
    single(
      reinstateLicence,
      'Reinstate a suspended licence',
      '/orgs/:orgId/issued-licences/:id/reinstate',
    ),
    single(
      renewLicence,
      'Renew an issued licence to a later expiry date',
      '/orgs/:orgId/issued-licences/:id/renew',
      renewLicenceSchema,
      renewInput,
    ),
    bulk(suspendLicence, 'suspend', bulkSuspendLicencesSchema),
    bulk(reinstateLicence, 'reinstate', bulkSuspendLicencesSchema),
    bulk(renewLicence, 'renew', bulkRenewLicencesSchema, renewInput),
  ];
};
