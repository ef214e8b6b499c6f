-- Issue 18: the audit trail (docs/audit.md). Every write a request makes to the tables below is
-- recorded by a trigger in the same transaction, so a change cannot happen unrecorded and a
-- write that fails or is refused (rolled back) leaves nothing. The request's context (who, from
-- where, which named action) reaches the trigger as the transaction-local setting
-- audit.context (server/db/audit-context.ts); writes made outside a request (the seed,
-- migrations, tools) carry no context and are not recorded.
--
-- Append-only and tamper-evident: UPDATE, DELETE and TRUNCATE are refused, and each event's
-- hash covers the previous event of its organisation's chain (coalesce(org_id, 0): events of no
-- organisation form chain 0) and the event itself (audit_canonical). npm run audit:verify
-- recomputes every chain. The first trail (audit_log, row actions only, one global chain) is
-- kept as it was and verified as it was.

create table audit_events (
  id bigserial primary key,
  at timestamptz not null,
  org_id integer,
  site_id integer,
  actor_user_id integer,
  -- 'Ada Lovelace <ada@…>', 'anonymous' (link views, registration), 'system'.
  actor_name text not null,
  -- create, update, delete, or the named action of the request (suspend, renew, invite, share…).
  action text not null,
  record_type text not null,
  record_id text,
  -- The record's name at the time of the event.
  record_name text,
  -- { field: { "before": value, "after": value } }; secrets as '(hidden)', large values and
  -- files by their size ('(12.4 KB)'); JSON objects (custom data) by key ('customData.key').
  changes jsonb not null default '{}',
  request_id text,
  ip text,
  user_agent text,
  prev_hash text not null,
  hash text not null
);
create index audit_events_chain on audit_events ((coalesce(org_id, 0)), id);
create index audit_events_record on audit_events (record_type, record_id, id);
create index audit_events_site on audit_events (site_id, id) where site_id is not null;

create function audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only', tg_table_name;
end $$;
create trigger audit_events_no_update before update or delete on audit_events
  for each row execute function audit_append_only();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_append_only();

-- The text an event's hash covers (JSON, so every field is delimited; jsonb prints keys in a
-- fixed order). The verifier reads it through this same function.
create function audit_canonical(e audit_events) returns text language sql stable as $$
  select jsonb_build_array(
    to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.org_id, e.site_id,
    e.actor_user_id, e.actor_name, e.action, e.record_type, e.record_id, e.record_name,
    e.changes, e.request_id, e.ip, e.user_agent)::text
$$;

create function audit_hash(prev text, e audit_events) returns text language sql stable as $$
  select encode(sha256(convert_to(prev || E'\n' || audit_canonical(e), 'UTF8')), 'hex')
$$;

-- A new event with the transaction's context (who, from where); not yet chained.
create function audit_event(
  ctx jsonb, p_org integer, p_site integer, p_action text, p_record_type text,
  p_record_id text, p_record_name text, p_changes jsonb
) returns audit_events language plpgsql as $$
declare
  e audit_events;
begin
  e.id := nextval(pg_get_serial_sequence('audit_events', 'id'));
  e.at := clock_timestamp();
  e.org_id := p_org;
  e.site_id := p_site;
  e.actor_user_id := (ctx->>'actorId')::integer;
  e.actor_name := coalesce(ctx->>'actorName', 'system');
  e.action := p_action;
  e.record_type := p_record_type;
  e.record_id := p_record_id;
  e.record_name := p_record_name;
  e.changes := coalesce(p_changes, '{}');
  e.request_id := ctx->>'requestId';
  e.ip := ctx->>'ip';
  e.user_agent := ctx->>'userAgent';
  return e;
end $$;

-- The last hash of an organisation's chain, once this transaction holds the chain: one writer
-- per chain at a time (the lock is held to the end of the transaction, so the chain's order is
-- its commit order, and ids taken after it follow that order).
create function audit_chain_head(p_org integer) returns text language plpgsql as $$
declare
  head text;
begin
  perform pg_advisory_xact_lock(1096107084, coalesce(p_org, 0));
  select hash into head from audit_events where coalesce(org_id, 0) = coalesce(p_org, 0)
   order by coalesce(org_id, 0) desc, id desc limit 1;
  return coalesce(head, repeat('0', 64));
end $$;

