import { z } from 'zod';
import { emailSchema, idSchema, personColumns } from '../common';
import { defineListColumns, listContract } from '../lists';

/** Org-level user flags a caller may set on a member (never isSysadmin, never isOrgOwner here). */
export const memberFlagsSchema = z.object({
  isOrgAdmin: z.boolean().default(false),
  isBusinessManager: z.boolean().default(false),
  isSubManager: z.boolean().default(false),
  isDeveloper: z.boolean().default(false),
  isTechSupport: z.boolean().default(false),
});
export type MemberFlags = z.infer<typeof memberFlagsSchema>;

/** A row of POST /crm/v1/orgs/{orgId}/users/list: a member or an open invitation (firstName null: 'Pending user activation'). */
export const orgUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  isOrgOwner: z.boolean(),
  isOrgAdmin: z.boolean(),
  isBusinessManager: z.boolean(),
  isSubManager: z.boolean(),
  isDeveloper: z.boolean(),
  isTechSupport: z.boolean(),
  /** 'Active' or 'Invited' (an invitation, by address only, until its invitee accepts it). */
  status: z.enum(['Active', 'Invited']),
  invitedAt: z.string().nullable(),
});
export type OrgUser = z.infer<typeof orgUserSchema>;

/**
 * POST /crm/v1/orgs/{orgId}/users/list: the Users table's columns. `user` is the user cell
 * ('First Last <email>', or 'Pending user activation'); `status` as shown: Invited, Owner (an
 * active owner) or Active.
 */
export const orgUserColumns = defineListColumns({
  ...personColumns,
  status: { kind: 'select', values: ['Active', 'Invited', 'Owner'] },
  isOrgAdmin: { kind: 'boolean' },
  isBusinessManager: { kind: 'boolean' },
  isSubManager: { kind: 'boolean' },
  isDeveloper: { kind: 'boolean' },
  isTechSupport: { kind: 'boolean' },
  invitedAt: { kind: 'date' },
});
/** `status` (older than `filters`): the membership, Active (owners included) or Invited. */
export const orgUserList = listContract(orgUserColumns, {
  status: z.enum(['Active', 'Invited']).optional(),
});
export const orgUsersListRequestSchema = orgUserList.request;
/** POST .../users/bulk/resend-invitation: a selection of the users list. */
export const bulkResendInvitationsSchema = orgUserList.bulk({});

/** POST /crm/v1/orgs/{orgId}/users/invite */
export const inviteUserSchema = memberFlagsSchema.extend({ email: emailSchema });
export type InviteUser = z.input<typeof inviteUserSchema>;

/** PUT /crm/v1/orgs/{orgId}/users/{id} */
export const updateMemberSchema = memberFlagsSchema;

/** A row of POST /crm/v1/admin/users/list (sysadmin): every user with their organisations. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  isSysadmin: z.boolean(),
  status: z.enum(['Active', 'Pending']),
  orgs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Organisation names joined with ', ' (the orgName column). */
  orgName: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /crm/v1/admin/users/list (All Users, sysadmin): the table's columns. */
export const adminUserColumns = defineListColumns({
  ...personColumns,
  status: { kind: 'select', values: ['Active', 'Pending'] },
  isSysadmin: { kind: 'boolean' },
  /** The organisations' names joined with ', '. */
  orgName: { kind: 'text' },
});
export const adminUserList = listContract(adminUserColumns);

/** GET users/getavatars?userIds=1&userIds=2 or POST { userIds }. */
export const avatarsQuerySchema = z.object({
  userIds: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(idSchema).max(1000),
  ),
});
export const avatarsBodySchema = z.object({ userIds: z.array(idSchema).max(1000) });
