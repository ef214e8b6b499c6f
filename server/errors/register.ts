import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelopeAcceptedSchema,
  errorEventSchema,
  errorEventsQuerySchema,
} from '@/contract/errors/events';
import { pagedResultsSchema } from '@/contract/envelope';
import { anonymous, defineRoute, registerRoutes, sysadmin, type Services } from '../http/routes';
import { HttpError, badRequest } from '../http/envelope';
import { assertGoodText } from '../http/input';
import { pagedQuery } from '../http/query';

/**
 * Size limits of the sink, after Sentry's own (docs.sentry.io "Size Limits": an event above
 * 200 KB compressed or 1 MB decompressed is refused with 413). The browser SDK sends envelopes
 * uncompressed, so the sink applies Sentry's 1 MiB to the whole envelope (the request body) and
 * its 200 KiB to each event item: the portals' scrubbed events (100 breadcrumbs, 50 frames)
 * are a few KiB.
 */
export const MAX_ENVELOPE_BYTES = 1_048_576;
export const MAX_EVENT_BYTES = 204_800;

/** The public key and project of a DSN (`http://KEY@host/errors/PROJECT`), or null. */
export function dsnKey(dsn: string): { key: string; projectId: string } | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.split('/').filter(Boolean).pop() ?? '';
    return url.username && /^\d+$/.test(projectId) ? { key: url.username, projectId } : null;
  } catch {
    return null;
  }
}

/** The key an SDK sent: `?sentry_key=` (browser SDK) or the X-Sentry-Auth header. */
const sentKey = (query: { sentry_key?: string | undefined }, auth: unknown) =>
  query.sentry_key ??
  (typeof auth === 'string' ? /sentry_key=([^,\s]+)/.exec(auth)?.[1] : undefined);

interface SentryEvent {
  event_id?: string;
  level?: string;
  message?: string | { formatted?: string; message?: string };
  logentry?: { formatted?: string; message?: string };
  exception?: { values?: Array<{ type?: string; value?: string }> };
  tags?: Record<string, unknown>;
  request?: { url?: string };
  timestamp?: number | string;
}

/** Parses a Sentry envelope (newline-delimited JSON: header, then item header + payload pairs). */
export function parseSentryEnvelope(text: string): {
  eventId: string | null;
  events: SentryEvent[];
  /** Bytes of the largest event item. */
  largest: number;
} {
  const lines = text.split('\n');
  let header: { event_id?: string };
  try {
    header = JSON.parse(lines[0] ?? '') as { event_id?: string };
  } catch {
    throw badRequest('body', 'Not a Sentry envelope');
  }
  const events: SentryEvent[] = [];
  let largest = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    let item: { type?: string };
    try {
      item = JSON.parse(line) as { type?: string };
    } catch {
      throw badRequest('body', 'Not a Sentry envelope');
    }
    const payload = lines[i + 1] ?? '';
    i += 1;
    if (item.type === 'event' || item.type === 'error') {
      largest = Math.max(largest, Buffer.byteLength(payload));
      try {
        events.push(JSON.parse(payload) as SentryEvent);
      } catch {
        throw badRequest('body', 'Malformed event item');
      }
    }
  }
  return { eventId: header.event_id ?? null, events, largest };
}

