import type { FastifyInstance } from 'fastify';
import { MAX_EMAIL_LENGTH, emailSchema } from '@/contract/common';
import { MAX_PERSON_NAME_LENGTH } from '@/contract/identity/profile';
import { maxLengthMessage } from '@/contract/limits';
import { hashPassword } from '../auth/passwords';
import { checkEmailPage, registerPage } from './pages';
import { accountByEmail, createProvenAccount, startRegistration } from './accounts';
import { acceptInvitation } from './invitations';
import { auditActorIn } from '../db/audit-context';
import { accountActor } from './audit';
import { formBody, formString, type IdentityKit } from './kit';
import {
  expired,
  finish,
  interactionOf,
  interactionUrl,
  invitationIntro,
  invitationOfInteraction,
} from './interaction-flow';

interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The registration form's field rules (SPEC §5 messages). Over-long names and emails are refused
 * with the forms' message and shown again as typed (issue 17), never cut.
 */
function validate(values: RegisterValues, password: string, confirm: string) {
  const errors: Record<string, string> = {};
  const tooLongName = maxLengthMessage(MAX_PERSON_NAME_LENGTH);
  if (!values.firstName) errors.firstName = 'Mandatory field';
  else if (values.firstName.length > MAX_PERSON_NAME_LENGTH) errors.firstName = tooLongName;
  if (!values.lastName) errors.lastName = 'Mandatory field';
  else if (values.lastName.length > MAX_PERSON_NAME_LENGTH) errors.lastName = tooLongName;
  const parsedEmail = emailSchema.safeParse(values.email);
  if (!values.email) errors.email = 'Mandatory field';
  else if (values.email.length > MAX_EMAIL_LENGTH)
    errors.email = maxLengthMessage(MAX_EMAIL_LENGTH);
  else if (!parsedEmail.success) errors.email = 'Invalid email';
  if (!password) errors.password = 'Mandatory field';
  else if (password.length < 8) errors.password = 'Value must be longer than 7 chars in length';
  if (!confirm) errors.confirmPassword = 'Mandatory field';
  else if (confirm !== password) errors.confirmPassword = 'Passwords do not match';
  return { errors, email: parsedEmail.success ? parsedEmail.data : undefined };
}

/**
 * POST …/interaction/:uid/register. Without an invitation: the answer is "Check your email"
 * whether or not the address has an account (accounts.ts startRegistration); the account is made
 * by the link sent to the address. With an invitation's link: its secret proves the invited
 * address, so the account is made at once, the invitation accepted and the user signed in.
 */
export function registerRegistrationRoute(scope: FastifyInstance, kit: IdentityKit) {
  const { base, services, keys, mailLimiter } = kit;
  scope.post(
    `${base}/interaction/:uid/register`,
    { schema: { hide: true } },
    async (req, reply) => {
      const d = await interactionOf(kit, req, reply);
      if (!d) return expired(kit, reply);
      const inv = await invitationOfInteraction(kit, d, reply);
      if (inv.kind === 'dead') return reply;
      const invitation = inv.kind === 'open' ? inv.invitation : undefined;
      const body = formBody(req);
      const values: RegisterValues = {
        firstName: formString(body.firstName).trim(),
        lastName: formString(body.lastName).trim(),
        email: invitation ? invitation.email : formString(body.email).trim(),
      };
      const password = formString(body.password);
      const { errors, email } = validate(values, password, formString(body.confirmPassword));
      const url = interactionUrl(kit, d.uid);
      const again = (fields: Record<string, string>, error?: string) =>
        kit.sendHtml(
          reply,
          400,
          registerPage({
            action: `${url}/register`,
            values,
            errors: fields,
            error: error ?? 'Please correct the highlighted fields.',
            signInHref: `${url}?view=signin`,
            ...(invitation
              ? { emailLocked: true, ...invitationIntro(invitation, 'register') }
              : {}),
          }),
        );
      if (Object.keys(errors).length > 0 || !email) return again(errors);

      if (!invitation) {
        // A few messages per address per window: more registrations answer the same, send nothing.
        if ((await mailLimiter.blockedFor(email, 'register')) === 0) {
          await mailLimiter.fail(email, 'register');
          await startRegistration(services, keys.hintKey, { ...values, email, password });
        }
        return kit.sendHtml(reply, 200, checkEmailPage({ email, action: `${url}/login` }));
      }

      if (await accountByEmail(services.db, email))
        return again(
          {},
          `${email} already has an account. Sign in with it to accept the invitation.`,
        );
      const passwordHash = await hashPassword(password);
      const account = (id: number) => ({
        id,
        email,
        first_name: values.firstName,
        last_name: values.lastName,
      });
      const userId = await services.db.transaction(async (tx) => {
        const id = await createProvenAccount(tx, { ...values, email, passwordHash });
        if (id === undefined) return undefined;
        // Made by whoever held the link ('anonymous'); accepted by the account just made.
        await auditActorIn(tx, accountActor(account(id)));
        await acceptInvitation(tx, invitation.id, id);
        return id;
      });
      if (userId === undefined)
        return again(
          {},
          `${email} already has an account. Sign in with it to accept the invitation.`,
        );
      return finish(kit, req, reply, account(userId));
    },
  );
}
