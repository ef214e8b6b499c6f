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
