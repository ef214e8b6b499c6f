import { expect } from 'vitest';
import { auditActions, auditRecordTypes } from '@/contract/crm/audit';
import type { Db, Queryable } from '../db/types';

/** A row of audit_events as the server tests read it. */
export interface AuditEvent {
  id: number;
  at: Date;
  org_id: number | null;
  site_id: number | null;
  actor_user_id: number | null;
  actor_name: string;
  action: string;
  record_type: string;
  record_id: string | null;
  record_name: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
}

/**
 * The trail as a test watches it: note the last event's id before an act, then read the events
 * the act recorded. db is a getter (the test app starts in beforeAll).
 */
export function auditProbe(db: () => Queryable) {
  return {
    /** The id of the newest event (0 when there is none). */
    lastId: async (): Promise<number> =>
      Number(
        (
          await db().query<{ id: number | string | null }>('select max(id) as id from audit_events')
        )[0]?.id ?? 0,
      ),
    /** The events recorded after the event `id`, oldest first. */
    eventsAfter: (id: number) =>
      db().query<AuditEvent>('select * from audit_events where id > $1 order by id', [id]),
  };
}

/**
 * Every action and record type in the trail is one the Activity and Audit log lists offer in
 * their filters (src/contract/crm/audit.ts): a new name recorded without being listed fails.
 */
export async function expectListedNames(db: Queryable): Promise<void> {
  const rows = await db.query<{ action: string; record_type: string }>(
    'select distinct action, record_type from audit_events',
  );
  expect(rows.length).toBeGreaterThan(0);
  const actions: readonly string[] = auditActions;
  const types: readonly string[] = auditRecordTypes;
  expect(rows.map((r) => r.action).filter((a) => !actions.includes(a))).toEqual([]);
  expect(rows.map((r) => r.record_type).filter((t) => !types.includes(t))).toEqual([]);
}

/**
 * What a request does, straight on a database: its audit context (who, the organisation of its
 * path), then its writes, in one transaction.
 */
export const asRequest = (
  db: Db,
  orgId: number | null,
  sql: string,
  params: unknown[] = [],
  actorName = 'Test <t@example.com>',
) =>
  db.transaction(async (tx) => {
    await tx.query(`select set_config('audit.context', $1, true)`, [
      JSON.stringify({ actorId: null, actorName, orgId, siteId: null }),
    ]);
    await tx.query(sql, params);
  });

/** An event of its own (a download: no row written) in `orgId`'s chain, by `actorName`. */
export const recordDownload = (db: Db, orgId: number | null, actorName?: string) =>
  asRequest(
    db,
    orgId,
    `select audit_record($1, null, 'download', 'blast', '1', 'north.blst', '{}')`,
    [orgId],
    actorName,
  );

/**
 * A purge bound past every event written so far. The database keeps an event's time in
 * microseconds and a Date has milliseconds: `new Date()` falls before an event written in the
 * same millisecond, which the purge then keeps (audit-chain-heads.test.ts failed so, once).
 */
export const afterEveryEvent = () => new Date(Date.now() + 1);
