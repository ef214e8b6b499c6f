/**
 * What the audit trail costs a write (issue 18's "Cost": no more than 1 ms added to a write's
 * median; docs/performance.md, "The audit trail's cost"). A micro-benchmark on a throw-away
 * database, migrated and seeded like the stack, its trail already holding `events` events:
 *
 *   npx tsx server/tools/audit-cost.ts [--smoke] [--postgres]   → JSON on stdout
 *
 * Two representative writes, each in its own transaction as a request makes it:
 * - licenceUpdate: an issued licence's expiry moved (the renew of Issued Licences);
 * - blastCreate: a blast inserted with a 20 KB file (the upload of the site portal).
 * Trail on: the request's context (auditedDb, audit-context.ts, as the services write) and
 * the triggers of migration 060 on; trail off: no context statement and the tables' audit triggers disabled (a
 * stack without the trail). The two are interleaved in rounds (on, off, off, on, …) so that the
 * load of a shared machine falls on both alike; median and p95 of each, and their difference.
 * --postgres: the same on a PostgreSQL cluster of its own (PG_BIN), fsync on; --postgres-only:
 * that alone. --in-server: on PostgreSQL, the same writes timed inside the database (a DO block
 * committing each, clock_timestamp() around the statement: no client, no round trip, so the
 * trigger's own work apart from a busy machine's scheduling). --until=<migration file>: the database as that migration left it (a trail before
 * a later change of its cost, for the figures before → after). --drop-indexes=<name,…>: those
 * indexes of the trail dropped first (what one index adds to a write).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditedDb, sqlLiteral, withAuditContext, type AuditContext } from '../db/audit-context';
import { migrate } from '../db/migrate';
import { openPg } from '../db/pg';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { seed } from '../seed/seed';
import { hasPostgres, startTempPostgres } from '../resilience/stack';

const smoke = process.argv.includes('--smoke');
const postgresOnly = process.argv.includes('--postgres-only');
const withPostgres = postgresOnly || process.argv.includes('--postgres');
const inServer = process.argv.includes('--in-server');
const until = process.argv.find((a) => a.startsWith('--until='))?.slice('--until='.length);
// --drop-indexes=a,b: those indexes of the trail dropped before measuring (what each one costs).
const dropIndexes = (
  process.argv.find((a) => a.startsWith('--drop-indexes='))?.slice('--drop-indexes='.length) ?? ''
)
  .split(',')
  .filter((name) => /^\w+$/.test(name));
const plan = smoke
  ? { rounds: 2, batch: 10, warmup: 3, events: 2_000 }
  : { rounds: 12, batch: 40, warmup: 10, events: 200_000 };

const CONTEXT: AuditContext = {
  actorId: 3,
  actorName: 'Mark Manager <manager@example.com>',
  orgId: 1,
  siteId: null,
  requestId: 'bench',
  ip: '127.0.0.1',
  userAgent: 'audit-cost',
  action: null,
};
const FILE = `name=Bench\n${'H1,100.0,200.0,300.0,10.0,50.0\n'.repeat(650)}`; // ≈ 20 KB

interface Write {
  name: 'licenceUpdate' | 'blastCreate';
  table: string;
  run: (db: Db, on: boolean, i: number) => Promise<void>;
}

function writes(licenceIds: number[], siteId: number): Write[] {
  // As a request writes: with the trail, the services' database (auditedDb) in the request's
  // context (its statement sent with the BEGIN); without, the database as is.
  const inTx = (db: Db, on: boolean, sql: string, params: unknown[]) =>
    on
      ? withAuditContext(CONTEXT, () =>
          auditedDb(db).transaction(async (tx) => {
            await tx.query(sql, params);
          }),
        )
      : db.transaction(async (tx) => {
          await tx.query(sql, params);
        });
  return [
    {
      name: 'licenceUpdate',
      table: 'licences',
      run: (db, on, i) =>
        inTx(
          db,
          on,
          'update licences set expiry = coalesce(expiry, current_date) + 1 where id = $1',
          [licenceIds[i % licenceIds.length]],
        ),
    },
    {
      name: 'blastCreate',
      table: 'blasts',
      run: (db, on, i) =>
        inTx(
          db,
          on,
          `insert into blasts (site_id, name, file_name, file_content, hole_count, created_by)
           values ($1, $2, 'bench.blst', $3, 650, 7)`,
          [siteId, `Bench ${on ? 'on' : 'off'} ${i}`, FILE],
        ),
    },
  ];
}

const triggers = (table: string, on: boolean) =>
  `alter table ${table} ${['_audit', '_audit_update', '_audit_delete']
    .map((s) => `${on ? 'enable' : 'disable'} trigger ${table}${s}`)
    .join(', ')}`;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

async function prepare(db: Db) {
  await migrate(db, { until });
  await seed(db, 0.1);
  // A trail that has been running: events in the organisation's chain (the chain's head is
  // read for every write) and in others'.
  await db.query(
    `insert into audit_events (at, org_id, actor_name, action, record_type, record_id, changes,
                               prev_hash, hash)
     select now() - (n || ' seconds')::interval, case when n % 4 = 0 then 2 else 1 end, 'bench',
            'update', 'licence', (n % 1000)::text, '{"seats": {"before": 1, "after": 2}}',
            md5(n::text) || md5(n::text), md5((n + 1)::text) || md5((n + 1)::text)
       from generate_series(1, $1) n`,
    [plan.events],
  );
  // The chains' heads, as migration 082 backfills them (before it: no such table).
  const [heads] = await db.query<{ table: string | null }>(
    `select to_regclass('audit_chain_heads')::text as table`,
  );
  if (heads?.table) {
    await db.query(
      `insert into audit_chain_heads (chain, event_id, hash)
       select distinct on (coalesce(org_id, 0)) coalesce(org_id, 0), id, hash
         from audit_events order by coalesce(org_id, 0), id desc`,
    );
  }
  for (const index of dropIndexes) await db.query(`drop index ${index}`);
  await db.query('analyze');
  const licences = await db.query<{ id: number }>(
    'select id from licences where vendor_org_id = 1 order by id limit 200',
  );
  const [site] = await db.query<{ id: number }>('select id from sites order by id limit 1');
  return writes(
    licences.map((l) => l.id),
    site?.id ?? 1,
  );
}

async function measure(db: Db) {
  const result: Record<string, unknown> = { events: plan.events, until: until ?? 'all' };
  for (const write of await prepare(db)) {
    const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
    let i = 0;
    for (let r = 0; r < plan.rounds; r++) {
      for (const mode of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const on = mode === 'on';
        await db.query(triggers(write.table, on));
        for (let w = 0; w < plan.warmup; w++) await write.run(db, on, i++);
        for (let n = 0; n < plan.batch; n++) {
          const t0 = performance.now();
          await write.run(db, on, i++);
          times[mode].push(performance.now() - t0);
        }
      }
    }
    await db.query(triggers(write.table, true));
    const stats = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { medianMs: round3(quantile(sorted, 0.5)), p95Ms: round3(quantile(sorted, 0.95)) };
    };
    const on = stats(times.on);
    const off = stats(times.off);
    result[write.name] = {
      writes: times.on.length,
      on,
      off,
      addedMedianMs: round3(on.medianMs - off.medianMs),
      addedP95Ms: round3(on.p95Ms - off.p95Ms),
    };
  }
  // The trail recorded what it should have: one event per write made with it on.
  const [recorded] = await db.query<{ n: number }>(
    `select count(*)::int as n from audit_events where request_id = 'bench'`,
  );
  result.recordedEvents = recorded?.n ?? 0;
  return result;
}

/** The writes timed inside the database: the statement (context and write), and with its commit. */
async function measureInServer(db: Db) {
  await prepare(db);
  await db.query('create temporary table bench_times (mode text, what text, ms float8)');
  const context = (on: boolean) =>
    on ? `perform set_config('audit.context', ${sqlLiteral(JSON.stringify(CONTEXT))}, true);` : '';
  const timed = (on: boolean, what: string, statement: string) => `
    t0 := clock_timestamp();
    ${context(on)}
    ${statement};
    t1 := clock_timestamp();
    commit;
    if i > ${plan.warmup} then
      insert into bench_times values ('${on ? 'on' : 'off'}', '${what}',
        extract(epoch from t1 - t0) * 1000), ('${on ? 'on' : 'off'}', '${what} committed',
        extract(epoch from clock_timestamp() - t0) * 1000);
    end if;`;
  for (let r = 0; r < plan.rounds; r++) {
    for (const mode of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const on = mode === 'on';
      await db.query(triggers('licences', on));
      await db.query(triggers('blasts', on));
      await db.exec(`do $$
        declare
          t0 timestamptz;
          t1 timestamptz;
          ids int[] := array(select id from licences where vendor_org_id = 1 order by id limit 200);
          site int := (select min(id) from sites);
        begin
          for i in 1..${plan.warmup + plan.batch} loop
            ${timed(on, 'licenceUpdate', `update licences set expiry = coalesce(expiry, current_date) + 1 where id = ids[1 + i % cardinality(ids)]`)}
            ${timed(on, 'blastCreate', `insert into blasts (site_id, name, file_name, file_content, hole_count, created_by) values (site, 'Bench ${mode} ${r} ' || i, 'bench.blst', ${sqlLiteral(FILE)}, 650, 7)`)}
          end loop;
        end $$`);
    }
  }
  await db.query(triggers('licences', true));
  await db.query(triggers('blasts', true));
  const rows = await db.query<{ what: string; on: number; off: number }>(
    `select what,
            percentile_cont(0.5) within group (order by ms) filter (where mode = 'on') as on,
            percentile_cont(0.5) within group (order by ms) filter (where mode = 'off') as off
       from bench_times group by what order by what`,
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.what,
      { onMedianMs: round3(r.on), offMedianMs: round3(r.off), addedMedianMs: round3(r.on - r.off) },
    ]),
  );
}

const output: Record<string, unknown> = {};
const dir = await mkdtemp(path.join(tmpdir(), 'audit-cost-'));
try {
  // The embedded database as the stack runs it: PGlite in a folder (the smoke: in memory).
  if (!postgresOnly) {
    const embedded = await openPglite(smoke ? {} : { dataDir: path.join(dir, 'pglite') });
    try {
      output.embedded = await measure(embedded);
    } finally {
      await embedded.close();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
if (withPostgres && hasPostgres()) {
  const cluster = await startTempPostgres();
  try {
    const pg = await openPg(cluster.databaseUrl);
    try {
      output.postgres = await (inServer ? measureInServer(pg) : measure(pg));
    } finally {
      await pg.close();
    }
  } finally {
    await cluster.destroy();
  }
}
console.log(JSON.stringify(output));
