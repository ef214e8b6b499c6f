import { z } from 'zod';
import { dataIdSchema } from './ids';
import { pagedResultsSchema } from '../envelope';
import { emailSchema, personColumns } from '../common';
import { defineListColumns, listContract } from '../lists';

export const siteUserParamsSchema = z.object({
  orgId: dataIdSchema,
  siteId: dataIdSchema,
  userId: dataIdSchema,
});

/**
 * POST /orgs/{orgId}/sites/{siteId}/users/list: the Site Users table's columns. `user` is the
 * user cell ('First Last <email>', or 'Pending user activation'), `status` as shown.
 */
export const siteUserColumns = defineListColumns({
  ...personColumns,
  status: { kind: 'select', values: ['Active', 'Pending'] },
  isSiteAdmin: { kind: 'boolean' },
  isSiteUser: { kind: 'boolean' },
});
export const siteUserList = listContract(siteUserColumns);
export const siteUserListRequestSchema = siteUserList.request;

export const siteUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** 'pending' until the user first signs in (shown as 'Pending user activation'). */
  status: z.enum(['active', 'pending']),
  isSiteAdmin: z.boolean(),
  isSiteUser: z.boolean(),
});
export type SiteUser = z.infer<typeof siteUserSchema>;
export const siteUserPageSchema = pagedResultsSchema(siteUserSchema);

const flagsShape = {
  isSiteAdmin: z.boolean(),
  isSiteUser: z.boolean(),
};
const atLeastOne = (v: { isSiteAdmin: boolean; isSiteUser: boolean }) =>
  v.isSiteAdmin || v.isSiteUser;
const atLeastOneError = {
  message: 'Choose site admin, site user or both',
  path: ['isSiteUser'],
};

/** PUT /orgs/{orgId}/sites/{siteId}/users/{userId}. */
export const siteUserFlagsSchema = z.object(flagsShape).refine(atLeastOne, atLeastOneError);
export type SiteUserFlags = z.infer<typeof siteUserFlagsSchema>;

/** POST /orgs/{orgId}/sites/{siteId}/users: a member of the organisation, by email. */
export const addSiteUserSchema = z
  .object({ email: emailSchema, ...flagsShape })
  .refine(atLeastOne, atLeastOneError);
export type AddSiteUser = z.input<typeof addSiteUserSchema>;
