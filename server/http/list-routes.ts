/**
 * The routes of a list (docs/lists.md): `POST {base}/list` (one page, counted) and
 * `POST {base}/export` (every selected row, streamed as NDJSON frames), from one definition.
 * Bulk actions over the same selections: server/http/bulk.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { listPageSchema, NDJSON, type ExportFrame, type ListColumns } from '@/contract/lists';
import type { CallerUser, OrgAccess, SiteAccess } from '../auth/access';
import type { Db } from '../db/types';
import { inAuditContext } from '../db/audit-context';
import { defineRoute, type Access, type ListMeta } from './routes';
import {
  listPageJson,
  rowsByKeys,
  searchedColumns,
  selectedKeys,
  type ListDef,
  type Scope,
  type SelectionQuery,
} from './list';

/** What a list's scope is computed from: the validated path and body, and the caller. */
export interface ScopeContext<P = unknown, B = unknown> {
  params: P;
  body: B;
  user: CallerUser;
  org: OrgAccess;
  site: SiteAccess;
}

export interface ListRouteSpec<C extends ListColumns, Row, Out, P extends z.ZodType> {
  /** `${base}/list` and `${base}/export`. */
  base: string;
  access: Access;
  summary: string;
  params?: P;
  /** The list request (listRequestSchemaFor + the list's own extra fields). */
  request: z.ZodType;
  /** The export request (a selection). */
  selection: z.ZodType;
  /** One answer row (documentation, OpenAPI). */
  row: z.ZodType;
  def: ListDef<C, Row, Out>;
  /** The rows the caller may list: where clauses from the path (and extras of the body). */
  scope: (ctx: ScopeContext<z.output<P>, never>) => Scope;
  /**
   * The record of the path whose rows are listed (a blast's links) must be the caller's: it
   * throws (404) otherwise, before anything is listed. An empty list would say it exists.
   */
  check?: (ctx: ScopeContext<z.output<P>, never>) => Promise<unknown>;
  /** The export's file name, without extension ('issued-licences'). */
  fileName: string;
}

/** Rows an export reads per query (and sends per frame). */
export const EXPORT_CHUNK = 1000;

/** Writes NDJSON frames as the client reads them (a slow reader pauses the producer). */
export function sendNdjson(
  reply: FastifyReply,
  frames: AsyncIterable<unknown>,
  fileName?: string,
): Readable {
  reply
    .type(`${NDJSON}; charset=utf-8`)
    .header('Cache-Control', 'no-store')
    .header('X-Accel-Buffering', 'no');
  if (fileName) reply.header('Content-Disposition', `attachment; filename="${fileName}.ndjson"`);
  // Pulled by the socket after the handler returned: keep the request's audit context.
  const source = inAuditContext(frames);
  async function* lines() {
    for await (const frame of source) yield `${JSON.stringify(frame)}\n`;
  }
  // A client that goes away destroys the stream: the generator returns at its next frame, so
  // no further query is started (a query under way ends first).
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}

/** The frames of an export of some keys, read EXPORT_CHUNK rows at a time. */
async function* exportFrames<C extends ListColumns, Row, Out>(
  db: Db,
  def: ListDef<C, Row, Out>,
  scope: Scope,
  keys: number[],
  onError: (error: unknown) => void,
): AsyncGenerator<ExportFrame<Out>> {
  yield { kind: 'start', total: keys.length };
  let count = 0;
  try {
    for (let at = 0; at < keys.length; at += EXPORT_CHUNK) {
      const rows = await rowsByKeys(db, def, scope, keys.slice(at, at + EXPORT_CHUNK));
      count += rows.length;
      yield { kind: 'rows', rows };
    }
  } catch (error) {
    onError(error);
    yield { kind: 'error', message: 'The export failed; try again' };
    return;
  }
  yield { kind: 'end', count };
}

export function listRoutes<C extends ListColumns, Row, Out, P extends z.ZodType = z.ZodUndefined>(
  { db }: { db: Db },
  spec: ListRouteSpec<C, Row, Out, P>,
) {
  const scopeOf = async (ctx: ScopeContext<unknown, unknown>) => {
    await spec.check?.(ctx as Parameters<typeof spec.scope>[0]);
    return spec.scope(ctx as Parameters<typeof spec.scope>[0]);
  };
  const meta = (kind: ListMeta['kind']): ListMeta => ({
    kind,
    columns: spec.def.columns,
    searchable: searchedColumns(spec.def as ListDef<C, unknown, unknown>),
  });
  return [
    defineRoute({
      method: 'POST',
      url: `${spec.base}/list`,
      access: spec.access,
      summary: spec.summary,
      ...(spec.params ? { params: spec.params } : {}),
      body: spec.request,
      response: listPageSchema(spec.row),
      list: meta('list'),
      // A list of JSON rows answers them as their text (listPageJson): the same value.
      handler: async (ctx) =>
        listPageJson(db, spec.def, await scopeOf(ctx), ctx.body as SelectionQuery),
    }),
    defineRoute({
      method: 'POST',
      url: `${spec.base}/export`,
      access: spec.access,
      summary: `${spec.summary}: every selected row, streamed (NDJSON frames start, rows…, end)`,
      ...(spec.params ? { params: spec.params } : {}),
      body: spec.selection,
      raw: true,
      list: meta('export'),
      handler: async (ctx) => {
        const scope = await scopeOf(ctx);
        // Read before the answer starts: a failure here is still an envelope with its status.
        const keys = await selectedKeys(
          db,
          spec.def as ListDef<C, unknown, unknown>,
          scope,
          ctx.body as SelectionQuery,
        );
        return sendNdjson(
          ctx.reply,
          exportFrames(db, spec.def, scope, keys, (error) =>
            ctx.req.log.error({ err: error }, 'export failed'),
          ),
          spec.fileName,
        );
      },
    }),
  ];
}
