-- Lists at any size (docs/lists.md): the audit trail of row actions (single and bulk) and the
-- indexes behind the lists' filters and sorts.

-- Append-only and hash-chained (server/db/audit.ts): each entry's hash covers the previous one.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null,
  actor_user_id integer,
  org_id integer,
  action text not null,
  target_type text not null,
  target_ids integer[] not null,
  detail jsonb not null default '{}',
  prev_hash text not null,
  hash text not null
);
create index audit_log_org on audit_log (org_id, id);
create index audit_log_targets on audit_log using gin (target_ids);
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end $$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();

-- Sorts of the Issued Licences list that an index serves at a million rows (docs/lists.md):
-- each (vendor, column, id) in the order the list asks, ties broken by id in the same direction.
create index licences_vendor_customer on licences (vendor_org_id, customer_org_id, id);
create index licences_vendor_offering on licences (vendor_org_id, offering_id, id);
create index licences_vendor_expiry on licences (vendor_org_id, expiry, id);
-- Nulls (no expiry) sort last in both directions: descending needs an index of its own.
create index licences_vendor_expiry_desc on licences (vendor_org_id, expiry desc nulls last, id desc);
create index licences_vendor_issued on licences (vendor_org_id, issued_at, id);
create index licences_vendor_seats on licences (vendor_org_id, seats, id);
-- Text sorts compare lower case in code point order (as the portal's client mode does).
create index orgs_name_lower on orgs ((lower(name) collate "C"), id);
create index offerings_name_lower on offerings ((lower(name) collate "C"), id);
-- Subscriptions page by organisation in id order (as licences do since migration 020).
create index subscriptions_vendor_id on subscriptions (vendor_org_id, id);
create index subscriptions_subscriber_id on subscriptions (subscriber_org_id, id);
drop index subscriptions_vendor;
drop index subscriptions_subscriber;
