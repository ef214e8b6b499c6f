import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelopeAcceptedSchema,
  errorEventSchema,
  errorEventsQuerySchema,
} from '@/contract/errors/events';
import { pagedResultsSchema } from '@/contract/envelope';
import {
  anonymous,
  defineRoute,
  registerRoutes,
  sysadminOnly,
  type Services,
} from '../http/routes';
import { badRequest } from '../http/envelope';
import { pagedQuery } from '../http/query';

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
} {
  const lines = text.split('\n');
  let header: { event_id?: string };
  try {
    header = JSON.parse(lines[0] ?? '') as { event_id?: string };
  } catch {
    throw badRequest('body', 'Not a Sentry envelope');
  }
  const events: SentryEvent[] = [];
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
      try {
        events.push(JSON.parse(payload) as SentryEvent);
      } catch {
        throw badRequest('body', 'Malformed event item');
      }
    }
  }
  return { eventId: header.event_id ?? null, events };
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
  const { db } = services;
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
        summary: 'Sentry envelope endpoint (store errors from the portals)',
        params: z.object({ projectId: z.string().regex(/^\d+$/) }),
        query: z
          .object({
            sentry_key: z.string().min(1).max(100).optional(),
            sentry_version: z.string().optional(),
          })
          .loose(),
        response: envelopeAcceptedSchema,
        handler: async ({ params, req }) => {
          const text = typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? '');
          const { eventId, events } = parseSentryEnvelope(text);
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
            });
          }
          return { id: eventId, stored: events.length };
        },
      }),
      defineRoute({
        method: 'GET',
        url: '/v1/events',
        access: sysadminOnly,
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
