import { z } from 'zod';
import { dataIdSchema } from './ids';
import { dateTimeSchema, userRefSchema } from '../common';
import { defineListColumns, listContract } from '../lists';
import { blastPlanSchema, blastSchema, publicBlastSchema } from './blasts';

/**
 * Link ids are random, URL-safe (base64url) strings. Any other text is accepted here and
 * answered as an unknown link (404 with LINK_GONE_MESSAGE), so a mangled link reads the same
 * as a revoked one.
 */
export const linkIdSchema = z.string().min(1).max(128);

export const linkParamsSchema = z.object({ linkId: linkIdSchema });
export const blastLinkParamsSchema = z.object({
  orgId: dataIdSchema,
  siteId: dataIdSchema,
  blastId: dataIdSchema,
  linkId: linkIdSchema,
});

/** POST /orgs/{orgId}/sites/{siteId}/blasts/{blastId}/links. */
export const createBlastLinkSchema = z.object({
  /** true: anyone with the link, without signing in; false: signed-in users only. */
  isAnonymous: z.boolean(),
});
export type CreateBlastLink = z.infer<typeof createBlastLinkSchema>;

export const blastLinkSchema = z.object({
  id: z.string(),
  /** The link's order number (the list's key: its id is a secret text). */
  seq: z.number().int(),
  blastId: z.number().int(),
  isAnonymous: z.boolean(),
  createdBy: userRefSchema.nullable(),
  createdAt: dateTimeSchema,
  revokedAt: dateTimeSchema.nullable(),
  isRevoked: z.boolean(),
});
export type BlastLink = z.infer<typeof blastLinkSchema>;

export const linkKinds = ['Anonymous', 'Sign-in'] as const;
export const linkStatuses = ['Live', 'Revoked'] as const;
/**
 * POST /orgs/{orgId}/sites/{siteId}/blasts/{blastId}/links/list: a blast's links, live and
 * revoked, newest first (docs/lists.md). `createdBy` is the user cell.
 */
export const blastLinkColumns = defineListColumns({
  kind: { kind: 'select', values: linkKinds },
  status: { kind: 'select', values: linkStatuses },
  createdBy: { kind: 'text' },
  createdAt: { kind: 'date' },
  revokedAt: { kind: 'date' },
});
export const blastLinkList = listContract(blastLinkColumns);

/** The message of a revoked or unknown link (404). */
export const LINK_GONE_MESSAGE = 'This link has been revoked or does not exist.';

/** GET /blast-links/{linkId} (signed in). */
export const signedInLinkViewSchema = z.object({
  linkId: z.string(),
  isAnonymous: z.boolean(),
  orgId: z.number().int(),
  orgName: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  /** Whether the caller may open the blast's site pages (else show the blast here only). */
  canOpenSite: z.boolean(),
  blast: blastSchema,
  plan: blastPlanSchema,
  downloadPath: z.string(),
});
export type SignedInLinkView = z.infer<typeof signedInLinkViewSchema>;

/** GET /blast-links/anon/{linkId} (anonymous): the blast alone. */
export const anonymousLinkViewSchema = z.object({
  blast: publicBlastSchema,
  plan: blastPlanSchema,
  downloadPath: z.string(),
});
export type AnonymousLinkView = z.infer<typeof anonymousLinkViewSchema>;
