import { beforeAll, describe, expect, it } from 'vitest';
import { pageQuery, type ListDef, type ListQueryInput, type Scope } from '../http/list';
import { useTestApp } from '../test/use-app';
import { activityDef, auditLogDef } from './routes';
import { insertSyntheticEvents } from './synthetic-events';

/**
 * The audit lists stay fast at a million events when a filter or a search matches few of them
 * (migration 091; docs/performance.md, "The audit lists at a million events"): each filter and
 * each arm of the search has an index, so the page and its count read the matching events, not
 * the organisation's chain or the whole trail. Each plan is made over a synthetic trail of 20,000
 * events (server/audit/synthetic-events.ts, in this file's own database), with sequential
 * scans and the ordered walk of an index (the newest first, testing each event) priced out: what
 * is left is a bitmap of the indexes that can find the matching events, and the plan shows which
 * (on PGlite and on PostgreSQL alike).
 */
const app = useTestApp();

beforeAll(async () => {
  await insertSyntheticEvents(app().services.db, 20_000);
  await app().services.db.query('analyze audit_events');
});

async function planOf(def: ListDef<never, never, unknown>, scope: Scope, query: ListQueryInput) {
  const { sql, params } = pageQuery(def, scope, { ...query, take: 50 });
  return app().services.db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    await tx.query('set local enable_indexscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const activity = (query: ListQueryInput) =>
  planOf(activityDef as never, { where: ['coalesce(e.org_id, 0) = $1'], params: [1] }, query);
const auditLog = (query: ListQueryInput) =>
  planOf(auditLogDef as never, { where: [], params: [] }, query);

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

  it("finds an actor's events by the trigram index of the actors' names", async () => {
    expect(await activity({ filters: { actorName: 'Ella' } })).toContain(
      'audit_events_actor_name_trgm',
    );
  });
});

describe('the search of the audit lists', () => {
  it("is a bitmap of the actors' and the records' names' indexes in an organisation's Activity", async () => {
    const plan = await activity({ search: 'zircon' });
    expect(plan).toContain('BitmapOr');
    expect(plan).toContain('audit_events_actor_name_trgm');
    expect(plan).toContain('audit_events_record_name_trgm');
  });

  it("finds the organisations' events by the chain's index in the Audit log's search", async () => {
    const plan = await auditLog({ search: 'zircon' });
    expect(plan).toContain('BitmapOr');
    expect(plan).toContain('audit_events_actor_name_trgm');
    expect(plan).toContain('audit_events_record_name_trgm');
    expect(plan).toMatch(/Bitmap Index Scan on audit_events_chain\b/);
  });
});
