/**
 * Row actions (docs/lists.md, bulk actions): each action's rules are written once, as SQL
 * predicates, and applied to one row (the single-row endpoints) or to a selection in batches
 * (the bulk endpoints), with the same refusals, the same tenant scope and the same audit entry.
 */
import type { z } from 'zod';
import {
  MAX_REFUSAL_IDS,
  NDJSON,
  type BulkFrame,
  type BulkResult,
  type ListColumns,
} from '@/contract/lists';
import { auditAs, withAuditAction } from '../db/audit-context';
import type { Db, Queryable } from '../db/types';
import { HttpError, badRequest, notFound, ok, refused } from './envelope';
import {
  Sql,
  searchedColumns,
  selectedKeys,
  type ListDef,
  type Scope,
  type SelectionQuery,
} from './list';
import { sendNdjson, type ScopeContext } from './list-routes';
import { defineRoute, type Access } from './routes';

export interface Refusal {
  code: string;
  message: string;
  /** A SQL predicate over the locked row: true refuses it. */
  when: string;
  /**
   * How the single-row endpoint answers it: a 400 on this field (default 'id'), or a 409 when
   * the caller's organisation may not do it at all (the message is the answer's).
   */
  field?: string;
  wholeRequest?: boolean;
}

export interface RowAction<I> {
  /** The audit's action name, resource.verb: 'licence.suspend'. */
  name: string;
  /** The resource, for messages and the audit ('Licence'). */
  target: string;
  /** The table with its alias ('licences l') and the key of a row ('l.id'). */
  table: string;
  key: string;
  /** The rows of the organisation $1 the action may touch ('l.vendor_org_id = $1'). */
  scope: string;
  /** The rules, in order: the first that holds refuses the row. */
  refusals: (sql: Sql, input: I) => Refusal[];
  /** The set clause of the change of the eligible rows ("state = 'Suspended'"). */
  set: (sql: Sql, input: I) => string;
  /** Why a key out of the action's scope is refused (code notFound; default '{target} not found'). */
  missing?: string;
  /** What follows the committed change of the rows done (a message sent, say). */
  afterCommit?: (ids: number[]) => Promise<void>;
}

export interface ActionContext {
  orgId: number;
}

export interface BatchOutcome {
  done: number[];
  refused: Array<{ id: number; code: string; message: string }>;
}

/** The verb the audit trail records an action's writes under: 'licence.suspend' → 'suspend'. */
const verbOf = (action: RowAction<never>) => action.name.slice(action.name.indexOf('.') + 1);

/** What follows the change (a message sent and its new link, say), recorded under the verb too. */
const afterCommit = (action: RowAction<never>, ids: number[]) =>
  withAuditAction(verbOf(action), async () => action.afterCommit?.(ids));

