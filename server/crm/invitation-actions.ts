/**
 * The rule of resending an invitation, in one place for the single-row endpoint and the bulk one
 * (server/http/bulk.ts): a member of the organisation whose invitation is still pending.
 */
import type { RowAction } from '../http/bulk';

export const resendInvitation: RowAction<void> = {
  name: 'member.resend-invitation',
  target: 'User',
  table: 'org_members m',
  key: 'm.user_id',
  scope: 'm.org_id = $1',
  refusals: () => [
    {
      code: 'alreadyAccepted',
      message: 'This user has already accepted the invitation',
      when: `m.status <> 'invited'`,
    },
  ],
  set: () => 'invited_at = now()',
};
