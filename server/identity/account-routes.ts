import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { SECRET_PATTERN } from '../auth/secrets';
import { confirmAddressPage, messagePage } from './pages';
import { ACCOUNT_CLIENT_ID } from './provider';
import { confirmRegistration, pendingRegistration, signInLink } from './accounts';
import { formBody, formString, type IdentityKit } from './kit';

/**
 * getStarted (SPEC §2) and the address check's link:
 * - GET /identity/Account/Login?userId=…&returnUrl=…: a plain provider sign-in (internal client
 *   identity-account), then back to returnUrl on a portal origin only. userId goes on to the
 *   sign-in page, which reads only proof from it (auth/secrets.ts readStartValue).
 * - GET/POST /identity/Account/Verify: the registration's link shows a confirmation; its button
 *   makes the account (a link scanner following the link makes nothing).
 */
export function registerAccountRoutes(scope: FastifyInstance, kit: IdentityKit) {
  const { base, services, keys } = kit;
  const { config, issuer, db } = services;
  const origins = [config.portalOrigins.org, config.portalOrigins.site];

  const safeReturn = (value: unknown) => {
    try {
      const url = new URL(String(value));
      if (origins.includes(url.origin)) return url.href;
    } catch {
      /* not a URL */
    }
    return kit.portalHref;
  };
  const CHALLENGE = createHash('sha256')
    .update('identity-account-login-never-redeemed')
    .digest('base64url');

  const accountLogin = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as Record<string, unknown>;
    const returnUrl = safeReturn(q.returnUrl ?? q.ReturnUrl);
    const auth = new URL(`${issuer}/auth`);
    auth.search = new URLSearchParams({
      client_id: ACCOUNT_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${issuer}/Account/LoginCallback`,
      scope: 'openid',
      prompt: 'login',
      state: Buffer.from(returnUrl).toString('base64url'),
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      ...(typeof q.userId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(q.userId)
        ? { userId: q.userId }
        : {}),
    }).toString();
    return reply.redirect(auth.pathname + auth.search, 302);
  };
  scope.get(`${base}/Account/Login`, { schema: { hide: true } }, accountLogin);
  scope.get(`${base}/account/login`, { schema: { hide: true } }, accountLogin);
  scope.get(`${base}/Account/LoginCallback`, { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    let target = kit.portalHref;
    try {
      target = safeReturn(Buffer.from(String(q.state ?? ''), 'base64url').toString('utf8'));
    } catch {
      /* default */
    }
    return reply.redirect(target, 302);
  });

  const deadLink = (reply: FastifyReply) =>
    kit.sendHtml(
      reply,
      410,
      messagePage(
        'Link expired or already used',
        'This link has expired or has already been used. If your account is not ready yet, create it again to get a new link.',
        { href: kit.portalHref, text: 'Go to the Organization Portal' },
      ),
    );
  const verifyRoute = `${base}/Account/Verify`; // accounts.ts verifyPath: the link's address

  scope.get(verifyRoute, { schema: { hide: true } }, async (req, reply) => {
    const token = formString((req.query as Record<string, unknown>).token);
    const pending = SECRET_PATTERN.test(token) ? await pendingRegistration(db, token) : undefined;
    if (!pending) return deadLink(reply);
    return kit.sendHtml(
      reply,
      200,
      confirmAddressPage({ action: verifyRoute, token, email: pending.email }),
    );
  });

  scope.post(verifyRoute, { schema: { hide: true } }, async (req, reply) => {
    const token = formString(formBody(req).token);
    const done = SECRET_PATTERN.test(token) ? await confirmRegistration(db, token) : undefined;
    if (!done || done.status === 'invalid') return deadLink(reply);
    const link = { href: signInLink(services, keys.hintKey, done.userId), text: 'Sign in' };
    return kit.sendHtml(
      reply,
      200,
      done.status === 'created'
        ? messagePage(
            'Your account is ready',
            `Your address ${done.email} is confirmed and your account is made. Sign in with it to continue.`,
            link,
          )
        : messagePage(
            'You already have an account',
            `${done.email} already has an account. Sign in with it to continue.`,
            link,
          ),
    );
  });
}