/** Applies an action to some rows in one transaction: lock, judge, change, audit. */
export async function applyRowAction<I>(
  tx: Queryable,
  action: RowAction<I>,
  ctx: ActionContext,
  input: I,
  keys: number[],
): Promise<BatchOutcome> {
  const sql = new Sql([ctx.orgId]);
  // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from `= any(...)` over the key anyway
  const list = sql.param(keys, '::int[]');
  const rules = action.refusals(sql, input);
  const verdict = rules.length
    ? `case ${rules.map((r, i) => `when ${r.when} then ${i}`).join(' ')} end`
    : // Stryker disable next-line StringLiteral: every action has rules; without any, a case has nothing to say
      'null::int';
  const found = await tx.query<{ id: number; refusal: number | null }>(
    `select ${action.key} as id, ${verdict} as refusal from ${action.table}
      where ${action.scope} and ${action.key} = any(${list}) for update`,
    sql.params,
  );
  const seen = new Set(found.map((r) => r.id));
  const outcome: BatchOutcome = { done: [], refused: [] };
  const missing = action.missing ?? `${action.target} not found`;
  for (const id of keys) {
    if (!seen.has(id)) outcome.refused.push({ id, code: 'notFound', message: missing });
  }
  for (const row of found) {
    // Stryker disable next-line ConditionalExpression: rules[null] is undefined too; the check says what null means
    const rule = row.refusal === null ? undefined : rules[row.refusal];
    if (rule) outcome.refused.push({ id: row.id, code: rule.code, message: rule.message });
    else outcome.done.push(row.id);
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; an update of no keys changes and records nothing
  if (outcome.done.length > 0) {
    const change = new Sql([ctx.orgId]);
    const set = action.set(change, input);
    // Stryker disable next-line StringLiteral: the cast names the type PostgreSQL infers from `= any(...)` over the key anyway
    const eligible = change.param(outcome.done, '::int[]');
    // The trail records each row changed, under the action's verb.
    await auditAs(tx, verbOf(action));
    await tx.query(
      `update ${action.table} set ${set} where ${action.scope} and ${action.key} = any(${eligible})`,
      change.params,
    );
  }
  return outcome;
}

/**
 * A single-row endpoint: the action on one row, answering 404 for a row out of scope and a 400
 * with the rule's message (errorCode: its code) for a refused one.
 */
export async function applyToOne<I>(
  db: Db,
  action: RowAction<I>,
  ctx: ActionContext,
  input: I,
  id: number,
): Promise<void> {
  const outcome = await db.transaction((tx) => applyRowAction(tx, action, ctx, input, [id]));
  const refusal = outcome.refused[0];
  if (!refusal) {
    await afterCommit(action, outcome.done);
    return;
  }
  if (refusal.code === 'notFound') throw notFound(action.target);
  // The refused row's rule, by its code. Its predicates' parameters play no part here, and it is
  // always found (the code came from the same rules): `?.` is for the types only.
  // Stryker disable next-line ArrayDeclaration: the parameters of the rules' predicates are not read here
  const rule = action.refusals(new Sql([ctx.orgId]), input).find((r) => r.code === refusal.code);
  // Stryker disable next-line OptionalChaining: the rule is always found
  if (rule?.wholeRequest) throw refused(refusal.message);
  // Stryker disable next-line OptionalChaining: the rule is always found
  throw badRequest(rule?.field ?? 'id', refusal.message, refusal.code);
}

/** Rows per transaction of a bulk action (progress is reported after each). */
export const BULK_BATCH = 1000;

/** Runs an action over keys in batches, each its own transaction; stops when told to. */
export async function* bulkFrames<I>(
  db: Db,
  action: RowAction<I>,
  ctx: ActionContext,
  input: I,
  keys: number[],
): AsyncGenerator<BulkFrame> {
  const result: BulkResult = { requested: keys.length, done: 0, refused: 0, refusals: [] };
  const byCode = new Map<string, BulkResult['refusals'][number]>();
  yield { kind: 'start', total: keys.length };
  for (let at = 0; at < keys.length; at += BULK_BATCH) {
    const batch = keys.slice(at, at + BULK_BATCH);
    const outcome = await db.transaction((tx) => applyRowAction(tx, action, ctx, input, batch));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; what follows no rows done (a message to each) is nothing
    if (outcome.done.length > 0) await afterCommit(action, outcome.done);
    result.done += outcome.done.length;
    result.refused += outcome.refused.length;
    for (const r of outcome.refused) {
      let group = byCode.get(r.code);
      if (!group) {
        group = { code: r.code, message: r.message, count: 0, ids: [] };
        byCode.set(r.code, group);
        result.refusals.push(group);
      }
      group.count++;
      if (group.ids.length < MAX_REFUSAL_IDS) group.ids.push(r.id);
    }
    yield { kind: 'progress', done: result.done, refused: result.refused };
  }
  yield { kind: 'end', result };
}

export interface BulkRouteSpec<C extends ListColumns, I, P extends z.ZodType> {
  url: string;
  access: Access;
  summary: string;
  params: P;
  /** A selection of the list (selectionRequestSchemaFor) with the action's own fields. */
  body: z.ZodType;
  /** The list whose selections the action takes, and the caller's scope of it. */
  list: ListDef<C, unknown, unknown>;
  scope: (ctx: ScopeContext<z.output<P>, never>) => Scope;
  action: RowAction<I>;
  input: (body: never) => I;
}

/**
 * POST …/bulk/{action}: the action over a selection, as the single-row endpoint would do it row
 * by row. `Accept: application/x-ndjson` streams the progress (bulkFrameSchema); otherwise the
 * envelope carries the result once done. A client that goes away stops it after the batch
 * under way (the batches done stay done: each is its own transaction).
 */
export function bulkRoute<C extends ListColumns, I, P extends z.ZodType & { _zod: unknown }>(
  { db }: { db: Db },
  spec: BulkRouteSpec<C, I, P>,
) {
  return defineRoute({
    method: 'POST',
    url: spec.url,
    access: spec.access,
    summary: spec.summary,
    params: spec.params,
    body: spec.body,
    // Raw: the envelope below, or an NDJSON stream when asked for.
    raw: true,
    list: { kind: 'bulk', columns: spec.list.columns, searchable: searchedColumns(spec.list) },
    handler: async (ctx) => {
      const body = ctx.body as SelectionQuery;
      const orgId = (ctx.params as { orgId: number }).orgId;
      // Picked rows are taken as given (those out of scope are refused as not found);
      // all matching rows are read from the list, in its order.
      const keys = body.ids
        ? [...new Set(body.ids)]
        : await selectedKeys(
            db,
            spec.list,
            spec.scope(ctx as unknown as Parameters<typeof spec.scope>[0]),
            body,
          );
      const frames = bulkFrames(db, spec.action, { orgId }, spec.input(ctx.body as never), keys);
      // Stryker disable next-line StringLiteral: no Accept header holds the NDJSON type either way
      if (String(ctx.req.headers.accept ?? '').includes(NDJSON)) {
        return sendNdjson(ctx.reply, safely(frames, ctx.req.log));
      }
      for await (const frame of frames) {
        if (frame.kind === 'end') return ok(frame.result);
      }
      // Stryker disable next-line StringLiteral: unreachable, the frames end with 'end' or throw
      throw new HttpError(500, 'Something went wrong!');
    },
  });
}

/** Ends a stream of frames with an error frame instead of a broken connection. */
async function* safely(
  frames: AsyncGenerator<BulkFrame>,
  log: { error: (o: object, m: string) => void },
): AsyncGenerator<BulkFrame> {
  try {
    yield* frames;
  } catch (error) {
    // Stryker disable next-line ObjectLiteral,StringLiteral: the log's words, which no user reads
    log.error({ err: error }, 'bulk action failed');
    yield {
      kind: 'error',
      message: 'The action stopped on an error; the rows done so far stay done',
    };
  }
}
