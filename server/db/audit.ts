import { createHash } from 'node:crypto';
import type { Queryable } from './types';

/**
 * Verifying the audit trail (docs/audit.md). Events are written by the database itself
 * (migration 060: a trigger on every audited table, audit_record() for the explicit events);
 * each event's hash covers the previous event of its organisation's chain and the event's
 * canonical text. Verification recomputes every chain here, in Node, from the stored fields.
 */

const GENESIS = '0'.repeat(64);
const PAGE = 5000;

export interface ChainBreak {
  /** The chain: the organisation's id, 0 for events of no organisation, 'legacy' for audit_log. */
  chain: number | 'legacy';
  /** The first event that does not match its stored hash or its predecessor. */
  eventId: number;
}

export interface TrailReport {
  events: number;
  chains: number;
  /** The first broken link of each broken chain (empty: the trail is intact). */
  broken: ChainBreak[];
}

const sha256 = (prev: string, canonical: string) =>
  createHash('sha256').update(prev).update('\n').update(canonical).digest('hex');

/** Recomputes every chain of audit_events, a page at a time (flat memory at any size). */
export async function verifyTrail(db: Queryable): Promise<TrailReport> {
  const report: TrailReport = { events: 0, chains: 0, broken: [] };
  const chains = await db.query<{ chain: number }>(
    'select distinct coalesce(org_id, 0) as chain from audit_events order by 1',
  );
  for (const { chain } of chains) {
    report.chains++;
    let prev = GENESIS;
    let after = 0;
    for (;;) {
      const rows = await db.query<{
        id: number;
        prev_hash: string;
        hash: string;
        canonical: string;
      }>(
        `select id, prev_hash, hash, audit_canonical(e) as canonical from audit_events e
          where coalesce(org_id, 0) = $1 and id > $2 order by coalesce(org_id, 0), id limit ${PAGE}`,
        [chain, after],
      );
      const broken = rows.find((r) => {
        report.events++;
        const intact = r.prev_hash === prev && r.hash === sha256(prev, r.canonical);
        prev = r.hash;
        return !intact;
      });
      if (broken) {
        report.broken.push({ chain, eventId: broken.id });
        break;
      }
      if (rows.length < PAGE) break;
      after = rows.at(-1)?.id ?? after;
    }
  }
  const legacy = await verifyLegacyChain(db);
  if (legacy !== null) report.broken.push({ chain: 'legacy', eventId: legacy });
  return report;
}

/**
 * The first trail (migration 030, row actions only, one chain over all organisations), kept as
 * it was written: the id of its first entry that does not match, or null.
 */
async function verifyLegacyChain(db: Queryable): Promise<number | null> {
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
    const canonical = JSON.stringify([
      r.at,
      r.actor_user_id,
      r.org_id,
      r.action,
      r.target_type,
      r.target_ids,
      Object.fromEntries(Object.entries(r.detail).sort(([a], [b]) => (a < b ? -1 : 1))),
    ]);
    if (r.prev_hash !== prev || r.hash !== sha256(prev, canonical)) return r.id;
    prev = r.hash;
  }
  return null;
}
