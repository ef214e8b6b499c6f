/**
 * The audit lists at a million events (issue 18's "Cost": the audit lists stay fast with a
 * million events; docs/performance.md, "The audit lists at a million events"). On a PostgreSQL
 * cluster of its own (PG_BIN), migrated and seeded like the stack (DEMO_SCALE 0.1), the trail is
 * loaded set-based (one insert … select generate_series) with `events` events spread as a
 * running stack spreads them: most in the big organisations' chains (Acme's the largest), some of
 * no organisation (sign-ins), every action and record type the lists offer (updates and licences
 * the most), the organisations' own users as actors, record names from a small vocabulary (a
 * search for 'north' matches about one in four: two words of eight) with a rare word ('zircon',
 * one in 20,000), one event a minute back from now. The hashes are not a valid chain (a chain is computed one event after
 * the other; what is measured here is reading): the chains' heads are set to the last events.
 *
 * Then the first 50-row page of each list, newest first, alone and with a filter on action, on
 * record type, on actor (a common one, and one of 30 events in three chains), and a search,
 * through the list endpoints' own definitions and listPage (the page, and its total: counted up
 * to 10,000, else the planner's estimate), as the Activity (an organisation: the largest and a
 * small one), the Audit log (every organisation) and a record's History ask it; p50 and p99 over
 * `calls` calls after warm-ups, the first (cold) call, and the page query's plan (its scans and
 * indexes). `--before` cannot go back past 094 (the Audit log reads the names' chains).
 *
 * `--before=<migration>` (a migration's file name) loads the trail into the database as that
 * migration left it, measures, then migrates the rest and measures again: the same events before
 * and after (the indexes of migration 091, say), with the plans of the rare filters and
 * searches (EXPLAIN ANALYZE) both times. The rare search's plan comes twice: as listPage runs it
 * (the lookups' keys found first) and as the statement was before (planKeysInStatement).
 *
 *   npx tsx server/tools/audit-lists.ts [--smoke] [--before=090_shared_limits.sql]   → JSON on stdout
 */
import { activityDef, auditLogDef } from '../audit/routes';
import { insertSyntheticEvents } from '../audit/synthetic-events';
import { migrate } from '../db/migrate';
import { openPg } from '../db/pg';
import type { Db } from '../db/types';
import {
  listPage,
  lookupKeys,
  pageQuery,
  type ListDef,
  type ListQueryInput,
  type Scope,
} from '../http/list';
import { hasPostgres, startTempPostgres } from '../resilience/stack';
import { seed } from '../seed/seed';

const smoke = process.argv.includes('--smoke');
const before = process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length);
const plan = smoke
  ? { events: 20_000, calls: 5, warmup: 1 }
  : { events: 1_000_000, calls: 40, warmup: 3 };

const RARE_ACTOR = 'Rhea Quist <rhea.quist@example.net>';

async function load(db: Db) {
  await migrate(db, before === undefined ? {} : { until: before });
  await seed(db, 0.1);
  const started = performance.now();
  // A rare actor, oldest of all (the newest-first walk of the trail meets them last): 30 events
  // in three chains, the first organisation's, the second's and none (a sysadmin's, say).
  await db.query(
    `insert into audit_events (at, org_id, actor_name, action, record_type, record_id, changes,
                               prev_hash, hash)
     select now() - interval '3 years' + n * interval '1 day', (array[1, 2, null])[1 + n % 3],
            $1, 'update', 'licence', n::text, '{}', md5(n::text), md5(n::text)
       from generate_series(1, 30) n`,
    [RARE_ACTOR],
  );
  await insertSyntheticEvents(db, plan.events);
  await db.query(
    `insert into audit_chain_heads (chain, event_id, hash)
     select distinct on (coalesce(org_id, 0)) coalesce(org_id, 0), id, hash
       from audit_events order by coalesce(org_id, 0), id desc
     on conflict (chain) do update set event_id = excluded.event_id, hash = excluded.hash`,
  );
  await db.query('vacuum analyze audit_events');
  return Math.round(performance.now() - started);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round1 = (v: number) => Math.round(v * 10) / 10;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const scans = (node: PlanNode): string[] => [
  ...(/Scan/.test(node['Node Type'])
    ? [`${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`.trim()]
    : []),
  ...(node.Plans ?? []).flatMap(scans),
];

async function measure<C extends Parameters<typeof pageQuery>[0]['columns']>(
  db: Db,
  def: ListDef<C, never, unknown>,
  scope: Scope,
  query: ListQueryInput,
  explain = false,
) {
  const page = { ...query, take: 50 };
  const first = performance.now();
  const answer = await listPage(db, def, scope, page);
  const cold = performance.now() - first;
  for (let i = 0; i < plan.warmup; i++) await listPage(db, def, scope, page);
  const times: number[] = [];
  for (let i = 0; i < plan.calls; i++) {
    const t0 = performance.now();
    await listPage(db, def, scope, page);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const { sql, params } = pageQuery(def, scope, page, await lookupKeys(db, def, page));
  const [explained] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `explain (format json) ${sql}`,
    params,
  );
  // The page as it was before the lookups' keys were found first (asked inside the statement),
  // on the same events: its plan and time.
  const keysInStatement = async () => {
    const old = pageQuery(def, scope, page);
    return (
      await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off) ${old.sql}`,
        old.params,
      )
    ).map((r) => r['QUERY PLAN']);
  };
  const root = explained?.['QUERY PLAN'][0]?.Plan;
  const analyzed = explain
    ? (
        await db.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off, timing off) ${sql}`,
          params,
        )
      ).map((r) => r['QUERY PLAN'])
    : undefined;
  return {
    rows: answer.fetchedCount,
    total: answer.totalAvailable,
    estimate: answer.totalIsEstimate,
    coldMs: round1(cold),
    p50Ms: round1(quantile(times, 0.5)),
    p99Ms: round1(quantile(times, 0.99)),
    scans: root ? [...new Set(scans(root))] : [],
    ...(analyzed ? { plan: analyzed } : {}),
    ...(analyzed && query.search ? { planKeysInStatement: await keysInStatement() } : {}),
  };
}

