-- Searches at any size (docs/lists.md): a list's search tests `name ilike '%text%'` on the names
-- it reaches by a foreign key (a licence's customer, offering, subscription). A trigram index
-- finds those rows without reading the whole table (100,000 subscriptions: a 54 ms scan → under
-- 1 ms). pg_trgm is a trusted extension: a database owner may create it.
create extension if not exists pg_trgm;
create index orgs_name_trgm on orgs using gin (name gin_trgm_ops);
create index offerings_name_trgm on offerings using gin (name gin_trgm_ops);
create index subscriptions_name_trgm on subscriptions using gin (name gin_trgm_ops);
