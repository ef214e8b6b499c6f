-- Issue 18: retention of the audit trail (docs/audit.md § Retention). Keeping everything is the
-- default; with AUDIT_RETENTION_DAYS, `npm run audit:purge` exports the events older than that
-- to a file first, then removes them and remembers, per chain, where the kept part starts: the
-- last purged event's id and hash (its anchor). Verification starts each chain from its anchor,
-- and an organisation whose events were all purged continues its chain from it.
create table audit_anchors (
  chain integer primary key,
  after_id bigint not null,
  hash text not null,
  purged_at timestamptz not null default now()
);

-- Append-only, but for the purge: a transaction that says so (set local audit.purge = 'on')
-- may delete events. No route of the services does; only the purge command.
create or replace function audit_append_only() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'audit_events' and tg_op = 'DELETE'
     and current_setting('audit.purge', true) = 'on' then
    return old;
  end if;
  raise exception '% is append-only', tg_table_name;
end $$;

create or replace function audit_chain_head(p_org integer) returns text language plpgsql as $$
declare
  head text;
begin
  perform pg_advisory_xact_lock(1096107084, coalesce(p_org, 0));
  select hash into head from audit_events where coalesce(org_id, 0) = coalesce(p_org, 0)
   order by coalesce(org_id, 0) desc, id desc limit 1;
  if head is null then
    select hash into head from audit_anchors where chain = coalesce(p_org, 0);
  end if;
  return coalesce(head, repeat('0', 64));
end $$;
