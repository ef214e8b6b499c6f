import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Db, Queryable, SqlParam } from './types';

/**
 * Who is changing what, from where: the context the audit trail's trigger (migration 060)
 * records with every row a request writes (docs/audit.md). It travels with the request's async
 * work (AsyncLocalStorage) and reaches the database as the transaction-local setting
 * audit.context: a write without one (the seed, migrations, tools) is not recorded.
 */
export interface AuditContext {
  actorId: number | null;
  /** 'Ada Lovelace <ada@example.com>', or 'anonymous'. */
  actorName: string;
  /** The organisation (and site) of the request's path, for records that have none of their own. */
  orgId: number | null;
  siteId: number | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The route's named action (RouteDef.audit), else the trigger says create/update/delete. */
  action: string | null;
}

const scope = new AsyncLocalStorage<AuditContext>();

/** Runs fn with the request's audit context: every write it makes is recorded under it. */
export const withAuditContext = <T>(context: AuditContext, fn: () => T): T =>
  scope.run(context, fn);

/** Who acts: an account, named as the trail keeps it (actorName). */
export interface AuditActor {
  actorId: number;
  actorName: string;
}

/**
 * Runs fn with the current context, its writes and events done by the actor: a request that
 * learns who acts while it runs (a sign-in, an account just made). Outside a request: as is.
 */
export function withAuditActor<T>(actor: AuditActor, fn: () => T): T {
  const context = scope.getStore();
  return context ? scope.run({ ...context, ...actor }, fn) : fn();
}

/**
 * Runs fn with no context: for writes to tables the trail does not audit (the identity
 * provider's own storage), which need no context statement and no transaction of their own.
 */
export const outsideAuditContext = <T>(fn: () => T): T => scope.exit(fn);

/** Runs fn with the current context, its writes named as the action (outside a request: as is). */
export function withAuditAction<T>(action: string, fn: () => T): T {
  const context = scope.getStore();
  return context ? scope.run({ ...context, action }, fn) : fn();
}

/**
 * Binds an async iteration to the current context: a streamed answer (NDJSON) is pulled by the
 * socket after the handler returned, outside the request's async context.
 */
export function inAuditContext<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  const context = scope.getStore();
  if (!context) return source;
  return {
    [Symbol.asyncIterator]() {
      const it = source[Symbol.asyncIterator]();
      return {
        next: () => scope.run(context, () => it.next()),
        return: (value?: unknown) =>
          scope.run(context, () => it.return?.(value) ?? Promise.resolve({ done: true, value })),
      } as AsyncIterator<T>;
    },
  };
}

/** The display name of an actor as the trail keeps it. */
export function actorName(user: {
  email: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${name} <${user.email}>` : user.email;
}

/**
 * Names the action of the writes that follow in this transaction ('suspend', 'invite', 'share'),
 * instead of create/update/delete.
 */
export async function auditAs(tx: Queryable, action: string): Promise<void> {
  await tx.query(`select set_config('audit.action', $1, true)`, [action]);
}

/**
 * The writes that follow in this transaction are the actor's (an account made earlier in the
 * same transaction, who now accepts an invitation). Outside a request: nothing changes.
 */
export async function auditActorIn(tx: Queryable, actor: AuditActor): Promise<void> {
  const context = scope.getStore();
  if (context) await setContext(tx, { ...context, ...actor });
}

/**
 * An event that is no row written (a download, a sign-in, a link view), recorded with the
 * request's context in its own statement.
 */
export interface ExplicitEvent {
  orgId: number | null;
  siteId?: number | null;
  action: string;
  recordType: string;
  recordId: string | number | null;
  recordName: string | null;
  changes?: Record<string, { before: unknown; after: unknown }>;
}

export async function recordEvent(db: Db, event: ExplicitEvent): Promise<void> {
  await db.transaction((tx) =>
    tx.query('select audit_record($1, $2, $3, $4, $5, $6, $7::jsonb)', [
      event.orgId,
      event.siteId ?? null,
      event.action,
      event.recordType,
      event.recordId === null ? null : String(event.recordId),
      event.recordName,
      JSON.stringify(event.changes ?? {}),
    ]),
  );
}

/** A file as the trail shows it: 'north-pit.blst (12.4 KB)'. */
export const fileLabel = (name: string, bytes: number) =>
  `${name} (${(bytes / 1024).toFixed(1)} KB)`;

/** A blast link as the trail shows it: its id is the secret, so only its first characters. */
export const linkLabel = (linkId: string) => `${linkId.slice(0, 4)}…`;

/** A statement that may write (the trigger must see the context). */
const WRITE = /^\s*(insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;

const setContext = (tx: Queryable, context: AuditContext) =>
  tx.query(`select set_config('audit.context', $1, true)`, [JSON.stringify(context)]);

/** A string as an SQL literal: pg's own escaping (quotes doubled; with a backslash, an E'' string). */
export const sqlLiteral = (text: string) => pg.escapeLiteral(text);

/** The context statement, sent with the transaction's BEGIN (no round trip of its own). */
const contextSetup = (context: AuditContext) =>
  `select set_config('audit.context', ${sqlLiteral(JSON.stringify(context))}, true)`;

/**
 * The database as requests use it: a transaction begun inside a request starts by handing the
 * request's context to the trigger, and a lone write becomes a transaction that does.
 */
export function auditedDb(db: Db): Db {
  return {
    ...db,
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { setup?: string }) {
      const context = scope.getStore();
      if (!context) return db.transaction(fn, options);
      const setup = [contextSetup(context), options?.setup].filter(Boolean).join('; ');
      return db.transaction(fn, { setup });
    },
    query<T = Record<string, unknown>>(
      sql: string,
      params?: readonly SqlParam[] | readonly unknown[],
    ) {
      const context = scope.getStore();
      if (!context || !WRITE.test(sql)) return db.query<T>(sql, params);
      return db.transaction((tx) => tx.query<T>(sql, params), { setup: contextSetup(context) });
    },
  };
}
