/**
 * A synthetic audit trail, inserted set-based (one insert … select generate_series): `events`
 * events spread as a running stack spreads them: 5 % of no organisation, the rest skewed to the
 * first organisations (the seed's Acme the most), some of a site, the organisations' own users
 * as actors, every action and record type the lists offer (updates and licences the most),
 * record names from eight words (a search for 'north' matches about one in four) with a rare word
 * ('zircon', one in 20,000), one event a minute back from now. The hashes are not a valid chain
 * (a chain is computed one event after the other): this is data to read, by the audit lists'
 * benchmark (server/tools/audit-lists.ts) and the test of their plans (list-indexes.test.ts).
 */
import { auditActions, auditRecordTypes } from '@/contract/crm/audit';
import type { Queryable } from '../db/types';

const WORDS = ['North', 'South', 'East', 'West', 'Pit', 'Bench', 'Ridge', 'Quarry'];

/** A uniform number in [0, 1) of the event n, one stream per k (hashint8extended: deterministic). */
const u = (k: number) => `((hashint8extended(n, ${k}) & 4294967295)::float8 / 4294967296)`;

export async function insertSyntheticEvents(db: Queryable, events: number): Promise<void> {
  await db.query(
    `with orgs as (select array_agg(id order by id) as ids from orgs),
          people as (select array_agg(u.id order by u.id) as ids,
                            array_agg(coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)
                                      || ' <' || u.email || '>' order by u.id) as names
                       from users u),
          sites as (select array_agg(id order by id) as ids from sites)
     insert into audit_events (at, org_id, site_id, actor_user_id, actor_name, action, record_type,
                               record_id, record_name, changes, request_id, ip, user_agent,
                               prev_hash, hash)
     select now() - (($1::int - n) * interval '1 minute'),
            -- 5 % of no organisation; else skewed to the first organisations (Acme the most).
            case when ${u(1)} < 0.05 then null
                 else orgs.ids[1 + floor(power(${u(2)}, 3) * cardinality(orgs.ids))::int] end,
            case when ${u(4)} < 0.3 then sites.ids[1 + floor(${u(5)} * cardinality(sites.ids))::int] end,
            people.ids[a.i], people.names[a.i],
            case when ${u(6)} < 0.5 then 'update' when ${u(6)} < 0.7 then 'create'
                 when ${u(6)} < 0.75 then 'delete'
                 else ($2::text[])[1 + floor(${u(7)} * cardinality($2::text[]))::int] end,
            case when ${u(8)} < 0.35 then 'licence' when ${u(8)} < 0.55 then 'blast'
                 when ${u(8)} < 0.65 then 'offering'
                 else ($3::text[])[1 + floor(${u(9)} * cardinality($3::text[]))::int] end,
            (1 + floor(${u(10)} * 5000)::int)::text,
            case when ${u(11)} < 0.00005 then 'Zircon ' else '' end
              || ($4::text[])[1 + floor(${u(12)} * 8)::int] || ' '
              || ($4::text[])[1 + floor(${u(13)} * 8)::int] || ' ' || (n % 997)::text,
            '{"expiry": {"before": "2026-01-01", "after": "2027-01-01"}}',
            md5(n::text), '10.0.' || (n % 250)::text || '.' || (n % 199)::text, 'Mozilla/5.0 (bench)',
            md5((n - 1)::text) || md5((n - 1)::text), md5(n::text) || md5(n::text)
       from generate_series(1, $1::int) n, orgs, people, sites,
            lateral (select 1 + floor(${u(3)} * cardinality(people.ids))::int as i) a`,
    [events, auditActions, auditRecordTypes, WORDS],
  );
  // The actors' names with their chains, as the recording functions keep them (migration 094);
  // of every event, so that a caller's own events inserted before these are found too.
  await db.query(
    `insert into audit_actor_names select distinct actor_name, coalesce(org_id, 0) from audit_events
     on conflict do nothing`,
  );
}