if (!hasPostgres()) throw new Error('audit-lists needs PostgreSQL (PG_BIN)');
const cluster = await startTempPostgres();
try {
  const db = await openPg(cluster.databaseUrl);
  try {
    const loadMs = await load(db);
    const [big, small] = await db.query<{ chain: number; n: number }>(
      `(select coalesce(org_id, 0) as chain, count(*)::int as n from audit_events
         where org_id is not null group by 1 order by 2 desc limit 1)
       union all
       (select coalesce(org_id, 0), count(*)::int from audit_events
         where org_id is not null group by 1 order by 2 limit 1)`,
    );
    const [actor] = await db.query<{ name: string }>(
      `select split_part(actor_name, ' ', 1) as name from audit_events
        where org_id = $1 and actor_name <> $2 group by 1 order by count(*) limit 1`,
      [big?.chain, RARE_ACTOR],
    );
    const queries: Record<string, ListQueryInput> = {
      newest: {},
      action: { filters: { action: 'suspend' } },
      recordType: { filters: { recordType: 'blast' } },
      actor: { filters: { actorName: actor?.name ?? 'Mark' } },
      actorRare: { filters: { actorName: 'Quist' } },
      search: { search: 'north' },
      searchRare: { search: 'zircon' },
    };
    const lists: Array<[string, ListDef<never, never, unknown>, Scope]> = [
      [
        `activity, largest organisation (${big?.n} events)`,
        activityDef as never,
        { where: ['coalesce(e.org_id, 0) = $1'], params: [big?.chain ?? 1] },
      ],
      [
        `activity, smallest organisation (${small?.n} events)`,
        activityDef as never,
        { where: ['coalesce(e.org_id, 0) = $1'], params: [small?.chain ?? 1] },
      ],
      ['audit log, every organisation', auditLogDef as never, { where: [], params: [] }],
    ];
    // The plans worth reading: where a filter or a search matches few events.
    const explained = new Set(['action', 'actor', 'actorRare', 'searchRare']);
    const measureAll = async () => {
      const results: Record<string, Record<string, unknown>> = {};
      for (const [name, def, scope] of lists) {
        const byQuery: Record<string, unknown> = {};
        for (const [q, query] of Object.entries(queries)) {
          byQuery[q] = await measure(db, def, scope, query, explained.has(q));
        }
        results[name] = byQuery;
      }
      // A record's History (a details screen): its events only.
      results['history of one licence'] = {
        newest: await measure(
          db,
          activityDef as never,
          {
            where: ['coalesce(e.org_id, 0) = $1', 'e.record_type = $2', 'e.record_id = $3'],
            params: [big?.chain ?? 1, 'licence', '42'],
          },
          {},
        ),
      };
      const [size] = await db.query<{ table: string; indexes: string }>(
        `select pg_size_pretty(pg_table_size('audit_events')) as table,
                pg_size_pretty(pg_indexes_size('audit_events')) as indexes`,
      );
      return { size, results };
    };
    if (before !== undefined) {
      const measuredBefore = await measureAll();
      const t0 = performance.now();
      const applied = await migrate(db);
      await db.query('vacuum analyze audit_events');
      const migrateMs = Math.round(performance.now() - t0);
      const after = await measureAll();
      console.log(
        JSON.stringify({
          events: plan.events,
          loadMs,
          actor: actor?.name,
          before: { migration: before, ...measuredBefore },
          after: { applied, migrateMs, ...after },
        }),
      );
    } else {
      const { size, results } = await measureAll();
      console.log(
        JSON.stringify({ events: plan.events, loadMs, size, actor: actor?.name, results }),
      );
    }
  } finally {
    await db.close();
  }
} finally {
  await cluster.destroy();
}
