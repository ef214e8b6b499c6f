import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { createHash } from 'node:crypto';
import type { StackKeys } from '../auth/keys';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { defineRoute, registerRoutes, signedIn, type Services } from '../http/routes';
import { htmlCsp } from '../http/security';
import { checkAvatar } from '../http/images';
import { notFound } from '../http/envelope';
import { profileSchema, updateProfileSchema } from '@/contract/identity/profile';
import { emailSchema } from '@/contract/common';
import { ACCOUNT_CLIENT_ID, createProvider, type OidcProvider } from './provider';
import { messagePage, registerPage, signInPage } from './pages';
import { SignInLimiter } from './signin-limiter';

export const MSG = {
  wrongPassword: 'Incorrect email or password.',
  pending:
    'This account has not been activated yet. Create your account with the email address you were invited with to activate it.',
  tooMany: (minutes: number) =>
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  expired: 'Your sign-in request has expired. Go back to the portal and sign in again.',
};

interface UserRow {
  id: number;
  email: string;
  first_name: string | null;
  password_hash: string | null;
  status: 'active' | 'pending';
}

const formString = (v: unknown) => (typeof v === 'string' ? v : '');

export async function registerIdentity(app: FastifyInstance, services: Services, keys: StackKeys) {
  const { db, config, issuer } = services;
  const provider = createProvider(services, keys);
  const origins = [config.portalOrigins.org, config.portalOrigins.site];
  const csp = htmlCsp(origins);
  const limiter = new SignInLimiter(config.signInMaxFailures, config.signInWindowMs);
  const base = new URL(issuer).pathname.replace(/\/$/, ''); // '/identity'
  const publicHost = new URL(issuer).host;

  const sendHtml = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);

  const userByEmail = async (email: string) =>
    (
      await db.query<UserRow>(
        'select id, email, first_name, password_hash, status from users where email = $1',
        [email.trim().toLowerCase()],
      )
    )[0];
  const emailOfUser = async (userId: unknown) => {
    const id = Number(userId);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return (await db.query<{ email: string }>('select email from users where id = $1', [id]))[0]
      ?.email;
  };

  // The provider's own routes get the raw, unparsed request.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const callback = provider.callback();
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      // The provider speaks with its issuer's host, whatever Host header reached us.
      raw.headers.host = publicHost;
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(base.length) || '/';
      await callback(raw, reply.raw);
    };
    scope.all(base, { schema: { hide: true } }, handler);
    scope.all(`${base}/*`, { schema: { hide: true } }, handler);
  });

  // Interaction pages: sign-in, registration, and the getStarted login (form posts).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const interactionUrl = (uid: string) => `${base}/interaction/${uid}`;

    const details = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const d = await provider.interactionDetails(req.raw, reply.raw);
        const { uid } = req.params as { uid: string };
        return d.uid === uid ? d : undefined;
      } catch {
        return undefined;
      }
    };
    const expired = (reply: FastifyReply) =>
      sendHtml(
        reply,
        400,
        messagePage('Sign-in expired', MSG.expired, {
          href: `${config.portalOrigins.org}/`,
          text: 'Back to the portal',
        }),
      );
    const finish = async (req: FastifyRequest, reply: FastifyReply, accountId: number) => {
      // An invited member becomes active at the first sign-in.
      await db.query(
        `update org_members set status = 'active' where user_id = $1 and status = 'invited'`,
        [accountId],
      );
      const url = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId: String(accountId) } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(url, 303);
    };

    scope.get(`${base}/interaction/:uid`, { schema: { hide: true } }, async (req, reply) => {
      const d = await details(req, reply);
      if (!d) return expired(reply);
      if (d.prompt.name !== 'login') {
        // First-party clients never see a consent screen (loadExistingGrant grants what was asked).
        const session = d.session;
        if (!session) return expired(reply);
        const grant = d.grantId
          ? ((await provider.Grant.find(d.grantId)) ??
            new provider.Grant({
              clientId: String(d.params.client_id),
              accountId: session.accountId,
            }))
          : new provider.Grant({
              clientId: String(d.params.client_id),
              accountId: session.accountId,
            });
        const missing = d.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
          grant.addResourceScope(indicator, scopes.join(' '));
        const grantId = await grant.save();
        const url = await provider.interactionResult(
          req.raw,
          reply.raw,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return reply.redirect(url, 303);
      }
      const view = (req.query as { view?: string }).view;
      const hintEmail =
        (await emailOfUser(d.params.userId)) ??
        (typeof d.params.login_hint === 'string' ? d.params.login_hint : '');
      if (view === 'register' || (d.params.register === 'true' && view !== 'signin')) {
        return sendHtml(
          reply,
          200,
          registerPage({
            action: `${interactionUrl(d.uid)}/register`,
            values: { email: hintEmail },
            signInHref: `${interactionUrl(d.uid)}?view=signin`,
          }),
        );
      }
      return sendHtml(
        reply,
        200,
        signInPage({
          action: `${interactionUrl(d.uid)}/login`,
          email: hintEmail,
          registerHref: `${interactionUrl(d.uid)}?view=register`,
        }),
      );
    });

    scope.post(`${base}/interaction/:uid/login`, { schema: { hide: true } }, async (req, reply) => {
      const d = await details(req, reply);
      if (!d) return expired(reply);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const email = formString(body.email).trim();
      const password = formString(body.password);
      const action = `${interactionUrl(d.uid)}/login`;
      const registerHref = `${interactionUrl(d.uid)}?view=register`;
      const blocked = limiter.blockedFor(email, req.ip);
      if (blocked > 0)
        return sendHtml(
          reply.header('Retry-After', String(blocked * 60)),
          429,
          signInPage({ action, email, error: MSG.tooMany(blocked), registerHref }),
        );
      if (!email || !password) {
        return sendHtml(
          reply,
          400,
          signInPage({ action, email, error: 'Enter your email and password.', registerHref }),
        );
      }
      const user = await userByEmail(email);
      if (user?.status === 'pending') {
        limiter.fail(email, req.ip);
        return sendHtml(
          reply,
          403,
          signInPage({ action, email, error: MSG.pending, registerHref }),
        );
      }
      if (!user || !(await verifyPassword(password, user.password_hash ?? null))) {
        limiter.fail(email, req.ip);
        return sendHtml(
          reply,
          401,
          signInPage({ action, email, error: MSG.wrongPassword, registerHref }),
        );
      }
      limiter.succeed(email, req.ip);
      return finish(req, reply, user.id);
    });

    scope.post(
      `${base}/interaction/:uid/register`,
      { schema: { hide: true } },
      async (req, reply) => {
        const d = await details(req, reply);
        if (!d) return expired(reply);
        const body = (req.body ?? {}) as Record<string, unknown>;
        const values = {
          firstName: formString(body.firstName).trim(),
          lastName: formString(body.lastName).trim(),
          email: formString(body.email).trim(),
        };
        const password = formString(body.password);
        const confirm = formString(body.confirmPassword);
        const errors: Record<string, string> = {};
        if (!values.firstName) errors.firstName = 'Mandatory field';
        else if (values.firstName.length > 100) errors.firstName = 'At most 100 characters';
        if (!values.lastName) errors.lastName = 'Mandatory field';
        else if (values.lastName.length > 100) errors.lastName = 'At most 100 characters';
        const parsedEmail = emailSchema.safeParse(values.email);
        if (!values.email) errors.email = 'Mandatory field';
        else if (!parsedEmail.success) errors.email = 'Invalid email';
        if (!password) errors.password = 'Mandatory field';
        else if (password.length < 8)
          errors.password = 'Value must be longer than 7 chars in length';
        if (!confirm) errors.confirmPassword = 'Mandatory field';
        else if (confirm !== password) errors.confirmPassword = 'Passwords do not match';
        const action = `${interactionUrl(d.uid)}/register`;
        const signInHref = `${interactionUrl(d.uid)}?view=signin`;
        if (!errors.email && parsedEmail.success) {
          const existing = await userByEmail(parsedEmail.data);
          if (existing?.status === 'active')
            errors.email = 'An account with this email already exists. Sign in instead.';
        }
        if (Object.keys(errors).length > 0) {
          return sendHtml(
            reply,
            400,
            registerPage({
              action,
              values,
              errors,
              error: 'Please correct the highlighted fields.',
              signInHref,
            }),
          );
        }
        const email = parsedEmail.data as string;
        const hash = await hashPassword(password);
        // A pending (invited) user activates by registering with the invited email.
        const [row] = await db.query<{ id: number }>(
          `insert into users (email, first_name, last_name, password_hash, status) values ($1, $2, $3, $4, 'active')
         on conflict (email) do update set first_name = excluded.first_name, last_name = excluded.last_name,
           password_hash = excluded.password_hash, status = 'active' where users.status = 'pending'
         returning id`,
          [email, values.firstName, values.lastName, hash],
        );
        if (!row) {
          return sendHtml(
            reply,
            400,
            registerPage({
              action,
              values,
              errors: { email: 'An account with this email already exists. Sign in instead.' },
              signInHref,
            }),
          );
        }
        return finish(req, reply, row.id);
      },
    );

    // getStarted: a plain IdP session login, then back to the portal (returnUrl on a portal origin only).
    const safeReturn = (value: unknown) => {
      try {
        const url = new URL(String(value));
        if (origins.includes(url.origin)) return url.href;
      } catch {
        /* not a URL */
      }
      return `${config.portalOrigins.org}/`;
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
        ...(typeof q.userId === 'string' && /^\d{1,9}$/.test(q.userId) ? { userId: q.userId } : {}),
      }).toString();
      return reply.redirect(auth.pathname + auth.search, 302);
    };
    scope.get(`${base}/Account/Login`, { schema: { hide: true } }, accountLogin);
    scope.get(`${base}/account/login`, { schema: { hide: true } }, accountLogin);
    scope.get(`${base}/Account/LoginCallback`, { schema: { hide: true } }, async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      let target = `${config.portalOrigins.org}/`;
      try {
        target = safeReturn(Buffer.from(String(q.state ?? ''), 'base64url').toString('utf8'));
      } catch {
        /* default */
      }
      return reply.redirect(target, 302);
    });
  });

  // Identity API (profile).
  registerRoutes(app, services, `${base}/v1`, 'IdentityServerApi', [
    defineRoute({
      method: 'GET',
      url: '/profile',
      access: signedIn,
      summary: "The caller's profile",
      response: profileSchema,
      handler: async ({ user }) => {
        const [row] = await db.query<{ avatar: string | null }>(
          'select avatar from users where id = $1',
          [user.id],
        );
        return {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          avatar_Base64: row?.avatar ?? null,
        };
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/profile',
      access: signedIn,
      summary: "Edit the caller's names and photo",
      body: updateProfileSchema,
      response: profileSchema,
      handler: async ({ user, body }) => {
        const avatar =
          body.avatar_Base64 === undefined
            ? undefined
            : body.avatar_Base64 === null || body.avatar_Base64 === ''
              ? null
              : checkAvatar('avatar_Base64', body.avatar_Base64);
        const [row] = await db.query<{
          id: number;
          first_name: string;
          last_name: string;
          email: string;
          avatar: string | null;
        }>(
          `update users set first_name = $2, last_name = $3, avatar = case when $4::boolean then $5 else avatar end
            where id = $1 returning id, first_name, last_name, email, avatar`,
          [user.id, body.firstName, body.lastName, avatar !== undefined, avatar ?? null],
        );
        if (!row) throw notFound('User');
        return {
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          avatar_Base64: row.avatar,
        };
      },
    }),
  ]);
  return provider as OidcProvider;
}
