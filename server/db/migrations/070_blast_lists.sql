-- Issues 16/17: a blast's links and shares are paged lists (docs/lists.md), never cut at 1,000.
-- The list engine keys rows by an integer; a link's id is its secret text, so links get an
-- order number of their own. The indexes serve each list's default order within one blast.
alter table blast_links add column seq integer generated always as identity;
create unique index blast_links_seq on blast_links (seq);
create index blast_links_blast_created on blast_links (blast_id, created_at desc, seq desc);
create index shared_blasts_blast_shared on shared_blasts (blast_id, shared_at desc, id desc);
