import { z } from 'zod';

/** One stored error event (GET /errors/v1/events, sysadmin). */
export const errorEventSchema = z.object({
  id: z.number().int(),
  eventId: z.string().nullable(),
  projectId: z.string(),
  level: z.string().nullable(),
  message: z.string().nullable(),
  exception: z.unknown().nullable(),
  tags: z.record(z.string(), z.unknown()).nullable(),
  requestUrl: z.string().nullable(),
  timestamp: z.string().nullable(),
  receivedAt: z.string(),
  /** The raw envelope as received. */
  raw: z.string(),
});
export type ErrorEvent = z.infer<typeof errorEventSchema>;

export const errorEventsQuerySchema = z.object({
  skip: z.coerce.number().int().nonnegative().default(0),
  take: z.coerce.number().int().positive().max(100_000).default(100),
  level: z.string().max(20).optional(),
  search: z.string().max(200).optional(),
});

export const envelopeAcceptedSchema = z.object({
  id: z.string().nullable(),
  stored: z.number().int(),
});
