import { beforeAll, describe, expect, it } from 'vitest';
import { lookupKeys, pageQuery, type ListDef, type ListQueryInput, type Scope } from '../http/list';
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

const activity = (query: ListQueryInput) =>
  planOf(activityDef as never, { where: ['coalesce(e.org_id, 0) = $1'], params: [1] }, query);
const auditLog = (query: ListQueryInput, options?: { walks?: boolean }) =>
  planOf(auditLogDef as never, { where: [], params: [] }, query, options);

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
    // 'acme' names an organisation: its id, found first, is the arm of the chain's index.
    const plan = await auditLog({ search: 'acme' });
    expect(plan).toContain('BitmapOr');
    expect(plan).toContain('audit_events_actor_name_trgm');
    expect(plan).toContain('audit_events_record_name_trgm');
    expect(plan).toMatch(/Bitmap Index Scan on audit_events_chain\b/);
  });

  it("leaves out the organisations' arm in the Audit log when no organisation's name matches", async () => {
    const plan = await auditLog({ search: 'zircon' });
    expect(plan).toContain('BitmapOr');
    expect(plan).not.toContain('audit_events_chain');
    // The organisations are read only to name the page's events, not searched by name.
    expect(plan).not.toContain('orgs_name_trgm');
    expect(plan).not.toMatch(/\(name ~~\*/);
  });

  it('answers a rare search in the Audit log from the indexes, not by walking the whole trail', async () => {
    // The ordered walk of the primary key allowed: the planner prefers the trigram indexes'
    // bitmap when the organisations' arm is priced by the keys found, not as ten organisations.
    const plan = await auditLog({ search: 'zircon' }, { walks: true });
    expect(plan).toContain('BitmapOr');
    expect(plan).not.toMatch(/Index Scan Backward using audit_events_pkey/);
  });
});
