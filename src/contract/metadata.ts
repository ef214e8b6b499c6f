import { z } from 'zod';
import { orgFlagNames, userFlagNames } from './flags';

export * from './flags';

export const sitePermissionsSchema = z.object({
  isSiteAdmin: z.boolean(),
  isSiteUser: z.boolean(),
});
export type SitePermissions = z.infer<typeof sitePermissionsSchema>;

const flags = <const K extends readonly string[]>(names: K) =>
  z.object(
    Object.fromEntries(names.map((n) => [n, z.boolean()])) as Record<K[number], z.ZodBoolean>,
  );

export const siteSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subscriptionId: z.number().int().nullable(),
  subscriptionSubscriberOrgId: z.number().int().nullable(),
  permissions: sitePermissionsSchema,
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

export const metadataOrgSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** data:image/...;base64,... or null when includeOrgAvatars=false or none is set. */
  avatar_Base64: z.string().nullable(),
  /** A JSON string; the portal parses it (SPEC §3), falling back to {} on failure. */
  customData: z.string().nullable(),
  sites: z.array(siteSummarySchema),
  permissions: flags(orgFlagNames),
});
export type MetadataOrg = z.infer<typeof metadataOrgSchema>;

export const orgAndPermissionsSchema = z.object({
  org: metadataOrgSchema,
  /** The caller's user flags within this organisation (isSysadmin is global). */
  permissions: flags(userFlagNames),
});
export type OrgAndPermissions = z.infer<typeof orgAndPermissionsSchema>;

/** GET Orgs/GetUserMetadata?includeOrgAvatars=true|false (default true), in the envelope's data. */
export const userMetadataSchema = z.object({
  orgsAndPermissions: z.array(orgAndPermissionsSchema),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;

/** GET users/getavatars?userIds=1&userIds=2 (also accepts POST { userIds }). */
export const userAvatarSchema = z.object({
  userId: z.number().int(),
  avatar_Base64: z.string().nullable(),
});
export type UserAvatar = z.infer<typeof userAvatarSchema>;