-- Records an event that is no row written (a download, a link view, a sign-in) with the
-- transaction's context: recordEvent() in server/db/audit-context.ts.
create function audit_record(
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
end $$;

-- How a column's value enters the trail.
create function audit_value(col text, v jsonb) returns jsonb language sql immutable as $$
  select case
           when v is null or v = 'null'::jsonb then 'null'::jsonb
           when col in ('password_hash', 'token_hash', 'code') then to_jsonb('(hidden)'::text)
           when size.bytes > 1024 then to_jsonb(format('(%s KB)', round(size.bytes / 1024.0, 1)))
           else v
         end
    from (select case
                   when jsonb_typeof(v) <> 'string' then octet_length(v::text)
                   -- bytea arrives as '\x…' hex: two characters a byte.
                   when left(v #>> '{}', 2) = '\x' then (octet_length(v #>> '{}') - 2) / 2
                   else octet_length(v #>> '{}')
                 end as bytes) size
$$;

-- A JSON object stored as text (custom data), or null when the text is not one. Parsing in
-- an exception block costs a subtransaction: only text that looks like an object is tried.
create function audit_parse_object(t text) returns jsonb language plpgsql immutable as $$
declare
  parsed jsonb;
begin
  parsed := t::jsonb;
  return case when jsonb_typeof(parsed) = 'object' then parsed end;
exception when others then
  return null;
end $$;

create function audit_json_object(v jsonb) returns jsonb language sql immutable as $$
  select case when jsonb_typeof(v) = 'string' and left(ltrim(v #>> '{}'), 1) = '{'
              then audit_parse_object(v #>> '{}') end
$$;

-- before → after of two rows (either may be null), keyed by column, prefixed for child rows;
-- a JSON object in text (custom data) by key. It runs for every row changed: one query for the
-- columns that differ, then only those.
create function audit_diff(old_row jsonb, new_row jsonb, prefix text) returns jsonb
language plpgsql immutable as $$
declare
  result jsonb := '{}';
  c record;
  bo jsonb;
  ao jsonb;
  k text;
begin
  for c in
    select key, o.value as b, n.value as a
      from jsonb_each(coalesce(old_row, '{}')) o
      full join jsonb_each(coalesce(new_row, '{}')) n using (key)
     where o.value is distinct from n.value
       and key not in ('id', 'updated_at', 'created_at', 'code_expires_at')
  loop
    bo := audit_json_object(c.b);
    ao := audit_json_object(c.a);
    if bo is null and ao is null then
      result := result || jsonb_build_object(prefix || c.key, jsonb_build_object(
        'before', audit_value(c.key, c.b), 'after', audit_value(c.key, c.a)));
    else
      for k in select key from jsonb_object_keys(coalesce(bo, '{}') || coalesce(ao, '{}')) key loop
        continue when (bo -> k) is not distinct from (ao -> k);
        result := result || jsonb_build_object(prefix || c.key || '.' || k, jsonb_build_object(
          'before', audit_value(k, bo -> k), 'after', audit_value(k, ao -> k)));
      end loop;
    end if;
  end loop;
  return result;
end $$;

-- Which record a row's change belongs to: its type, id and name now, its organisation (the
-- row's own, else the request's) and site; a child row (an offering's feature, a blast's link)
-- is a change of its parent, its columns prefixed. skip: the parent is gone (deleted in the
-- same statement, whose own event says so).
create function audit_subject(
  tbl text, r jsonb, ctx jsonb,
  out s_org integer, out s_site integer, out s_type text, out s_id text, out s_name text,
  out s_prefix text, out s_skip boolean
) language plpgsql stable as $$
begin
  s_org := (ctx->>'orgId')::integer;
  s_site := (ctx->>'siteId')::integer;
  s_prefix := '';
  s_skip := false;
  case tbl
    when 'orgs' then
      s_type := 'organization'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'id')::integer;
    when 'users' then
      s_type := 'user'; s_id := r->>'id'; s_name := r->>'email';
    when 'org_members' then
      s_type := 'member'; s_id := r->>'user_id'; s_org := (r->>'org_id')::integer;
      select email into s_name from users where id = (r->>'user_id')::integer;
    when 'invitations' then
      s_type := 'invitation'; s_id := r->>'id'; s_name := r->>'email';
      s_org := (r->>'org_id')::integer;
    when 'org_custom_data' then
      s_type := 'organization'; s_id := r->>'org_id'; s_org := (r->>'org_id')::integer;
      s_prefix := 'customData ' || (r->>'name') || ': ';
      select name into s_name from orgs where id = s_org;
      if not found then s_skip := true; end if;
    when 'email_preferences' then
      s_type := 'email preferences'; s_id := r->>'email'; s_name := r->>'email';
    when 'support_requests' then
      s_type := 'support request'; s_id := r->>'id'; s_name := r->>'subject';
      s_org := (r->>'org_id')::integer;
    when 'subscription_registrations' then
      s_type := 'registration'; s_id := r->>'id'; s_name := r->>'organisation_name';
      s_org := coalesce((r->>'created_org_id')::integer, s_org);
    when 'offerings' then
      s_type := 'offering'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'org_id')::integer;
    when 'offering_features' then
      s_type := 'offering'; s_id := r->>'offering_id'; s_prefix := 'feature ' || (r->>'name') || ': ';
      select name, org_id into s_name, s_org from offerings where id = (r->>'offering_id')::integer;
      if not found then s_skip := true; end if;
    when 'offering_custom_data' then
      s_type := 'offering'; s_id := r->>'offering_id';
      s_prefix := 'customData ' || (r->>'name') || ': ';
      select name, org_id into s_name, s_org from offerings where id = (r->>'offering_id')::integer;
      if not found then s_skip := true; end if;
    when 'subscriptions' then
      s_type := 'subscription'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'vendor_org_id')::integer;
    when 'subscription_attachments' then
      s_type := 'subscription'; s_id := r->>'subscription_id';
      s_prefix := 'attachment ' || (r->>'file_name') || ': ';
      select name, vendor_org_id into s_name, s_org from subscriptions
       where id = (r->>'subscription_id')::integer;
      if not found then s_skip := true; end if;
    when 'licences' then
      s_type := 'licence'; s_id := r->>'id'; s_org := (r->>'vendor_org_id')::integer;
      select o.name || ' for ' || c.name into s_name
        from offerings o, orgs c
       where o.id = (r->>'offering_id')::integer and c.id = (r->>'customer_org_id')::integer;
    when 'sites' then
      s_type := 'site'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'org_id')::integer; s_site := (r->>'id')::integer;
    when 'site_members' then
      s_type := 'site user'; s_id := r->>'user_id'; s_site := (r->>'site_id')::integer;
      select email into s_name from users where id = (r->>'user_id')::integer;
      select org_id into s_org from sites where id = s_site;
      if not found then s_skip := true; end if;
    when 'blasts' then
      s_type := 'blast'; s_id := r->>'id'; s_name := r->>'name'; s_site := (r->>'site_id')::integer;
      select org_id into s_org from sites where id = s_site;
      if not found then s_skip := true; end if;
    when 'blast_links', 'shared_blasts' then
      s_type := 'blast'; s_id := r->>'blast_id';
      -- A link's id is its secret: the trail names it by its first characters (linkLabel).
      s_prefix := case tbl when 'blast_links' then 'link ' || left(r->>'id', 4) || '…: '
                           else 'share ' || (r->>'id') || ': ' end;
      select b.name, b.site_id, s.org_id into s_name, s_site, s_org
        from blasts b join sites s on s.id = b.site_id where b.id = (r->>'blast_id')::integer;
      if not found then s_skip := true; end if;
    when 'node_libraries' then
      s_type := 'node library'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'org_id')::integer; s_site := (r->>'site_id')::integer;
    else
      raise exception 'audit: no rule for table %', tbl;
  end case;
