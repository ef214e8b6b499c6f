import type { Queryable } from '../db/types';
import { auditAs } from '../db/audit-context';
import type { Services } from '../http/routes';
import { hashSecret, invitationStart, newSecret } from '../auth/secrets';
import { invitationMessage } from '../mail/messages';

/**
 * Invitations to join an organisation (table invitations). An invitation is nobody's membership
 * until its invitee accepts it: through its link (the secret proves they receive mail at the
 * invited address) or, signed in with that address already proven, by saying yes on the
 * provider's Invitations page. Revoking deletes it; re-sending replaces its secret, so an older
 * link stops working; an accepted one keeps its secret so its link can say it was used.
 */
export const INVITATION_TTL_DAYS = 7;

export interface Invitation {
  id: number;
  orgId: number;
  orgName: string;
  email: string;
  inviterName: string | null;
}

interface InvitationRow {
  id: number;
  org_id: number;
  org_name: string;
  email: string;
  inviter_name: string | null;
  expires_at: Date | null;
  accepted_at: Date | null;
}

const SELECT = `select i.id, i.org_id, o.name as org_name, i.email, i.expires_at, i.accepted_at,
    nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as inviter_name
  from invitations i join orgs o on o.id = i.org_id left join users u on u.id = i.invited_by`;

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  orgId: r.org_id,
  orgName: r.org_name,
  email: r.email,
  inviterName: r.inviter_name,
});

/** Where the invitation's link leads: the org portal's getStarted (SPEC §2) on the organisation. */
export const invitationLink = (services: Services, orgId: number, secret: string) =>
  `${services.config.portalOrigins.org}/org/${orgId}/dashboard?getStarted=${invitationStart(secret)}`;

/**
 * Gives the invitation a new secret (the older link stops working) and sends its message.
 * `onlyUnsent`: only when it was never sent (the queue at start; safe with several processes).
 * Answers false when there is no such open invitation.
 */
export async function sendInvitation(
  services: Services,
  invitationId: number,
  opts: { onlyUnsent?: boolean } = {},
): Promise<boolean> {
  const secret = newSecret();
  const [row] = await services.db.query<{ expires_at: Date }>(
    `update invitations set token_hash = $2, expires_at = now() + $3 * interval '1 day'
        ${opts.onlyUnsent ? '' : ', invited_at = now()'}
      where id = $1 and accepted_at is null ${opts.onlyUnsent ? 'and token_hash is null' : ''}
      returning expires_at`,
    [invitationId, hashSecret(secret), INVITATION_TTL_DAYS],
  );
  if (!row) return false;
  const [inv] = await services.db.query<InvitationRow>(`${SELECT} where i.id = $1`, [invitationId]);
  if (!inv) return false;
  try {
    await services.mailer.send(
      invitationMessage({
        to: inv.email,
        orgName: inv.org_name,
        inviterName: inv.inviter_name,
        link: invitationLink(services, inv.org_id, secret),
        expiresAt: row.expires_at,
      }),
    );
  } catch (error) {
    // Not sent: a queued invitation stays queued (the next start tries again).
    if (opts.onlyUnsent)
      await services.db.query(
        'update invitations set token_hash = null where id = $1 and token_hash = $2',
        [invitationId, hashSecret(secret)],
      );
    throw error;
  }
  return true;
}

/**
 * Invitations created but never sent (the demo data's): sent when the stack starts. Stops at the
 * first message that cannot be sent and answers its error (the rest wait for the next start).
 */
export async function sendQueuedInvitations(services: Services): Promise<Error | undefined> {
  const queued = await services.db.query<{ id: number }>(
    'select id from invitations where token_hash is null and accepted_at is null order by id',
  );
  for (const { id } of queued) {
    try {
      await sendInvitation(services, id, { onlyUnsent: true });
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
  return undefined;
}

export type InvitationByLink =
  | { status: 'open'; invitation: Invitation }
  | { status: 'expired' | 'accepted'; orgName: string }
  | { status: 'unknown' };

/** What an invitation link's secret opens (unknown: revoked, replaced by a newer one, or never). */
export async function invitationByLink(db: Queryable, secret: string): Promise<InvitationByLink> {
  const [row] = await db.query<InvitationRow>(`${SELECT} where i.token_hash = $1`, [
    hashSecret(secret),
  ]);
  if (!row) return { status: 'unknown' };
  if (row.accepted_at) return { status: 'accepted', orgName: row.org_name };
  if (!row.expires_at || row.expires_at.getTime() <= Date.now())
    return { status: 'expired', orgName: row.org_name };
  return { status: 'open', invitation: toInvitation(row) };
}

/** Open invitations to an address (for its proven owner to accept or not). */
export async function openInvitationsFor(db: Queryable, email: string) {
  const rows = await db.query<InvitationRow>(
    `${SELECT} where i.email = $1 and i.accepted_at is null order by i.id`,
    [email],
  );
  return rows.map(toInvitation);
}

/**
 * The invitee accepts: they become a member with the invitation's flags (a member already keeps
 * what they have). Answers the organisation's id, or undefined when it is no longer open. The
 * trail records it as 'accept invitation' of the inviting organisation (the invitation and the
 * membership are its rows); run it as the accepting account (identity/audit.ts asAccount).
 */
export async function acceptInvitation(tx: Queryable, invitationId: number, userId: number) {
  await auditAs(tx, 'accept invitation');
  const [inv] = await tx.query<{ org_id: number }>(
    `update invitations set accepted_at = now(), accepted_by = $2
      where id = $1 and accepted_at is null returning org_id`,
    [invitationId, userId],
  );
  if (!inv) return undefined;
  await tx.query(
    `insert into org_members (org_id, user_id, is_org_admin, is_developer, is_business_manager, is_sub_manager,
        is_tech_support, status, invited_at, invited_by)
     select org_id, $2, is_org_admin, is_developer, is_business_manager, is_sub_manager, is_tech_support,
        'active', invited_at, invited_by
       from invitations where id = $1
     on conflict (org_id, user_id) do nothing`,
    [invitationId, userId],
  );
  return inv.org_id;
}
