-- Issue 19, "Several stack processes, one database": the limits count in the database, so every
-- process of a cluster sees the same counts (docs/deployment.md). Neither table is audited: they
-- are counters, not records, and a lost row only forgives a few requests.

-- The general request limit (@fastify/rate-limit's store, server/http/rate-limit-store.ts): one
-- row per client key and fixed window, one upsert per request.
create table rate_limit_hits (
  key text primary key,
  window_start bigint not null,
  hits integer not null
);
create index rate_limit_hits_window on rate_limit_hits (window_start);

-- Sign-in failures and registration messages (server/identity/signin-limiter.ts): one row per
-- failure, a sliding window per scope and key.
create table signin_failures (
  id bigserial primary key,
  scope text not null,
  key text not null,
  failed_at bigint not null
);
create index signin_failures_key on signin_failures (scope, key, failed_at);
