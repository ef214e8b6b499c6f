import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Db, Queryable } from './types';

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
  /**
   * `hash`: the first event that does not match its stored hash or its predecessor. `head`: the
   * event the chain's head (audit_chain_heads) names as its last, which the chain does not hold
   * with that hash: events removed at the chain's end (or the head moved).
   */
  eventId: number;
  reason: 'hash' | 'head';
  /** For `head`: the chain's last event that is there (null: none, or only its anchor). */
  lastEventId?: number | null;
}

export interface TrailReport {
  events: number;
  chains: number;
  /** The first broken link of each broken chain (empty: the trail is intact). */
  broken: ChainBreak[];
}

const sha256 = (prev: string, canonical: string) =>
  createHash('sha256').update(prev).update('\n').update(canonical).digest('hex');

/**
 * Recomputes every chain of audit_events, a page at a time (flat memory at any size), and checks
 * each against its head: a chain's head row (audit_chain_heads, moved by every writer in the
 * transaction of its events) names its last event and hash, so events removed at a chain's end,
 * which leave every remaining link intact, are found too. The heads are read before the events:
 * a write committed meanwhile only adds events after the head's, which the check allows.
 */
export async function verifyTrail(db: Queryable): Promise<TrailReport> {
  const report: TrailReport = { events: 0, chains: 0, broken: [] };
  const heads = new Map(
    (
      await db.query<{ chain: number; event_id: number; hash: string }>(
        'select chain, event_id, hash from audit_chain_heads',
      )
    ).map((h) => [Number(h.chain), { eventId: Number(h.event_id), hash: h.hash }]),
  );
  const chains = await db.query<{ chain: number; after_id: number | null; hash: string | null }>(
    `select c.chain, a.after_id, a.hash
       from (select distinct coalesce(org_id, 0) as chain from audit_events
             union select chain from audit_chain_heads) c
       left join audit_anchors a on a.chain = c.chain order by 1`,
  );
  for (const { chain, after_id, hash } of chains) {
    report.chains++;
    // A purged chain starts from its anchor: the last purged event's hash.
    let prev = hash ?? GENESIS;
    let after = after_id === null ? 0 : Number(after_id);
    const head = heads.get(Number(chain));
    // The head's event reached with its hash (an emptied chain's head is its anchor).
    let headFound = head !== undefined && head.eventId === after && head.hash === prev;
    let lastEventId: number | null = after_id === null ? null : Number(after_id);
    let broken = false;
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
      const first = rows.find((r) => {
        report.events++;
        const intact = r.prev_hash === prev && r.hash === sha256(prev, r.canonical);
        prev = r.hash;
        lastEventId = Number(r.id);
        if (head && Number(r.id) === head.eventId && r.hash === head.hash) headFound = true;
        return !intact;
      });
      if (first) {
        report.broken.push({ chain, eventId: Number(first.id), reason: 'hash' });
        broken = true;
        break;
      }
      if (rows.length < PAGE) break;
      after = rows.at(-1)?.id ?? after;
    }
    if (broken || headFound) continue;
    // A chain begun after the heads were read (its first writer committed meanwhile) has a head
    // now; a chain with none at all lost it (deleted with its events?): its last event is named.
    if (!head) {
      const [now] = await db.query<{ n: number }>(
        'select count(*)::int as n from audit_chain_heads where chain = $1',
        [chain],
      );
      if (now?.n) continue;
    }
    report.broken.push({
      chain,
      eventId: head?.eventId ?? lastEventId ?? 0,
      reason: 'head',
      lastEventId,
    });
  }
  const legacy = await verifyLegacyChain(db);
  if (legacy !== null) report.broken.push({ chain: 'legacy', eventId: legacy, reason: 'hash' });
  return report;
}

export interface PurgeReport {
  /** Events written to the archive and removed. */
  purged: number;
  /** The archive file (NDJSON, one event a line), or null when nothing was old enough. */
  archive: string | null;
}

/**
 * Retention (docs/audit.md): the events older than `before` are written to a new NDJSON file in
 * archiveDir (flushed and closed first), then removed in one transaction that keeps each chain's
 * anchor, so the kept part still verifies and later events continue the chain. Nothing is
 * removed if the archive cannot be written.
 */
export async function purgeTrail(
  db: Db,
  options: { before: Date; archiveDir: string },
): Promise<PurgeReport> {
  const [bound] = await db.query<{ last: number | null }>(
    'select max(id) as last from audit_events where at < $1',
    [options.before],
  );
  const last = bound?.last ?? null;
  if (last === null) return { purged: 0, archive: null };
  await mkdir(options.archiveDir, { recursive: true });
  const file = path.join(
    options.archiveDir,
    `audit-events-to-${last}-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`,
  );
  const out = createWriteStream(file, { flags: 'wx' });
  let purged = 0;
  let after = 0;
  for (;;) {
    const rows = await db.query<{ id: number }>(
      `select * from audit_events where id > $1 and id <= $2 and at < $3 order by id limit ${PAGE}`,
      [after, last, options.before],
    );
    for (const row of rows) {
      if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
    }
    purged += rows.length;
    if (rows.length < PAGE) break;
    after = rows.at(-1)?.id ?? after;
  }
  out.end();
  await finished(out);
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('audit.purge', 'on', true)`);
    // Each chain's last purged event becomes its anchor.
    await tx.query(
      `insert into audit_anchors (chain, after_id, hash)
       select distinct on (coalesce(org_id, 0)) coalesce(org_id, 0), id, hash
         from audit_events where id <= $1 and at < $2
        order by coalesce(org_id, 0), id desc
       on conflict (chain) do update
         set after_id = excluded.after_id, hash = excluded.hash, purged_at = now()`,
      [last, options.before],
    );
    await tx.query('delete from audit_events where id <= $1 and at < $2', [last, options.before]);
  });
  return { purged, archive: file };
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
