-- Names that must be unique (issue 17), case-insensitively, as the services compare them
-- (lower(name); the contract schemas trim every name): organisations (everywhere), offerings
-- within their vendor organisation, sites within their organisation, blasts within their site,
-- node libraries within their scope (an organisation's own, site_id null, or one site's).
--
-- A database written before this rule may hold duplicates. They are renamed, not refused: in
-- each group of equal names the oldest row (lowest id) keeps its name, every later one gets its
-- id appended, 'North Pit' → 'North Pit (12)'. Deterministic, and the same on PGlite and
-- PostgreSQL. (Should a renamed value itself be taken, e.g. a row already called
-- 'North Pit (12)', the index build fails and the start stops: rename that row by hand.)
update orgs t set name = t.name || ' (' || t.id || ')'
  from (select id, row_number() over (partition by lower(name) order by id) as k from orgs) d
 where d.id = t.id and d.k > 1;
update offerings t set name = t.name || ' (' || t.id || ')'
  from (select id, row_number() over (partition by org_id, lower(name) order by id) as k
          from offerings) d
 where d.id = t.id and d.k > 1;
update sites t set name = t.name || ' (' || t.id || ')'
  from (select id, row_number() over (partition by org_id, lower(name) order by id) as k
          from sites) d
 where d.id = t.id and d.k > 1;
update blasts t set name = t.name || ' (' || t.id || ')'
  from (select id, row_number() over (partition by site_id, lower(name) order by id) as k
          from blasts) d
 where d.id = t.id and d.k > 1;
update node_libraries t set name = t.name || ' (' || t.id || ')'
  from (select id, row_number() over (partition by org_id, site_id, lower(name) order by id) as k
          from node_libraries) d
 where d.id = t.id and d.k > 1;

-- The index names are the keys of server/http/unique-names.ts (a violation answers 409 on name).
create unique index orgs_name_unique on orgs (lower(name));
create unique index offerings_name_unique on offerings (org_id, lower(name));
create unique index sites_name_unique on sites (org_id, lower(name));
create unique index blasts_name_unique on blasts (site_id, lower(name));
create unique index node_libraries_org_name_unique on node_libraries (org_id, lower(name))
  where site_id is null;
create unique index node_libraries_site_name_unique on node_libraries (site_id, lower(name))
  where site_id is not null;