const messageOf = (e: SentryEvent): string | null => {
  if (typeof e.message === 'string') return e.message;
  const m =
    e.message?.formatted ?? e.message?.message ?? e.logentry?.formatted ?? e.logentry?.message;
  if (m) return m;
  const ex = e.exception?.values?.[e.exception.values.length - 1];
  return ex ? [ex.type, ex.value].filter(Boolean).join(': ') : null;
};
const timestampOf = (t: number | string | undefined) => {
  if (t === undefined) return null;
  const d = typeof t === 'number' ? new Date(t * 1000) : new Date(t);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The error sink: @sentry/react with DSN http://localdev@localhost:4000/errors/1 posts here. */
export async function registerErrorSink(app: FastifyInstance, services: Services) {
  const { db, config } = services;
  // The DSNs whose key and project the sink accepts (the portals' VITE_SENTRY_DSN).
  const accepted = new Set(
    config.errorSinkDsns.flatMap((dsn) => {
      const k = dsnKey(dsn);
      return k ? [`${k.projectId}:${k.key}`] : [];
    }),
  );
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/plain', 'application/x-sentry-envelope', 'application/octet-stream'],
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    registerRoutes(scope, services, '/errors', null, [
      defineRoute({
        method: 'POST',
        url: '/api/:projectId/envelope/',
        access: anonymous,
        bodyLimit: MAX_ENVELOPE_BYTES,
        summary:
          'Sentry envelope endpoint (store errors from the portals; the DSN key is required)',
        unaudited: 'stores error reports (error_events, the stack’s own bookkeeping), no record',
        params: z.object({ projectId: z.string().max(20).regex(/^\d+$/) }),
        query: z
          .object({
            sentry_key: z.string().min(1).max(100).optional(),
            sentry_version: z.string().max(20).optional(),
          })
          .loose(),
        response: envelopeAcceptedSchema,
        handler: async ({ params, query, req }) => {
          const key = sentKey(query, req.headers['x-sentry-auth']);
          if (!key || !accepted.has(`${params.projectId}:${key}`))
            throw new HttpError(401, 'Missing or unknown DSN key for this project');
          const text = typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? '');
          const { eventId, events, largest } = parseSentryEnvelope(text);
          if (largest > MAX_EVENT_BYTES)
            throw new HttpError(413, `An event is larger than ${MAX_EVENT_BYTES / 1024} KiB`);
          // The input rule of every service, on what the sink parses itself.
          assertGoodText(events, 'events');
          if (events.length) {
            await db.transaction(async (tx) => {
              for (const e of events) {
                await tx.query(
                  'insert into error_events (event_id, project_id, level, message, exception, tags, request_url, timestamp, raw) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
                  [
                    e.event_id ?? eventId,
                    params.projectId,
                    e.level ?? 'error',
                    messageOf(e),
                    e.exception ? JSON.stringify(e.exception) : null,
                    e.tags ? JSON.stringify(e.tags) : null,
                    e.request?.url ?? null,
                    timestampOf(e.timestamp),
                    text,
                  ],
                );
              }
              // Retention: the newest errorSinkMaxEvents of the project are kept.
              await tx.query(
                `delete from error_events where project_id = $1 and id <= (
                   select id from error_events where project_id = $1 order by id desc offset $2 limit 1)`,
                [params.projectId, config.errorSinkMaxEvents],
              );
            });
          }
          return { id: eventId, stored: events.length };
        },
      }),
      defineRoute({
        method: 'GET',
        url: '/v1/events',
        access: sysadmin('errorEvents.read'),
        summary: 'Stored error events, newest first (sysadmin)',
        query: errorEventsQuerySchema,
        response: pagedResultsSchema(errorEventSchema),
        handler: async ({ query }) =>
          pagedQuery<
            {
              id: number;
              event_id: string | null;
              project_id: string;
              level: string | null;
              message: string | null;
              exception: unknown;
              tags: Record<string, unknown> | null;
              request_url: string | null;
              timestamp: Date | null;
              received_at: Date;
              raw: string;
            },
            unknown
          >(
            db,
            {
              columns: '*',
              from: 'error_events',
              where: query.level ? ['level = $1'] : [],
              params: query.level ? [query.level] : [],
              defaultSort: 'id',
              sortable: {},
              searchable: ['message', 'request_url'],
            },
            { ...query, sortDesc: true },
            (r) => ({
              id: r.id,
              eventId: r.event_id,
              projectId: r.project_id,
              level: r.level,
              message: r.message,
              exception: r.exception ?? null,
              tags: r.tags,
              requestUrl: r.request_url,
              timestamp: r.timestamp ? r.timestamp.toISOString() : null,
              receivedAt: r.received_at.toISOString(),
              raw: r.raw,
            }),
          ),
      }),
    ]);
  });
}
