-- Issue 18: the actor filter of an organisation's Activity stays fast at a million events
-- (docs/performance.md, "The audit lists at a million events").
--
-- The actor is a substring filter (`ilike '%text%'`). Through migration 091's trigram index it
-- read every matching event from the table to recheck it, and the exact count of a common actor
-- (9,159 of Acme's events) took 48 ms at the median and 209 ms at the 99th percentile. Yet a
-- trail names few actors: a few hundred people over a million events. Their names are kept here,
-- one row each; the list engine asks this table first for the names containing the text (its own
-- trigram index, a few hundred rows) and tests the events by equality, which the B-tree indexes
-- below answer and count from the index alone (server/audit/routes.ts, `lookup`).
--
-- Not part of the trail: no hash covers it, and a name stays after retention purges its events
-- (the filter then finds no event of it). Filled by the events' own insert, whatever writes them
-- (the recording triggers, the identity events, a bulk load), once per statement.
create table audit_actor_names (name text primary key);
create index audit_actor_names_trgm on audit_actor_names using gin (name gin_trgm_ops);
insert into audit_actor_names select distinct actor_name from audit_events;

create function audit_actor_names_add() returns trigger language plpgsql as $$
begin
  insert into audit_actor_names select distinct actor_name from new_events
    on conflict do nothing;
  return null;
end $$;
create trigger audit_events_actor_names after insert on audit_events
  referencing new table as new_events for each statement
  execute function audit_actor_names_add();

-- An organisation's Activity by actor (the chain, then the name: the newest of one actor's events
-- last in the index), the Audit log's by actor (every chain). org_id is included because the
-- planner reads an expression's columns, not the expression, to decide that an index holds all a
-- query needs: with it, a count of an actor's events reads the index alone (index-only scan).
create index audit_events_chain_actor on audit_events ((coalesce(org_id, 0)), actor_name, id)
  include (org_id);
create index audit_events_actor on audit_events (actor_name, id);
-- The events' own trigram index of the actor is no longer read: the names are found above.
drop index audit_events_actor_name_trgm;
-- The chain's index holds org_id too, for the same reason: an organisation's newest events (the
-- Activity as it opens) are then read from it alone, backwards, without the table. Without it a
-- plan made for any organisation (a prepared statement's generic plan) read the chain through the
-- actor index above, which holds all it needs, and sorted it: 69 ms at the median for Acme's
-- 440,000 events at a million, against 1.4 ms.
drop index audit_events_chain;
create index audit_events_chain on audit_events ((coalesce(org_id, 0)), id) include (org_id);
