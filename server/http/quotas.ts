import type { Queryable } from '../db/types';
import type { Quotas } from '../config';
import { HttpError } from './envelope';

/**
 * Per-organisation quotas where data can grow without bound (issue 14; defaults and env names in
 * server/config.ts, documented in docs/security.md). A stock quota (storage, records) answers 409
 * with a field error `quota`; a rate quota (support requests a day) answers 429 with Retry-After.
 * Callers check inside the transaction that writes, after lockOrg(), so two concurrent writes of
 * one organisation cannot both pass the last free place.
 */
export type { Quotas };

const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
/** 2147483648 → '2 GiB' (whole units where they are whole, else one decimal). */
export function formatBytes(n: number): string {
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[u]}`;
}

export const quotaExceeded = (field: string, message: string) =>
  new HttpError(409, message, { [field]: { message, errorCode: 'quota' } });

/** Serialises the quota-checked writes of one organisation (inside a transaction). */
export async function lockOrg(tx: Queryable, orgId: number) {
  await tx.query('select id from orgs where id = $1 for update', [orgId]);
}

/** Bytes of the files the organisation stores (blast files, attachments it uploaded). */
export async function storedBytes(q: Queryable, orgId: number): Promise<number> {
  const [row] = await q.query<{ n: string | number }>(
    `select
       (select coalesce(sum(b.file_size), 0) from blasts b join sites s on s.id = b.site_id where s.org_id = $1)
     + (select coalesce(sum(a.size), 0) from subscription_attachments a
          join subscriptions s on s.id = a.subscription_id where s.vendor_org_id = $1)
     + (select coalesce(sum((x->>'size')::bigint), 0) from support_requests r
          cross join lateral jsonb_array_elements(r.attachments) x where r.org_id = $1) as n`,
    [orgId],
  );
  return Number(row?.n ?? 0);
}

/** Refuses `adding` more bytes when the organisation would go over its storage quota. */
export async function checkStorage(
  q: Queryable,
  quotas: Quotas,
  orgId: number,
  adding: number,
  field: string,
) {
  if (adding <= 0) return;
  const used = await storedBytes(q, orgId);
  if (used + adding > quotas.storageBytesPerOrg) {
    throw quotaExceeded(
      field,
      `Your organization's file storage quota of ${formatBytes(quotas.storageBytesPerOrg)} would be exceeded (${formatBytes(used)} used). Delete files you no longer need, or ask the administrator for more space.`,
    );
  }
}

/** Refuses a new record when `count` (SQL answering n) already reached the limit. */
export async function checkCount(
  q: Queryable,
  countSql: string,
  params: unknown[],
  limit: number,
  field: string,
  what: string,
) {
  const [row] = await q.query<{ n: number }>(countSql, params as never[]);
  if ((row?.n ?? 0) >= limit) {
    throw quotaExceeded(field, `The limit of ${limit} ${what} is reached. Delete one first.`);
  }
}

/** Refuses a support request over the organisation's daily quota (429 with Retry-After). */
export async function checkSupportRequests(q: Queryable, quotas: Quotas, orgId: number) {
  const [row] = await q.query<{ n: number; oldest: Date | null }>(
    `select count(*)::int as n, min(created_at) as oldest from support_requests
      where org_id = $1 and created_at > now() - interval '1 day'`,
    [orgId],
  );
  if ((row?.n ?? 0) >= quotas.supportRequestsPerDay) {
    const retryAfter = row?.oldest
      ? Math.max(1, Math.ceil((row.oldest.getTime() + 86_400_000 - Date.now()) / 1000))
      : 86_400;
    throw new HttpError(
      429,
      `Your organization has sent ${quotas.supportRequestsPerDay} support requests in the last 24 hours, its daily quota. Try again in ${Math.ceil(retryAfter / 3600)} hour${retryAfter > 3600 ? 's' : ''}.`,
      null,
      { 'Retry-After': String(retryAfter) },
    );
  }
}
