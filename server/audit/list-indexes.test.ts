import { beforeAll, describe, expect, it } from 'vitest';
import { lookupKeys, pageQuery, type ListDef, type ListQueryInput, type Scope } from '../http/list';
import { useTestApp } from '../test/use-app';
import { activityDef, auditLogDef } from './routes';
import { insertSyntheticEvents } from './synthetic-events';

/**
 * The audit lists stay fast at a million events when a filter or a search matches few of them
 * (migrations 091, 093 and 094; docs/performance.md, "The audit lists at a million events"): each filter and
 * each arm of the search has an index, so the page and its count read the matching events, not
 * the organisation's chain or the whole trail. Each plan is made over a synthetic trail of 20,000
 * events (server/audit/synthetic-events.ts, in this file's own database), with sequential
 * scans and the ordered walk of an index (the newest first, testing each event) priced out: what
 * is left is a bitmap of the indexes that can find the matching events, and the plan shows which
 * (on PGlite and on PostgreSQL alike).
 */
const app = useTestApp();

/** An actor of the trail: the first name of the first event's actor (a few of them share it). */
let actor = '';

beforeAll(async () => {
  const db = app().services.db;
  await insertSyntheticEvents(db, 20_000);
  // As autovacuum leaves an append-only table on PostgreSQL: statistics and the visibility map
  // (what lets a count read an index alone).
  await db.query('vacuum analyze audit_events');
  await db.query('analyze');
  const [row] = await db.query<{ name: string }>(
    `select split_part(actor_name, ' ', 1) as name from audit_events where org_id = 1 order by id limit 1`,
  );
  actor = row?.name ?? '';
});

/**
 * The plan of a page as listPage runs it (the search's lookup keys found first); `walks`: the
 * ordered walk of an index stays allowed, so the plan shows what the planner prefers to it.
 */
