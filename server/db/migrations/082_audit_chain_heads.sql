-- Issue 18, "Cost" (docs/performance.md, "The audit trail's cost"): two more parts of the
-- trigger cost more than their work.
-- - A chain's head (its last hash) was found by taking an advisory lock and querying
--   audit_events for the chain's newest event: a backward scan of the primary key with a filter,
--   cheap for a big chain, long for a small organisation's chain among a million others'. Each
--   chain's head now has a row of its own, locked (select … for update: one writer per chain at
--   a time, to the end of the transaction, as the advisory lock did) and updated by the writer.
-- - audit_rows read the transition tables through execute format(…), parsed and planned again
--   at every statement; static statements keep their plan (PL/pgSQL compiles a trigger function
--   once per trigger, so each table's statements are planned for its own rows).
-- Same events, same hashes: a chain goes on from the same last hash, and the purge (which keeps
-- anchors, migration 061) leaves the heads as they are.

create table audit_chain_heads (
  -- coalesce(org_id, 0), as the chains of audit_events and audit_anchors.
  chain integer primary key,
  -- The chain's last event (its id and hash).
  event_id bigint not null,
  hash text not null
);

-- Every chain written so far: its newest event, or, when the purge removed them all, its anchor.
insert into audit_chain_heads (chain, event_id, hash)
select distinct on (coalesce(org_id, 0)) coalesce(org_id, 0), id, hash
  from audit_events
 order by coalesce(org_id, 0), id desc;
insert into audit_chain_heads (chain, event_id, hash)
select chain, after_id, hash from audit_anchors
    on conflict (chain) do nothing;

-- The last hash of an organisation's chain, once this transaction holds the chain (its head's
-- row locked to the end of the transaction; ids taken after it follow the chain's order). A
-- chain's first event makes its head; two first writers meet on the primary key, and the second
-- then waits for the first's row. The writer sets the head (audit_chain_advance) before commit.
create or replace function audit_chain_head(p_org integer) returns text language plpgsql as $$
declare
  head text;
begin
  select hash into head from audit_chain_heads where chain = coalesce(p_org, 0) for update;
  if not found then
    insert into audit_chain_heads (chain, event_id, hash)
    values (coalesce(p_org, 0), 0, repeat('0', 64)) on conflict (chain) do nothing;
    select hash into head from audit_chain_heads where chain = coalesce(p_org, 0) for update;
  end if;
  return head;
end $$;

create function audit_chain_advance(p_chain integer, p_event_id bigint, p_hash text)
returns void language sql as $$
  update audit_chain_heads set event_id = p_event_id, hash = p_hash where chain = p_chain
$$;

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
  perform audit_chain_advance(coalesce(p_org, 0), e.id, e.hash);
end $$;

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
  else
    k := string_to_array(replace(tg_argv[0], ' ', ''), ',');
    open changed for
      select o.r as old_row, n.r as new_row
        from (select to_jsonb(o) as r from audit_old o) o
        join (select to_jsonb(n) as r from audit_new n) n
          on jsonb_build_array(o.r -> k[1], o.r -> k[2])
           = jsonb_build_array(n.r -> k[1], n.r -> k[2]);
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
  update audit_chain_heads h set event_id = (ids->>h.chain::text)::bigint,
                                 hash = heads->>h.chain::text
   where h.chain in (select key::integer from jsonb_object_keys(ids) key);
  return null;
end $$;
