import type { FastifyRequest } from 'fastify';
import { actorName, type AuditContext } from '../db/audit-context';

/** Who a request acts as, and for which organisation and site, when its route knows. */
export interface AuditRequestParty {
  user?: { id: number; email: string; firstName: string | null; lastName: string | null };
  orgId?: number | null;
  siteId?: number | null;
  /** The route's named action (RouteDef.audit). */
  action?: string | null;
}

/**
 * The audit context of a request (docs/audit.md): its actor ('anonymous' until one is known),
 * request id, IP and user agent. The API routes (registerRoutes) and the identity service's
 * pages (identity/audit.ts) both start their handlers with it.
 */
export function requestAuditContext(
  req: FastifyRequest,
  party: AuditRequestParty = {},
): AuditContext {
  return {
    actorId: party.user?.id ?? null,
    actorName: party.user ? actorName(party.user) : 'anonymous',
    orgId: party.orgId ?? null,
    siteId: party.siteId ?? null,
    requestId: req.id,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    action: party.action ?? null,
  };
}
