import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/types';
import type { CallerUser } from '../auth/access';
import type { UserRef } from '@/contract/common';
import { BLAST_FILE_EXTENSION } from '@/contract/data/blasts';
import { normaliseFileName, sendDownload } from '../http/files';

/** Dates from the database (Date or string) as ISO 8601 strings. */
export function toIso(v: Date | string): string;
export function toIso(v: Date | string | null | undefined): string | null;
export function toIso(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/** Columns u_id, u_email, u_first, u_last of a left-joined user, as a UserRef or null. */
export interface UserCols {
  u_id: number | null;
  u_email: string | null;
  u_first: string | null;
  u_last: string | null;
}
export const userRef = (r: UserCols): UserRef | null =>
  r.u_id === null || r.u_email === null
    ? null
    : { id: r.u_id, email: r.u_email, firstName: r.u_first, lastName: r.u_last };
export const userCols = (alias: string) =>
  `${alias}.id as u_id, ${alias}.email as u_email, ${alias}.first_name as u_first, ${alias}.last_name as u_last`;

/** An unguessable, URL-safe link id (192 bits). */
export const newLinkId = () => randomBytes(24).toString('base64url');

/** A blast's file name as stored and downloaded: normalised, always ending in .blst. */
export const blastFileName = (input: string) =>
  normaliseFileName(input, { extension: BLAST_FILE_EXTENSION, maxLength: 120, fallback: 'blast' });

/** Sends a blast's .blst file as a download (attachment, nosniff, not cached). */
export const sendFile = (reply: FastifyReply, fileName: string, content: string | Buffer) =>
  sendDownload(reply, blastFileName(fileName), content);

/**
 * SQL (params: $userParam = user id) selecting the ids and org ids of the sites the user can see
 * through an active membership: org admins and sub managers see every site of the org, others
 * the sites where they are site admin or site user (the rule of loadSiteAccess).
 */
export const memberSitesSql = (userParam: string) => `
  select s.id as site_id, s.org_id
    from sites s
    join org_members m on m.org_id = s.org_id and m.user_id = ${userParam} and m.status = 'active'
    left join site_members sm on sm.site_id = s.id and sm.user_id = ${userParam}
   where m.is_org_admin or m.is_sub_manager or sm.is_site_admin or sm.is_site_user`;

/** The ids of the organisations the user is an active member of (SQL, like memberSitesSql). */
export const memberOrgsSql = (userParam: string) =>
  `select org_id from org_members where user_id = ${userParam} and status = 'active'`;

/** Whether the user is an active org admin of the org (sysadmins count as admins everywhere). */
export async function isOrgAdmin(db: Queryable, user: CallerUser, orgId: number) {
  if (user.isSysadmin) return true;
  const [row] = await db.query<{ ok: boolean }>(
    `select true as ok from org_members
      where org_id = $1 and user_id = $2 and status = 'active' and is_org_admin`,
    [orgId, user.id],
  );
  return row?.ok === true;
}
