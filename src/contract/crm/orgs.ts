import { z } from 'zod';
import { defineListColumns, listContract } from '../lists';

/** Organisation as listed and edited. customData is a JSON string as stored (may be malformed). */
export const organisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  avatar_Base64: z.string().nullable(),
  customData: z.string().nullable(),
  isProductOwnerEnabled: z.boolean(),
  isServiceOwnerEnabled: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** POST /crm/v1/admin/orgs/list (Organizations, sysadmin): the table's columns. */
export const organisationColumns = defineListColumns({
  id: { kind: 'number' },
  name: { kind: 'text' },
  description: { kind: 'text' },
  isProductOwnerEnabled: { kind: 'boolean' },
  isServiceOwnerEnabled: { kind: 'boolean' },
  memberCount: { kind: 'number' },
  createdAt: { kind: 'date' },
});
export const organisationList = listContract(organisationColumns);
export const orgListRequestSchema = organisationList.request;

/** PUT /crm/v1/orgs/{orgId} (org owner): name, description, avatar, customData (JSON string). */
export const updateOrgSchema = z.object({
  name: z.string().trim().min(1, 'Mandatory field').max(200),
  description: z.string().max(2000).nullable().optional(),
  avatar_Base64: z.string().max(1_400_000).nullable().optional(),
  customData: z
    .string()
    .max(100_000)
    .nullable()
    .optional()
    .refine((s) => {
      if (s === null || s === undefined || s === '') return true;
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    }, 'Must be a JSON string'),
});
export type UpdateOrg = z.infer<typeof updateOrgSchema>;

/** PUT /crm/v1/admin/orgs/{orgId} (sysadmin): the organisation's capability flags too. */
export const adminUpdateOrgSchema = updateOrgSchema.extend({
  isProductOwnerEnabled: z.boolean(),
  isServiceOwnerEnabled: z.boolean(),
});
/** POST /crm/v1/admin/orgs (sysadmin). */
export const createOrgSchema = adminUpdateOrgSchema;
