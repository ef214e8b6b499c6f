import { customerColumns, customerList, customerSchema } from '@/contract/crm/customers';
import { orgParamsSchema } from '@/contract/common';
import { org, type Services } from '../http/routes';
import type { ListDef, Scope } from '../http/list';
import { listRoutes } from '../http/list-routes';
import { badRequest } from '../http/envelope';
import type { Queryable } from '../db/types';

interface Row {
  id: number;
  name: string;
  subscriptions: number;
  active_subscriptions: number;
  licences: number;
  active_licences: number;
  next_end_date: string | null;
  customer_since: Date;
}

/** What the vendor ($1) sold a customer that is still in force, as the columns count it. */
const ACTIVE_SUB = `not s.is_disabled and (s.end_date is null or s.end_date >= current_date)`;
const NEXT_END = `min(s.end_date) filter (where not s.is_disabled and s.end_date >= current_date)`;
const ACTIVE_LICENCE = `l.state = 'Active' and (l.expiry is null or l.expiry >= current_date)`;

/**
 * The vendor's customers ($1): the organisations it sold a subscription or issued a licence to.
 * The scope of every statement of the list; walked in name order (the default sort) it finds a
 * page's customers without counting anyone's sales.
 */
const CUSTOMER_OF_VENDOR = `o.id <> $1 and (
  exists (select 1 from subscriptions s where s.vendor_org_id = $1 and s.subscriber_org_id = o.id)
  or exists (select 1 from licences l where l.vendor_org_id = $1 and l.customer_org_id = o.id))`;

/**
 * One customer's sales (`key`: its id): its own subscriptions and licences, each counted from an
 * index by vendor and customer that carries what the counts test (migration 100).
 */
const salesOf = (key: string) => `(
  select s.subscriptions, s.active_subscriptions, l.licences, l.active_licences, s.next_end_date,
         least(s.since, l.since) as customer_since
    from (select count(*)::int as subscriptions,
                 count(*) filter (where ${ACTIVE_SUB})::int as active_subscriptions,
                 ${NEXT_END} as next_end_date, min(s.created_at) as since
            from subscriptions s where s.vendor_org_id = $1 and s.subscriber_org_id = ${key}) s,
         (select count(*)::int as licences,
                 count(*) filter (where ${ACTIVE_LICENCE})::int as active_licences,
                 min(l.issued_at) as since
            from licences l where l.vendor_org_id = $1 and l.customer_org_id = ${key}) l
)`;

/**
 * Every customer's sales (`k`), each customer's read by its own: joined only when a filter or
 * the sort needs a count (fromFor). A search or a filter of the customers' names then reads the
 * sales of the customers it keeps, where grouping every sale of the vendor first took 350-400 ms
 * at a million licences for a few customers (docs/performance.md, session 54).
 */
const FROM = `orgs o join lateral ${salesOf('o.id')} k on true`;

/** One customer's sales, for a page's rows. */
const fromKeyed = (key: string) => `${salesOf(key)} k join orgs o on o.id = ${key}`;

const COLUMNS = `o.id, o.name, k.subscriptions, k.active_subscriptions, k.licences, k.active_licences,
  to_char(k.next_end_date, 'YYYY-MM-DD') as next_end_date, k.customer_since`;

const mapCustomer = (r: Row) => ({
  id: r.id,
  name: r.name,
  subscriptions: r.subscriptions,
  activeSubscriptions: r.active_subscriptions,
  licences: r.licences,
  activeLicences: r.active_licences,
  nextEndDate: r.next_end_date,
  customerSince: r.customer_since.toISOString(),
});
export const customersDef: ListDef<typeof customerColumns, Row, ReturnType<typeof mapCustomer>> = {
  columns: customerColumns,
  sql: {
    id: { sql: 'o.id' },
    name: { sql: 'o.name' },
    // Each customer's sales, aggregated by the lateral join: a filter the planner cannot price.
    subscriptions: { sql: 'k.subscriptions', unpriced: true },
    activeSubscriptions: { sql: 'k.active_subscriptions', unpriced: true },
    licences: { sql: 'k.licences', unpriced: true },
    activeLicences: { sql: 'k.active_licences', unpriced: true },
    nextEndDate: { sql: 'k.next_end_date', nullable: true, unpriced: true },
    customerSince: { sql: 'k.customer_since', instant: true, unpriced: true },
  },
  from: FROM,
  fromKeyed,
  key: 'o.id',
  select: COLUMNS,
  map: mapCustomer,
  defaultSort: { by: 'name' },
};

export const customersScope = ({ params }: { params: { orgId: number } }): Scope => ({
  where: [CUSTOMER_OF_VENDOR],
  params: [params.orgId],
});

export const customerRoutes = ({ db }: Services) =>
  listRoutes(
    { db },
    {
      base: '/orgs/:orgId/customers',
      // Who sells may see whom it sold to: the readers of Customer Subs (SPEC §6 names no
      // Customers screen; the Issued Licences readers are among them).
      access: org('customerSubs.read'),
      summary: "The vendor's customers: organisations it sold to, with what they hold from it",
      params: orgParamsSchema,
      request: customerList.request,
      selection: customerList.selection,
      row: customerSchema,
      def: customersDef,
      scope: customersScope,
      fileName: 'customers',
    },
  );
/**
 * A vendor sells only to its customers (issue 14): the organisations of its directory above,
 * i.e. those it sold a subscription or issued a licence to. A first sale goes through the
 * offering's registration link, which the customer starts (crm/registrations.ts). The refusal
 * reads the same for an organisation that does not exist and one that is not a customer, and
 * names neither, so it tells nothing about other tenants.
 */
export const NOT_A_CUSTOMER =
  "Not one of your customers. A first sale goes through the offering's registration link.";

/** Refuses (400 on field) unless every id of orgIds is a customer of the vendor. */
export async function assertCustomers(
  q: Queryable,
  vendorOrgId: number,
  orgIds: readonly number[],
  field: string,
) {
  const wanted = [...new Set(orgIds)];
  const rows = await q.query<{ id: number }>(
    `select c.id from unnest($2::int[]) as c(id)
      where c.id <> $1
        and (exists (select 1 from subscriptions s where s.vendor_org_id = $1 and s.subscriber_org_id = c.id)
          or exists (select 1 from licences l where l.vendor_org_id = $1 and l.customer_org_id = c.id))`,
    [vendorOrgId, wanted],
  );
  if (rows.length !== wanted.length) throw badRequest(field, NOT_A_CUSTOMER, 'notCustomer');
}