async function planOf(
  def: ListDef<never, never, unknown>,
  scope: Scope,
  query: ListQueryInput,
  { walks = false } = {},
) {
  const db = app().services.db;
  const { sql, params } = pageQuery(
    def,
    scope,
    { ...query, take: 50 },
    await lookupKeys(db, def, query),
  );
  return db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    if (!walks) await tx.query('set local enable_indexscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The plan of a page's count up to the exact limit, as listPage runs it (walks allowed). */
async function countPlanOf(
  def: ListDef<never, never, unknown>,
  scope: Scope,
  query: ListQueryInput,
) {
  const db = app().services.db;
  const { from, where, whereParams } = pageQuery(
    def,
    scope,
    query,
    await lookupKeys(db, def, query),
  );
  const rows = await db.query<{ 'QUERY PLAN': string }>(
    `explain select count(*) from (select 1 from ${from} ${where} limit 10001) t`,
    whereParams,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const orgOne: Scope = { where: ['coalesce(e.org_id, 0) = $1'], params: [1] };
const activity = (query: ListQueryInput) => planOf(activityDef as never, orgOne, query);
const auditLog = (query: ListQueryInput, options?: { walks?: boolean }) =>
  planOf(auditLogDef as never, { where: [], params: [] }, query, options);

describe("an organisation's Activity as it opens (newest first)", () => {
  it("reads the organisation's newest events from its chain's index alone, for any organisation", async () => {
    // The plan a prepared statement keeps for every organisation (its generic plan): the
    // organisation's events backwards through the chain's index, without the table or a sort.
    const { sql, params } = pageQuery(activityDef as never, orgOne, { take: 50 });
    const plan = await app().services.db.transaction(async (tx) => {
      await tx.query('set local plan_cache_mode = force_generic_plan');
      await tx.query(`prepare newest as ${sql}`);
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `explain execute newest(${params.map((p) => Number(p)).join(', ')})`,
      );
      await tx.query('deallocate newest');
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan Backward using audit_events_chain on/);
    expect(plan).not.toMatch(/Sort/);
  });
});

describe("an organisation's Activity with a filter", () => {
  it('finds one action of the organisation by the index of its chain and action', async () => {
    expect(await activity({ filters: { action: ['suspend'] } })).toContain(
      'audit_events_chain_action',
    );
  });

  it('finds one record type of the organisation by the index of its chain and record type', async () => {
    expect(await activity({ filters: { recordType: ['blast'] } })).toContain(
      'audit_events_chain_record_type',
    );
  });

  it("finds an actor's events by the index of its chain and actor, the names found first", async () => {
    const plan = await activity({ filters: { actorName: actor } });
    expect(plan).toContain('audit_events_chain_actor');
    expect(plan).not.toMatch(/actor_name ~~\*/); // no event's name tested as a substring
  });

  it("counts an actor's events from the index alone", async () => {
    const plan = await countPlanOf(activityDef as never, orgOne, { filters: { actorName: actor } });
    expect(plan).toMatch(/Index Only Scan using audit_events_chain_actor/);
  });

  it("finds an actor's events in the Audit log by the index of the chain and actor, the chains found with the names", async () => {
    const plan = await auditLog({ filters: { actorName: actor } });
    expect(plan).toMatch(
      /Bitmap Index Scan on audit_events_chain_actor\s+\(cost=[^)]*\)\s+Index Cond: \(\(COALESCE\(org_id, 0\) = ANY \(.+?\)\) AND \(actor_name = ANY/,
    );
    expect(plan).not.toMatch(/actor_name ~~\*/);
  });

  it("counts an actor's events in the Audit log from the index alone", async () => {
    const plan = await countPlanOf(
      auditLogDef as never,
      { where: [], params: [] },
      { filters: { actorName: actor } },
    );
    expect(plan).toMatch(/Index Only Scan using audit_events_chain_actor/);
  });

  it('finds nothing, and reads no event, when no actor has the name', async () => {
    const plan = await activity({ filters: { actorName: 'qqxq' } });
    expect(plan).toContain('One-Time Filter: false');
  });
});

describe('the search of the audit lists', () => {
  it("is a bitmap of the actors' and the records' names' indexes in an organisation's Activity", async () => {
    const plan = await activity({ search: actor });
    expect(plan).toContain('BitmapOr');
    expect(plan).toContain('audit_events_chain_actor');
    expect(plan).toContain('audit_events_record_name_trgm');
  });

  it("finds the organisations' events by an index of the chains in the Audit log's search", async () => {
    // 'acme' names an organisation: its id, found first, is the arm of the chain's index.
    const plan = await auditLog({ search: 'acme' });
    expect(plan).toContain('BitmapOr');
    expect(plan).toContain('audit_events_record_name_trgm');
    // Any index led by the chain serves it (the chain's own, or the chain's with the action).
    expect(plan).toMatch(
      /Bitmap Index Scan on audit_events_chain\w*\s+\(cost=[^)]*\)\s+Index Cond: \(COALESCE\(org_id, 0\) = ANY/,
    );
  });

  it('leaves out the arms of the organisations and the actors when no name matches', async () => {
    const plan = await auditLog({ search: 'zircon' });
    expect(plan).toContain('audit_events_record_name_trgm');
    expect(plan).not.toContain('audit_events_chain');
    expect(plan).not.toContain('audit_events_actor');
    // The organisations are read only to name the page's events, not searched by name.
    expect(plan).not.toContain('orgs_name_trgm');
    expect(plan).not.toMatch(/\(name ~~\*/);
  });

  it('answers a rare search in the Audit log from the indexes, not by walking the whole trail', async () => {
    // The ordered walk of the primary key allowed: the planner prefers the trigram index of the
    // records' names when the other arms are priced by the keys found, not as ten organisations.
    const plan = await auditLog({ search: 'zircon' }, { walks: true });
    expect(plan).toMatch(/Bitmap Index Scan on audit_events_record_name_trgm/);
    expect(plan).not.toMatch(/Index Scan Backward using audit_events_pkey/);
  });
});