end $$;

-- The trigger of every audited table, once per statement (a bulk change of 100,000 rows is
-- one call): each row changed becomes an event of its record, chained in its organisation's
-- chain, all inserted at once. tg_argv[0] is the table's key (the update's old and new rows
-- are matched on it).
create function audit_rows() returns trigger language plpgsql as $$
declare
  ctx jsonb := nullif(current_setting('audit.context', true), '')::jsonb;
  named text;
  rec record;
  s record;
  changes jsonb;
  heads jsonb := '{}';
  chain text;
  e audit_events;
  events audit_events[] := '{}';
begin
  if ctx is null then return null; end if;
  -- The named action: of this transaction (auditAs), else of the route (RouteDef.audit).
  named := coalesce(nullif(current_setting('audit.action', true), ''), ctx->>'action');
  for rec in execute case tg_op
    when 'INSERT' then 'select null::jsonb as old_row, to_jsonb(n) as new_row from audit_new n'
    when 'DELETE' then 'select to_jsonb(o) as old_row, null::jsonb as new_row from audit_old o'
    else format('select to_jsonb(o) as old_row, to_jsonb(n) as new_row
                   from audit_old o join audit_new n using (%s)', tg_argv[0])
  end loop
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
    events := events || e;
  end loop;
  insert into audit_events select * from unnest(events);
  return null;
end $$;

do $$
declare
  t record;
begin
  for t in select * from (values
    ('orgs', 'id'), ('users', 'id'), ('org_members', 'org_id, user_id'), ('invitations', 'id'),
    ('org_custom_data', 'id'), ('email_preferences', 'email'), ('support_requests', 'id'),
    ('subscription_registrations', 'id'), ('offerings', 'id'), ('offering_features', 'id'),
    ('offering_custom_data', 'id'), ('subscriptions', 'id'), ('subscription_attachments', 'id'),
    ('licences', 'id'), ('sites', 'id'), ('site_members', 'site_id, user_id'), ('blasts', 'id'),
    ('blast_links', 'id'), ('shared_blasts', 'id'), ('node_libraries', 'id')) as x (name, key)
  loop
    execute format('create trigger %I after insert on %I referencing new table as audit_new
      for each statement execute function audit_rows(%L)', t.name || '_audit', t.name, t.key);
    execute format('create trigger %I after update on %I referencing old table as audit_old
      new table as audit_new for each statement execute function audit_rows(%L)',
      t.name || '_audit_update', t.name, t.key);
    execute format('create trigger %I after delete on %I referencing old table as audit_old
      for each statement execute function audit_rows(%L)', t.name || '_audit_delete', t.name,
      t.key);
  end loop;
end $$;
