-- Issue 18, "Cost": an update of one row no longer plans a statement. Migration 083 executes the
-- update branch's join of old and new rows (planned for each statement's rows, so that a bulk
-- update pairs them by a hash join), and every one-row update paid that planning: about 0.3 ms
-- on PostgreSQL, more on the embedded database, where the trail then added 1.1 to 1.35 ms to a
-- write (docs/performance.md). One old row and one new row are their own pair: that case reads
-- them with a static statement (planned once per trigger); two or more rows keep 083's join.
-- The rest of the trigger is 083's, unchanged: the same events and hashes.

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
  update audit_chain_heads h set event_id = (ids->>h.chain::text)::bigint,
                                 hash = heads->>h.chain::text
   where h.chain in (select key::integer from jsonb_object_keys(ids) key);
  return null;
end $$;
