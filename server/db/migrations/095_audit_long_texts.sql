-- Issue 18, "Cost": a long text no longer costs its write a scan of every character.
--
-- audit_json_object (060) tells custom data (a JSON object in text) from other text by its first
-- character after leading spaces: `left(ltrim(t), 1) = '{'`. ltrim copies the whole text to
-- drop a few spaces, and on the embedded database (WebAssembly) that cost 0.12 ms for a 20 KB
-- text: a blast's file, recorded on every upload (server/tools/audit-cost.ts). The first
-- character decides alone unless it is a space; only then is the text trimmed. Same answers:
-- the same events and hashes.
create or replace function audit_json_object(v jsonb) returns jsonb language sql immutable as $$
  select case when jsonb_typeof(v) = 'string'
               and (left(v #>> '{}', 1) = '{'
                    or left(v #>> '{}', 1) = ' ' and left(ltrim(v #>> '{}'), 1) = '{')
              then audit_parse_object(v #>> '{}') end
$$;
