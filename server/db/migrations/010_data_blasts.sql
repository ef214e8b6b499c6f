-- Data service (server/data): blast status and planned date, and facts derived from the .blst
-- file (total charge, file size) so lists need not parse files. Rows written before this
-- migration (the seed) are filled in by server/data/facts.ts at start-up.
alter table blasts add column status text not null default 'fired' check (status in ('planned', 'fired'));
alter table blasts add column planned_at timestamptz;
alter table blasts add column total_charge double precision;
alter table blasts add column file_size integer;
create index blasts_site_when on blasts (site_id, (coalesce(blasted_at, planned_at, created_at)));
create index shared_blasts_blast on shared_blasts (blast_id);
create index node_libraries_site on node_libraries (site_id);
-- One share per blast and target (the service answers 409 for a second one).
create unique index shared_blasts_target on shared_blasts (blast_id, coalesce(shared_with_user_id, 0), coalesce(shared_with_org_id, 0));
