-- Issue 16: a search of users' names, by a trigram index as the organisations', offerings' and
-- subscriptions' names have (040).
--
-- A list shows a user as 'First Last <email>' (userDisplaySql, server/http/list-sql.ts), and a
-- search tests that text: the Issued Licences' assigned user (a lookup: its keys are found
-- first, server/http/list.ts). Every search read every user to build it: at DEMO_SCALE 30 (11,417 users) 18 ms of a search's 22-55 ms on the embedded
-- database, whatever the text. The index holds the same expression, written as the code writes
-- it, so the planner matches it (search-index.test.ts holds the plan).
create index users_display_trgm on users using gin ((case
  when id is null then null
  when btrim(coalesce(first_name, '')) = '' then 'Pending user activation'
  else btrim(btrim(first_name) || ' ' || btrim(coalesce(last_name, ''))) || ' <' || lower(btrim(email)) || '>'
end) gin_trgm_ops);
