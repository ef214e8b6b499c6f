import type { FastifyReply, FastifyRequest } from 'fastify';
import { readStartValue } from '../auth/secrets';
import { messagePage } from './pages';
import { invitationByLink, type Invitation } from './invitations';
import { deadInvitationPage, MSG, type IdentityKit } from './kit';
import { recordSignIn, type AuditedAccount } from './audit';

/** The interaction (a sign-in in progress) of the request, when it is the one in the path. */
export async function interactionOf(kit: IdentityKit, req: FastifyRequest, reply: FastifyReply) {
  try {
    const d = await kit.provider.interactionDetails(req.raw, reply.raw);
    const { uid } = req.params as { uid: string };
    return d.uid === uid ? d : undefined;
  } catch {
    return undefined;
  }
}
export type Interaction = NonNullable<Awaited<ReturnType<typeof interactionOf>>>;

export const interactionUrl = (kit: IdentityKit, uid: string) => `${kit.base}/interaction/${uid}`;

export const expired = (kit: IdentityKit, reply: FastifyReply) =>
  kit.sendHtml(
    reply,
    400,
    messagePage('Sign-in expired', MSG.expired, {
      href: kit.portalHref,
      text: 'Back to the portal',
    }),
  );

/**
 * The one place an account signs in: the interaction's result says so (the provider resumes the
 * authorization request as the account) and the audit trail records it. Answers where to resume.
 */
export async function signInAs(
  kit: IdentityKit,
  req: FastifyRequest,
  reply: FastifyReply,
  account: AuditedAccount,
) {
  const url = await kit.provider.interactionResult(
    req.raw,
    reply.raw,
    { login: { accountId: String(account.id) } },
    { mergeWithLastSubmission: false },
  );
  await recordSignIn(kit.services.db, account);
  return url;
}

/** Signs the account in: the provider resumes the authorization request. */
export async function finish(
  kit: IdentityKit,
  req: FastifyRequest,
  reply: FastifyReply,
  account: AuditedAccount,
) {
  return reply.redirect(await signInAs(kit, req, reply, account), 303);
}

/**
 * The invitation an interaction was started with (getStarted's userId carrying an invitation
 * link's secret): `none` without one; `dead` (its page already sent) when the link opens nothing.
 */
export async function invitationOfInteraction(
  kit: IdentityKit,
  d: Interaction,
  reply: FastifyReply,
): Promise<{ kind: 'none' } | { kind: 'dead' } | { kind: 'open'; invitation: Invitation }> {
  const start = readStartValue(kit.keys.hintKey, d.params.userId);
  if (start.kind !== 'invitation') return { kind: 'none' };
  const found = await invitationByLink(kit.services.db, start.secret);
  if (found.status === 'open') return { kind: 'open', invitation: found.invitation };
  kit.sendHtml(reply, 410, deadInvitationPage(kit, found));
  return { kind: 'dead' };
}

/** What the pages say while an invitation is being accepted. */
export const invitationIntro = (inv: Invitation, doing: 'sign in' | 'register') => ({
  title: `Join ${inv.orgName}`,
  intro:
    doing === 'sign in'
      ? `${inv.inviterName ?? 'An administrator'} invited ${inv.email} to join ${inv.orgName}. Sign in to accept the invitation.`
      : `${inv.inviterName ?? 'An administrator'} invited ${inv.email} to join ${inv.orgName}. Create your account to accept the invitation.`,
});
