import { z } from 'zod';
import { emailSchema, idSchema, listRequestSchema } from '../common';

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

export const orgUsersListRequestSchema = listRequestSchema.extend({
  status: z.enum(['Active', 'Invited']).optional(),
});

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

/** GET users/getavatars?userIds=1&userIds=2 or POST { userIds }. */
export const avatarsQuerySchema = z.object({
  userIds: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(idSchema).max(1000),
  ),
});
export const avatarsBodySchema = z.object({ userIds: z.array(idSchema).max(1000) });
