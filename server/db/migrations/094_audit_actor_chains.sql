-- Issue 18, "Cost": what migration 093's actor filter costs a write, cut down on the embedded
-- database, where the trail was at its 1 ms limit (docs/performance.md, "The audit trail's
-- cost"), with the filters as fast.
--
-- One index fewer. 093 gave the actor filter two B-tree indexes: the chain's and actor's, for an
-- organisation's Activity, and the actor's alone, for the Audit log (every chain). The actors'
-- names are now kept with the chains they acted in, one row per name and chain (a person acts in
-- one organisation or a few, a sysadmin in more). The Audit log finds the chains of the matching
-- names with the names, and tests the events by chain and name: the chain's and actor's index
-- answers that too (server/audit/routes.ts, `lookup.group`), and the actor's own index goes.
drop table audit_actor_names;
create table audit_actor_names (
  name text not null,
  chain integer not null,
  primary key (name, chain)
);
create index audit_actor_names_trgm on audit_actor_names using gin (name gin_trgm_ops);
insert into audit_actor_names
  select distinct actor_name, coalesce(org_id, 0) from audit_events;

-- No trigger to keep them. 093 added the names by a statement trigger on the events' insert, whose
-- transition table and call cost each write about 0.09 ms on the embedded database
-- (server/tools/audit-cost.ts). The two functions that record events (082's audit_record, 092's
-- trigger of the rows) now add them, in the statement after their events' insert. A bulk load of
-- events (a benchmark's, server/audit/synthetic-events.ts) adds its names itself.
drop trigger audit_events_actor_names on audit_events;
drop function audit_actor_names_add();

create or replace function audit_record(
  p_org integer, p_site integer, p_action text, p_record_type text, p_record_id text,
  p_record_name text, p_changes jsonb
) returns void language plpgsql as $$
declare
  head text := audit_chain_head(p_org);
  -- Its id after the chain is held: a chain's order is its ids' order.
  e audit_events := audit_event(
    coalesce(nullif(current_setting('audit.context', true), '')::jsonb, '{}'), p_org, p_site,
    p_action, p_record_type, p_record_id, p_record_name, p_changes);
begin
  e.prev_hash := head;
  e.hash := audit_hash(e.prev_hash, e);
  insert into audit_events select e.*;
  insert into audit_actor_names values (e.actor_name, coalesce(p_org, 0)) on conflict do nothing;
  perform audit_chain_advance(coalesce(p_org, 0), e.id, e.hash);
end $$;

-- The rows' events (migration 092's trigger), their actors' names kept with them.
create or replace function audit_rows() returns trigger language plpgsql as $$
declare
  ctx jsonb := nullif(current_setting('audit.context', true), '')::jsonb;
  named text;
  -- The table's key, one or two columns (tg_argv[0]: 'id', 'org_id, user_id').
  k text[];
  changed refcursor;
  rec record;
  s record;
  changes jsonb;
  -- Per chain touched: its head's hash and last id as the statement leaves them.
  heads jsonb := '{}';
  ids jsonb := '{}';
  chain text;
  e audit_events;
  events audit_events[] := '{}';
begin
  if ctx is null then return null; end if;
  -- The named action: of this transaction (auditAs), else of the route (RouteDef.audit).
  named := coalesce(nullif(current_setting('audit.action', true), ''), ctx->>'action');
  -- The rows the statement changed, read by static statements (each trigger's table has its
  -- transition tables of its operation only).
  if tg_op = 'INSERT' then
    open changed for select null::jsonb as old_row, to_jsonb(n) as new_row from audit_new n;
  elsif tg_op = 'DELETE' then
    open changed for select to_jsonb(o) as old_row, null::jsonb as new_row from audit_old o;
  elsif (select count(*) from audit_old) = 1 then
    -- One row (a record saved from its form, a renew of one licence): its old and new rows are
    -- the pair, read by a static statement whose plan is kept.
    open changed for select to_jsonb(o) as old_row, to_jsonb(n) as new_row
                       from audit_old o, audit_new n;
  else
    k := string_to_array(replace(tg_argv[0], ' ', ''), ',');
    -- Planned for this statement's rows (execute): a plan kept from the first one-row updates
    -- joined a bulk update's hundreds of rows by a nested loop (quadratic: a batch of bulk
    -- renewals went from about 1 to about 28 s on the embedded database).
    open changed for execute
      'select o.r as old_row, n.r as new_row
         from (select to_jsonb(o) as r from audit_old o) o
         join (select to_jsonb(n) as r from audit_new n) n
           on jsonb_build_array(o.r -> $1[1], o.r -> $1[2])
            = jsonb_build_array(n.r -> $1[1], n.r -> $1[2])' using k;
  end if;
  loop
    fetch changed into rec;
    exit when not found;
    s := audit_subject(tg_table_name, coalesce(rec.new_row, rec.old_row), ctx);
    continue when s.s_skip;
    changes := audit_diff(rec.old_row, rec.new_row, s.s_prefix);
    -- An update that changed nothing the trail keeps (only updated_at, say) is no event.
    continue when tg_op = 'UPDATE' and changes = '{}'::jsonb;
    chain := coalesce(s.s_org, 0)::text;
    if not heads ? chain then
      heads := heads || jsonb_build_object(chain, audit_chain_head(s.s_org));
    end if;
    -- Its id after the chain is held: a chain's order is its ids' order.
    e := audit_event(ctx, s.s_org, s.s_site,
      coalesce(named,
        case when s.s_prefix <> '' then 'update'
             when tg_op = 'INSERT' then 'create'
             when tg_op = 'UPDATE' then 'update'
             else 'delete' end),
      s.s_type, s.s_id, s.s_name, changes);
    e.prev_hash := heads->>chain;
    e.hash := audit_hash(e.prev_hash, e);
    heads := heads || jsonb_build_object(chain, e.hash);
    ids := ids || jsonb_build_object(chain, e.id);
    events := events || e;
  end loop;
  close changed;
  insert into audit_events select * from unnest(events);
  insert into audit_actor_names select distinct n.actor_name, coalesce(n.org_id, 0)
    from unnest(events) n on conflict do nothing;
  update audit_chain_heads h set event_id = (ids->>h.chain::text)::bigint,
                                 hash = heads->>h.chain::text
   where h.chain in (select key::integer from jsonb_object_keys(ids) key);
  return null;
end $$;

drop index audit_events_actor;
