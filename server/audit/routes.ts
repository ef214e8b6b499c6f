import { z } from 'zod';
import { verifyTrail } from '../db/audit';
import { defineRoute, sysadmin, type Services } from '../http/routes';

const chainBreakSchema = z.object({
  chain: z.union([z.number().int(), z.literal('legacy')]),
  eventId: z.number().int(),
});

/** The audit trail's routes (docs/audit.md). */
export const auditRoutes = ({ db }: Services) => [
  defineRoute({
    method: 'GET',
    url: '/audit/verify',
    access: sysadmin('audit.read'),
    summary: "Recomputes every organisation's hash chain of the audit trail (sysadmin)",
    response: z.object({
      events: z.number().int(),
      chains: z.number().int(),
      broken: z.array(chainBreakSchema),
    }),
    handler: () => verifyTrail(db),
  }),
];
