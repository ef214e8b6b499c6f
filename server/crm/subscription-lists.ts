/**
 * The subscription lists as SQL (docs/lists.md): what a vendor sold (Customer Subs) and what an
 * organisation holds (Software), with the row both map and the status they show.
 */
import { customerSubColumns, softwareColumns } from '@/contract/crm/subscriptions';
import type { ListDef, Scope } from '../http/list';
import type { ScopeContext } from '../http/list-routes';
import type { SqlParam } from '../db/types';
export interface Row {
  id: number;
  name: string;
  vendor_org_id: number;
  vendor_name: string;
  subscriber_org_id: number;
  subscriber_name: string;
  offering_id: number;
  offering_name: string;
  kind: 'product' | 'service';
  start_date: string;
  end_date: string | null;
  seats_allowed: number;
  seats_used: number;
  features: Array<{ id: number; name: string }> | null;
  is_disabled: boolean;
  created_at: Date;
}
/** Seats in use: licences of the subscription assigned to a user. */
export const SEATS_USED = `(select count(*)::int from licences l where l.subscription_id = s.id and l.assigned_user_id is not null)`;
export const COLUMNS = `s.id, s.name, s.vendor_org_id, vo.name as vendor_name, s.subscriber_org_id, so.name as subscriber_name, s.offering_id,
  f.name as offering_name, f.kind, to_char(s.start_date, 'YYYY-MM-DD') as start_date, to_char(s.end_date, 'YYYY-MM-DD') as end_date, s.seats_allowed,
  ${SEATS_USED} as seats_used,
  (select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.id) from offering_features x where x.id = any(s.feature_ids)) as features,
  s.is_disabled, s.created_at`;
export const FROM =
  'subscriptions s join orgs vo on vo.id = s.vendor_org_id join orgs so on so.id = s.subscriber_org_id join offerings f on f.id = s.offering_id';
export const map = (side: 'vendor' | 'subscriber') => (r: Row) => ({
  id: r.id,
  name: r.name,
  vendorOrg: { id: r.vendor_org_id, name: r.vendor_name },
  subscriberOrg: { id: r.subscriber_org_id, name: r.subscriber_name },
  offering: { id: r.offering_id, name: r.offering_name, type: r.kind },
  startDate: r.start_date,
  endDate: r.end_date,
  seatsAllowed: r.seats_allowed,
  seatsUsed: r.seats_used,
  includedFeatures: r.features ?? [],
  isDisabled: r.is_disabled,
  createdAt: r.created_at.toISOString(),
  orgName: side === 'vendor' ? r.vendor_name : r.subscriber_name,
});
/** The status the tables show: Disabled by the vendor, Ended past its end date, or Active. */
export const STATUS = `case when s.is_disabled then 'Disabled' when s.end_date < current_date then 'Ended' else 'Active' end`;
export const STATUS_IS = {
  Disabled: 's.is_disabled',
  Ended: '(not s.is_disabled and s.end_date < current_date)',
  Active: '(not s.is_disabled and (s.end_date is null or s.end_date >= current_date))',
};
export const common = {
  id: { sql: 's.id' },
  name: { sql: 's.name' },
  startDate: { sql: 's.start_date' },
  endDate: { sql: 's.end_date', nullable: true },
  seats: { sql: SEATS_USED },
  seatsAllowed: { sql: 's.seats_allowed' },
  status: { sql: STATUS, when: STATUS_IS },
  createdAt: { sql: 's.created_at', instant: true },
};
export type Out = ReturnType<ReturnType<typeof map>>;
export const OFFERING = { fk: 's.offering_id', from: 'offerings f', key: 'f.id' };
/** Customer Subs: what the vendor sold. */
export const customerSubsDef: ListDef<typeof customerSubColumns, Row, Out> = {
  columns: customerSubColumns,
  sql: {
    ...common,
    'subscriberOrg.name': {
      sql: 'so.name',
      lookup: { fk: 's.subscriber_org_id', from: 'orgs so', key: 'so.id' },
    },
    'offering.name': { sql: 'f.name', sortKey: 's.offering_sort', lookup: OFFERING },
  },
  from: FROM,
  key: 's.id',
  select: COLUMNS,
  map: map('subscriber'),
  defaultSort: { by: 'id' },
};
/** Software: what the organisation holds; the offering cell reads 'Name (product)'. */
export const softwareDef: ListDef<typeof softwareColumns, Row, Out> = {
  columns: softwareColumns,
  sql: {
    ...common,
    orgName: { sql: 'vo.name', lookup: { fk: 's.vendor_org_id', from: 'orgs vo', key: 'vo.id' } },
    'offering.name': { sql: `f.name || ' (' || f.kind || ')'`, lookup: OFFERING },
  },
  from: FROM,
  key: 's.id',
  select: COLUMNS,
  map: map('vendor'),
  defaultSort: { by: 'id' },
};
export const scopeBy =
  (column: string) =>
  ({
    params,
    body,
  }: ScopeContext<
    { orgId: number },
    { includeDisabled?: boolean; subscriberOrgId?: number; offeringId?: number }
  >): Scope => {
    const where = [`s.${column} = $1`];
    const values: SqlParam[] = [params.orgId];
    if (body?.includeDisabled === false) where.push('not s.is_disabled');
    if (body?.subscriberOrgId !== undefined) {
      values.push(body.subscriberOrgId);
      where.push(`s.subscriber_org_id = $${values.length}`);
    }
    if (body?.offeringId !== undefined) {
      values.push(body.offeringId);
      where.push(`s.offering_id = $${values.length}`);
    }
    return { where, params: values };
  };
