import type { SqlParam } from '../db/types';
import { addDays, BASE, insertMany, type SeedContext } from './context';
import { FIRST, LAST } from './names';
import { pngDataUrl } from './png';
import type { SeededOrgs } from './orgs';

/** [org, user, owner, admin, developer, businessManager, subManager, techSupport, status] */
export type MembershipRow = SqlParam[];

/** Users 1-9 (ARCHITECTURE's demo accounts), then generated ones, and their memberships. */
export async function seedUsers(
  { tx, r, n, pw }: SeedContext,
  { orgIds, customerOrgIds }: SeededOrgs,
): Promise<{ memberships: MembershipRow[] }> {
  // Users 1-9 (fixed) and generated from 10.
  const userRows: SqlParam[][] = [
    [1, 'sysadmin@example.com', 'Sam', 'Sysadmin', pw, true, 'active'],
    [2, 'owner@example.com', 'Olivia', 'Owner', pw, false, 'active'],
    [3, 'manager@example.com', 'Mark', 'Manager', pw, false, 'active'],
    [4, 'developer@example.com', 'Dev', 'Patel', pw, false, 'active'],
    [5, 'support@example.com', 'Sue', 'Porter', pw, false, 'active'],
    [6, 'submanager@example.com', 'Simon', 'Submanager', pw, false, 'active'],
    [7, 'siteadmin@example.com', 'Sarah', 'Siteadmin', pw, false, 'active'],
    [8, 'siteuser@example.com', 'Stuart', 'Siteuser', pw, false, 'active'],
    [9, 'pending@example.com', null, null, null, false, 'pending'],
  ];
  const genUsers = n(400, 20);
  for (let i = 0; i < genUsers; i++) {
    const id = 10 + i;
    const f = r.pick(FIRST);
    const l = r.pick(LAST);
    const pending = r.bool(0.05) && id !== 10;
    userRows.push([
      id,
      `${f}.${l}.${id}@example.net`.toLowerCase().replace(/'/g, ''),
      pending ? null : f,
      pending ? null : l,
      pending ? null : pw,
      false,
      pending ? 'pending' : 'active',
    ]);
  }
  // The first generated user has a fixed identity: Delta Drilling's owner (see memberships).
  const firstGenerated = userRows[9];
  if (firstGenerated)
    Object.assign(firstGenerated, { 1: 'dana.driller@example.net', 2: 'Dana', 3: 'Driller' });
  // Invited people (status 'pending' above) have no account: their memberships below become
  // invitations. Every demo account has proven its address (email_verified in the ID token).
  const accountRows = userRows.filter((u) => u[6] !== 'pending');
  const invitedEmail = new Map(userRows.filter((u) => u[6] === 'pending').map((u) => [u[0], u[1]]));
  await insertMany(
    tx,
    'users',
    ['id', 'email', 'first_name', 'last_name', 'password_hash', 'is_sysadmin', 'status'],
    accountRows,
  );
  await tx.query('update users set email_verified_at = $1', [addDays(BASE, -400)]);
  await tx.query(`update users set avatar = $1 where id in (2, 6)`, [pngDataUrl([90, 140, 60])]);

  // Memberships: [org, user, owner, admin, developer, businessManager, subManager, techSupport, status]
  const mem: SqlParam[][] = [
    [1, 1, false, true, false, false, false, false, 'active'],
    [1, 2, true, true, false, false, false, false, 'active'],
    [1, 3, false, false, false, true, false, false, 'active'],
    [1, 4, false, false, true, false, false, false, 'active'],
    [1, 5, false, false, false, false, false, true, 'active'],
    [2, 2, false, false, false, false, true, false, 'active'],
    [2, 6, false, false, false, false, true, false, 'active'],
    [2, 7, false, false, false, false, false, false, 'active'],
    [2, 8, false, false, false, false, false, false, 'active'],
    [2, 9, false, false, false, false, false, false, 'invited'],
  ];
  for (let i = 0; i < genUsers; i++) {
    const userId = 10 + i;
    const status = userRows[9 + i]?.[6] === 'pending' ? 'invited' : 'active';
    const first = i < genUsers * 0.15 ? 1 : i < genUsers * 0.3 ? 2 : r.pick(customerOrgIds);
    mem.push([
      first,
      userId,
      false,
      r.bool(0.1),
      r.bool(0.1),
      r.bool(0.1),
      r.bool(0.1),
      r.bool(0.05),
      status,
    ]);
    if (r.bool(0.15)) {
      const second = r.pick(customerOrgIds.filter((o) => o !== first));
      mem.push([second, userId, false, false, false, false, r.bool(0.3), false, status]);
    }
  }
  // Delta Drilling (malformed customData) gets an owner: the first generated user, so a
  // sign-in exercises the portal's customData fallback.
  const deltaOwner = mem.find((m) => m[0] === 4 && m[1] === 10);
  if (deltaOwner) Object.assign(deltaOwner, { 2: true, 3: true, 8: 'active' });
  else mem.push([4, 10, true, true, false, false, false, false, 'active']);
  // Every generated org gets an owner-admin.
  for (const orgId of orgIds.slice(4)) {
    const owner = mem.find((m) => m[0] === orgId && m[8] === 'active');
    if (owner) {
      owner[2] = true;
      owner[3] = true;
    }
  }
  await insertMany(
    tx,
    'org_members',
    [
      'org_id',
      'user_id',
      'is_org_owner',
      'is_org_admin',
      'is_developer',
      'is_business_manager',
      'is_sub_manager',
      'is_tech_support',
      'status',
    ],
    mem.filter((m) => m[8] === 'active').map((m) => [...m]),
  );
  // Invitations keep the id the invited person had as a user (the first one; a second
  // organisation's gets an id after every user's): ids stay what they were for the demo.
  const usedIds = new Set<unknown>();
  let nextInvitationId = 10 + genUsers;
  const invitations = mem
    .filter((m) => m[8] === 'invited')
    .map((m) => {
      const id = usedIds.has(m[1]) ? nextInvitationId++ : m[1];
      usedIds.add(m[1]);
      // [id, org, email, admin, developer, businessManager, subManager, techSupport]
      const row: SqlParam[] = [id ?? null, m[0] ?? null, invitedEmail.get(m[1]) ?? null];
      return [...row, ...m.slice(3, 8)];
    });
  // Not sent yet (no link): the stack sends queued invitations when it starts (identity/invitations.ts).
  await insertMany(
    tx,
    'invitations',
    [
      'id',
      'org_id',
      'email',
      'is_org_admin',
      'is_developer',
      'is_business_manager',
      'is_sub_manager',
      'is_tech_support',
      'invited_at',
      'invited_by',
    ],
    invitations.map((i) => [...i, addDays(BASE, -10), 6]),
  );
  return { memberships: mem };
}
