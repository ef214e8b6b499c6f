import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app';
import { bearer, tokenFor, type DemoAccount } from '../test/harness';

export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** Replaces :name by values[name] (encoded); missing names by '1'. */
export const fillUrl = (url: string, values: Record<string, string | number>) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? 1)));

export const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

/** One token per account and app. */
export function tokens(app: App) {
  const cache = new Map<DemoAccount, Promise<string>>();
  return (who: DemoAccount) => {
    let t = cache.get(who);
    if (!t) {
      t = tokenFor(app, who);
      cache.set(who, t);
    }
    return t.then(bearer);
  };
}

/** The API envelope of an error: success false, data null, a message or field errors. */
export function isErrorEnvelope(res: LightMyRequestResponse): boolean {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return false;
  }
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return (
    b.success === false &&
    (b.data === null || b.data === undefined) &&
    (typeof b.message === 'string' || (typeof b.errors === 'object' && b.errors !== null))
  );
}

/** Every table of the public schema. */
export async function tableNames(app: App): Promise<string[]> {
  const rows = await app.services.db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name).filter((t) => !/migrations?$/.test(t));
}

/** Row counts of every table (cheap; for the fuzz test). */
export async function rowCounts(app: App, tables: string[]): Promise<Record<string, number>> {
  const sql = `select ${tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ')}`;
  const [row] = await app.services.db.query<Record<string, number>>(sql);
  return row ?? {};
}

/**
 * A fingerprint of the whole database content: one md5 per table over its rows (order-free).
 * Equal before and after → nothing was written anywhere.
 */
export async function fingerprint(app: App, tables: string[]): Promise<Record<string, string>> {
  const sql = tables
    .map(
      (t) =>
        `select '${t}' as t, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${t}" x`,
    )
    .join(' union all ');
  const rows = await app.services.db.query<{ t: string; h: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/**
 * Tables written for every request or attempt, refused or not, that hold no record: the OIDC
 * provider's sessions and grants, and the shared limits' counters (migration 090).
 */
export const VOLATILE_TABLES = new Set(['oidc_payloads', 'rate_limit_hits', 'signin_failures']);
