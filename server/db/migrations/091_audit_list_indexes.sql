-- Issue 18: the audit lists stay fast at a million events when a filter or a search matches few
-- events (docs/performance.md, "The audit lists at a million events"). Without these, a rare
-- value inside one organisation's chain walked the chain's index reading every event from the
-- table (0.6 to 1.7 s), and a rare search scanned the table (2 to 8 s).
--
-- An organisation's events of one action, of one record type: the page and its count read the
-- matching entries only (the id last: the newest of them first).
create index audit_events_chain_action on audit_events ((coalesce(org_id, 0)), action, id);
create index audit_events_chain_record_type on audit_events ((coalesce(org_id, 0)), record_type, id);
-- The actor filter and the search are substrings (`ilike '%text%'`): trigram indexes (pg_trgm,
-- migration 040; the embedded database loads it too). With the organisation's arm of the Audit
-- log's search on the chain's index (server/audit/routes.ts), every arm of the search's `or` has
-- an index and the `or` is a bitmap of them.
-- GIN's pending list kept small (64 kB, its least; the default is 4 MB): new events' entries wait
-- in it until the write that fills it merges them (the embedded database has no autovacuum to do
-- it), so that write pays a merge of a few dozen events, not of thousands, and a search reads at
-- most 64 kB of it (with 4 MB, the planner, pricing the list every search reads through, kept
-- scanning the chain instead). Without the list (fastupdate off) every event's entries go in one
-- by one: 20,000 events inserted at once took over a minute on the embedded database, against
-- about half a minute with the 64 kB list (list-indexes.test.ts, a busy machine).
create index audit_events_actor_name_trgm on audit_events
  using gin (actor_name gin_trgm_ops) with (gin_pending_list_limit = 64);
create index audit_events_record_name_trgm on audit_events
  using gin (record_name gin_trgm_ops) with (gin_pending_list_limit = 64);
