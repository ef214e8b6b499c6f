-- Issue 18, "Cost": recording added 4.5 to 7 ms to a write's median on PostgreSQL and about
-- 14 ms on the embedded database (server/tools/audit-cost.ts, docs/performance.md). Profiled
-- (track_functions), two parts of migration 060's trigger cost more than their work:
-- - audit_value, an SQL function with a FROM clause, is not inlined, and PostgreSQL (before 18)
--   parses and plans such a function again at every call: twice per changed column, 0.3 ms each.
--   The same rule in PL/pgSQL keeps its plan for the session.
-- - audit_event looked the id's sequence up by name in the catalog (pg_get_serial_sequence) for
--   every event; the sequence is audit_events_id_seq (bigserial), named once here.
-- Same values as before: the events and their hashes do not change.

create or replace function audit_value(col text, v jsonb) returns jsonb
language plpgsql immutable as $$
declare
  bytes integer;
begin
  if v is null or v = 'null'::jsonb then return 'null'::jsonb; end if;
  if col in ('password_hash', 'token_hash', 'code') then return to_jsonb('(hidden)'::text); end if;
  bytes := case
             when jsonb_typeof(v) <> 'string' then octet_length(v::text)
             -- bytea arrives as '\x…' hex: two characters a byte.
             when left(v #>> '{}', 2) = '\x' then (octet_length(v #>> '{}') - 2) / 2
             else octet_length(v #>> '{}')
           end;
  if bytes > 1024 then return to_jsonb(format('(%s KB)', round(bytes / 1024.0, 1))); end if;
  return v;
end $$;

create or replace function audit_event(
  ctx jsonb, p_org integer, p_site integer, p_action text, p_record_type text,
  p_record_id text, p_record_name text, p_changes jsonb
) returns audit_events language plpgsql as $$
declare
  e audit_events;
begin
  e.id := nextval('audit_events_id_seq'::regclass);
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
