import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/passwords';
import { readStartValue } from '../auth/secrets';
import { invitationsPage, registerPage, signInPage } from './pages';
import { accountByEmail, accountById, markAddressProven, type AccountRow } from './accounts';
import { asAccount, recordFailedSignIn } from './audit';
import { acceptInvitation, openInvitationsFor } from './invitations';
import { formBody, formString, MSG, type IdentityKit } from './kit';
import {
  expired,
  finish,
  interactionOf,
  signInAs,
  interactionUrl,
  invitationIntro,
  invitationOfInteraction,
  type Interaction,
} from './interaction-flow';

/** First-party clients never see a consent screen: grant what was asked (loadExistingGrant too). */
async function grantConsent(
  kit: IdentityKit,
  req: FastifyRequest,
  reply: FastifyReply,
  d: Interaction,
) {
  const { provider } = kit;
  const session = d.session;
  if (!session) return expired(kit, reply);
  const clientId = String(d.params.client_id);
  const grant =
    (d.grantId ? await provider.Grant.find(d.grantId) : undefined) ??
    new provider.Grant({ clientId, accountId: session.accountId });
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

/**
 * The sign-in page, the registration page (register=true or ?view=register) and, for a link
 * with an invitation's secret, both for the invited address only. The email is pre-filled only
 * from proof (an invitation's secret, a hint the stack signed) or from the caller's own
 * login_hint; a bare user id pre-fills nothing (docs/security.md).
 */
async function showLoginPage(kit: IdentityKit, reply: FastifyReply, d: Interaction, view?: string) {
  const { db } = kit.services;
  const url = interactionUrl(kit, d.uid);
  const signInHref = `${url}?view=signin`;
  const registerHref = `${url}?view=register`;
  const inv = await invitationOfInteraction(kit, d, reply);
  if (inv.kind === 'dead') return reply;
  if (inv.kind === 'open') {
    // The link's holder receives mail at the address: telling them whether it has an account is
    // telling them nothing new.
    const { email } = inv.invitation;
    const hasAccount = (await accountByEmail(db, email)) !== undefined;
    if (view === 'register' || (!hasAccount && view !== 'signin'))
      return kit.sendHtml(
        reply,
        200,
        registerPage({
          action: `${url}/register`,
          values: { email },
          emailLocked: true,
          signInHref,
          ...invitationIntro(inv.invitation, 'register'),
        }),
      );
    return kit.sendHtml(
      reply,
      200,
      signInPage({
        action: `${url}/login`,
        email,
        emailLocked: true,
        registerHref,
        ...invitationIntro(inv.invitation, 'sign in'),
      }),
    );
  }
  const start = readStartValue(kit.keys.hintKey, d.params.userId);
  const hinted = start.kind === 'hint' ? (await accountById(db, start.userId))?.email : undefined;
  const email = hinted ?? (typeof d.params.login_hint === 'string' ? d.params.login_hint : '');
  if (view === 'register' || (d.params.register === 'true' && view !== 'signin'))
    return kit.sendHtml(
      reply,
      200,
      registerPage({ action: `${url}/register`, values: { email }, signInHref }),
    );
  return kit.sendHtml(reply, 200, signInPage({ action: `${url}/login`, email, registerHref }));
}

/** After a sign-in: open invitations to the account's proven address wait for a yes or a no. */
async function invitationsOrFinish(
  kit: IdentityKit,
  req: FastifyRequest,
  reply: FastifyReply,
  d: Interaction,
  account: AccountRow,
) {
  const open = account.email_verified_at
    ? await openInvitationsFor(kit.services.db, account.email)
    : [];
  if (open.length === 0) {
    if (d.result?.login) return reply.redirect(d.returnTo, 303);
    return finish(kit, req, reply, account);
  }
  // The sign-in is done (stored with the interaction); the page only asks before resuming it.
  if (!d.result?.login) await signInAs(kit, req, reply, account);
  return kit.sendHtml(
    reply,
    200,
    invitationsPage({ action: `${interactionUrl(kit, d.uid)}/invitations`, invitations: open }),
  );
}

export function registerInteractionRoutes(scope: FastifyInstance, kit: IdentityKit) {
  const { base, limiter, services } = kit;
  const { db } = services;

  scope.get(`${base}/interaction/:uid`, { schema: { hide: true } }, async (req, reply) => {
    const d = await interactionOf(kit, req, reply);
    if (!d) return expired(kit, reply);
    if (d.prompt.name !== 'login') return grantConsent(kit, req, reply, d);
    return showLoginPage(kit, reply, d, (req.query as { view?: string }).view);
  });

  scope.post(`${base}/interaction/:uid/login`, { schema: { hide: true } }, async (req, reply) => {
    const d = await interactionOf(kit, req, reply);
    if (!d) return expired(kit, reply);
    const inv = await invitationOfInteraction(kit, d, reply);
    if (inv.kind === 'dead') return reply;
    const body = formBody(req);
    const invitation = inv.kind === 'open' ? inv.invitation : undefined;
    // An invitation's page signs in its own address only, whatever was posted.
    const email = invitation ? invitation.email : formString(body.email).trim();
    const password = formString(body.password);
    const url = interactionUrl(kit, d.uid);
    const again = (status: number, error: string) =>
      kit.sendHtml(
        reply,
        status,
        signInPage({
          action: `${url}/login`,
          email,
          error,
          registerHref: `${url}?view=register`,
          ...(invitation ? { emailLocked: true, ...invitationIntro(invitation, 'sign in') } : {}),
        }),
      );
    const blocked = await limiter.blockedFor(email, req.ip);
    if (blocked > 0) {
      reply.header('Retry-After', String(blocked * 60));
      return again(429, MSG.tooMany(blocked));
    }
    if (!email || !password) return again(400, 'Enter your email and password.');
    const user = await accountByEmail(db, email);
    // The password is checked (or a dummy hash computed) for every address: an unknown one takes
    // as long and answers the same as a wrong password.
    const passwordOk = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !passwordOk) {
      await limiter.fail(email, req.ip);
      // Recorded only once the password was checked: a throttled attempt (above) checks nothing
      // and records nothing, so the limiter bounds the trail too.
      await recordFailedSignIn(db, email, user?.id ?? null);
      return again(401, MSG.wrongPassword);
    }
    await limiter.succeed(email, req.ip);
    if (invitation) {
      // The link's secret proves the address; the password, the account: accepted, by them.
      await asAccount(user, () =>
        db.transaction(async (tx) => {
          await markAddressProven(tx, user.id);
          await acceptInvitation(tx, invitation.id, user.id);
        }),
      );
      return finish(kit, req, reply, user);
    }
    return invitationsOrFinish(kit, req, reply, d, user);
  });

  scope.post(
    `${base}/interaction/:uid/invitations`,
    { schema: { hide: true } },
    async (req, reply) => {
      const d = await interactionOf(kit, req, reply);
      const accountId = Number(d?.result?.login?.accountId);
      if (!d || !Number.isSafeInteger(accountId)) return expired(kit, reply);
      const account = await accountById(db, accountId);
      if (!account) return expired(kit, reply);
      const chosen = Number(formString(formBody(req).accept));
      if (chosen > 0 && account.email_verified_at) {
        const open = await openInvitationsFor(db, account.email);
        const invitation = open.find((i) => i.id === chosen);
        if (invitation)
          await asAccount(account, () =>
            db.transaction((tx) => acceptInvitation(tx, invitation.id, account.id)),
          );
        return invitationsOrFinish(kit, req, reply, d, account);
      }
      return reply.redirect(d.returnTo, 303); // not now
    },
  );
}
