import { createHash } from 'node:crypto';
import type { Queryable } from './types';

/**
 * The audit trail (ARCHITECTURE: append-only, hash-chained, written in the transaction of the
 * change it records). Each entry's hash covers the previous entry's hash and the entry itself,
 * so an entry changed or removed afterwards breaks the chain (verifyAuditChain). The table
 * refuses updates, deletes and truncation (migration 030).
 */
export interface AuditEntry {
  actorUserId: number | null;
  orgId: number | null;
  /** What was done, as resource.verb: 'licence.suspend'. */
  action: string;
  targetType: string;
  /** The records changed (one for a single-row action, a batch for a bulk action). */
  targetIds: number[];
  /** What the action was given (e.g. the new expiry) and how it was asked (bulk or not). */
  detail: Record<string, unknown>;
}

const GENESIS = '0'.repeat(64);

/** The canonical text an entry's hash is computed from (stable key order). */
function canonical(at: string, e: AuditEntry): string {
  return JSON.stringify([
    at,
    e.actorUserId,
    e.orgId,
    e.action,
    e.targetType,
    e.targetIds,
    Object.fromEntries(Object.entries(e.detail).sort(([a], [b]) => (a < b ? -1 : 1))),
  ]);
}

const hashOf = (prev: string, at: string, e: AuditEntry) =>
  createHash('sha256').update(prev).update('\n').update(canonical(at, e)).digest('hex');

/** Appends an entry; call it inside the transaction of the change. */
export async function audit(tx: Queryable, entry: AuditEntry): Promise<void> {
  // One writer at a time extends the chain (released at commit or rollback).
  await tx.query(`select pg_advisory_xact_lock(hashtext('audit_log'))`);
  const [last] = await tx.query<{ hash: string }>(
    'select hash from audit_log order by id desc limit 1',
  );
  const prev = last?.hash ?? GENESIS;
  const at = new Date().toISOString();
  await tx.query(
    `insert into audit_log (at, actor_user_id, org_id, action, target_type, target_ids, detail, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6::int[], $7::jsonb, $8, $9)`,
    [
      at,
      entry.actorUserId,
      entry.orgId,
      entry.action,
      entry.targetType,
      entry.targetIds,
      JSON.stringify(entry.detail),
      prev,
      hashOf(prev, at, entry),
    ],
  );
}

/** Recomputes the chain; answers the id of the first entry that does not match, or null. */
export async function verifyAuditChain(db: Queryable): Promise<number | null> {
  const rows = await db.query<{
    id: number;
    at: string;
    actor_user_id: number | null;
    org_id: number | null;
    action: string;
    target_type: string;
    target_ids: number[];
    detail: Record<string, unknown>;
    prev_hash: string;
    hash: string;
  }>(
    `select id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, actor_user_id, org_id,
            action, target_type, target_ids, detail, prev_hash, hash
       from audit_log order by id`,
  );
  let prev = GENESIS;
  for (const r of rows) {
    const entry: AuditEntry = {
      actorUserId: r.actor_user_id,
      orgId: r.org_id,
      action: r.action,
      targetType: r.target_type,
      targetIds: r.target_ids,
      detail: r.detail,
    };
    if (r.prev_hash !== prev || r.hash !== hashOf(prev, r.at, entry)) return r.id;
    prev = r.hash;
  }
  return null;
}
