import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StackKeys } from '../auth/keys';
import type { Services } from '../http/routes';
import { htmlCsp } from '../http/security';
import { messagePage } from './pages';
import type { OidcProvider } from './provider';
import { SignInLimiter } from './signin-limiter';
import { outsideAuditContext } from '../db/audit-context';
import type { Queryable } from '../db/types';
import type { InvitationByLink } from './invitations';

export const MSG = {
  // One answer for an unknown address, a wrong password and anything else (no enumeration).
  wrongPassword: 'Incorrect email or password.',
  tooMany: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  expired: 'Your sign-in request has expired. Go back to the portal and sign in again.',
};

export const formString = (v: unknown) => (typeof v === 'string' ? v : '');

/** What the identity service's server-rendered pages share (sign-in, registration, links). */
export interface IdentityKit {
  services: Services;
  keys: StackKeys;
  provider: OidcProvider;
  /** The issuer's path, '/identity'. */
  base: string;
  limiter: SignInLimiter;
  /** At most a few registration messages per address per window (no mail bombing). */
  mailLimiter: SignInLimiter;
  sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply;
  /** The portal's landing page: where a dead end of the provider's pages links to. */
  portalHref: string;
}

export function createKit(
  services: Services,
  keys: StackKeys,
  provider: OidcProvider,
): IdentityKit {
  const { config, issuer } = services;
  // Counters, not records: outside the audit trail (as the provider's adapter).
  const limits: Queryable = {
    query: (sql, params) => outsideAuditContext(() => services.db.query(sql, params)),
    exec: (sql) => outsideAuditContext(() => services.db.exec(sql)),
  };
  const csp = htmlCsp([config.portalOrigins.org, config.portalOrigins.site]);
  return {
    services,
    keys,
    provider,
    base: new URL(issuer).pathname.replace(/\/$/, ''),
    limiter: new SignInLimiter(limits, 'signin', config.signInMaxFailures, config.signInWindowMs),
    mailLimiter: new SignInLimiter(limits, 'register-mail', 3, 15 * 60_000),
    portalHref: `${config.portalOrigins.org}/`,
    sendHtml: (reply, status, body) =>
      reply
        .code(status)
        .header('Content-Security-Policy', csp)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(body),
  };
}

/** The stack's HTML forms post urlencoded bodies (16 KiB at most). */
export function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

export const formBody = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;

/** The page of an invitation link that opens nothing: says why, plainly. */
export function deadInvitationPage(
  kit: IdentityKit,
  found: Exclude<InvitationByLink, { status: 'open' }>,
) {
  const back = { href: kit.portalHref, text: 'Go to the Organization Portal' };
  if (found.status === 'accepted')
    return messagePage(
      'Invitation already accepted',
      `This invitation to join ${found.orgName} has already been used. Sign in to the portal to open the organization.`,
      back,
    );
  if (found.status === 'expired')
    return messagePage(
      'Invitation expired',
      `This invitation to join ${found.orgName} has expired. Ask the person who invited you to send it again.`,
      back,
    );
  return messagePage(
    'Invitation link not valid',
    'This invitation link is not valid any more: it was revoked, or replaced by a newer invitation. Use the link in the most recent invitation message, or ask the person who invited you.',
    back,
  );
}
