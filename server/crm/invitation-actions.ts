/**
 * The rule of resending an invitation, in one place for the single-row endpoint and the bulk one
 * (server/http/bulk.ts): an open invitation of the organisation gets a new link (the older one
 * stops working), sent once the change is committed.
 */
import type { RowAction } from '../http/bulk';
import { HttpError } from '../http/envelope';
import type { Services } from '../http/routes';
import { sendInvitation } from '../identity/invitations';

/** Sends an invitation's message with a new link; a 502 that says what to do when it fails. */
export async function sendOrFail(services: Services, invitationId: number) {
  try {
    await sendInvitation(services, invitationId);
  } catch {
    throw new HttpError(
      502,
      'The invitation is saved, but its message could not be sent. Try "Resend invitation" later.',
    );
  }
}

export const resendInvitation = (services: Services): RowAction<void> => ({
  name: 'invitation.resend',
  target: 'Invitation',
  table: 'invitations i',
  key: 'i.id',
  scope: 'i.org_id = $1',
  // A member's id in the Users list is not an invitation's (ids come from one sequence).
  missing: 'Not an open invitation: a member, or an invitation revoked since',
  refusals: () => [
    {
      code: 'alreadyAccepted',
      message: 'This user has already accepted the invitation',
      when: 'i.accepted_at is not null',
    },
  ],
  set: () => 'invited_at = now()',
  afterCommit: async (ids) => {
    for (const id of ids) await sendOrFail(services, id);
  },
});
