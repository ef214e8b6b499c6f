import { z } from 'zod';
import { bodyIdSchema, dataIdSchema } from './ids';
import { pagedResultsSchema } from '../envelope';
import { dateTimeSchema, emailSchema, userRefSchema } from '../common';
import { defineListColumns, listContract } from '../lists';

export const shareParamsSchema = z.object({ shareId: dataIdSchema });

/**
 * POST /orgs/{orgId}/sites/{siteId}/blasts/{blastId}/shares: share with a user (by email) or
 * with an organisation (by id): exactly one of the two.
 */
export const createShareSchema = z
  .object({
    email: emailSchema.optional(),
    orgId: bodyIdSchema.optional(),
  })
  .refine((v) => (v.email === undefined) !== (v.orgId === undefined), {
    message: 'Give either a user email or an organization',
    path: ['email'],
  });
export type CreateShare = z.input<typeof createShareSchema>;

/**
 * A share with a person is shown by the address it was sent to (whether or not it has an
 * account: no account, id or name of another organisation's user is ever answered).
 */
export const shareTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), email: z.string() }),
  z.object({ kind: z.literal('org'), orgId: z.number().int(), orgName: z.string() }),
]);
export type ShareTarget = z.infer<typeof shareTargetSchema>;

/** One share of a blast (Blast Details' sharing list). */
export const blastShareSchema = z.object({
  id: z.number().int(),
  blastId: z.number().int(),
  sharedBy: userRefSchema.nullable(),
  sharedAt: dateTimeSchema,
  target: shareTargetSchema,
});
export type BlastShare = z.infer<typeof blastShareSchema>;

export const shareKinds = ['User', 'Organization'] as const;
/**
 * POST /orgs/{orgId}/sites/{siteId}/blasts/{blastId}/shares/list: who one blast is shared with,
 * newest first. `target` is the address or the organisation's name, `sharedBy` the user cell.
 */
export const blastShareColumns = defineListColumns({
  id: { kind: 'number' },
  target: { kind: 'text' },
  kind: { kind: 'select', values: shareKinds },
  sharedBy: { kind: 'text' },
  sharedAt: { kind: 'date' },
});
export const blastShareList = listContract(blastShareColumns);

/**
 * POST /shared-blasts/list: blasts shared with the caller or any of the caller's organisations.
 * `sharedBy` is the user cell; `sharedWith` 'You' for a share to the caller, else the
 * organisation's name.
 */
export const sharedBlastColumns = defineListColumns({
  shareId: { kind: 'number' },
  blastName: { kind: 'text' },
  siteName: { kind: 'text' },
  orgName: { kind: 'text' },
  sharedBy: { kind: 'text' },
  sharedAt: { kind: 'date' },
  sharedWith: { kind: 'text' },
});
export const sharedBlastList = listContract(sharedBlastColumns);
export const sharedBlastListRequestSchema = sharedBlastList.request;

export const sharedBlastSchema = z.object({
  shareId: z.number().int(),
  blastId: z.number().int(),
  blastName: z.string(),
  siteName: z.string(),
  orgName: z.string(),
  sharedBy: userRefSchema.nullable(),
  sharedAt: dateTimeSchema,
  target: shareTargetSchema,
  /** The caller shared it or administers the source organisation: may unshare. */
  canUnshare: z.boolean(),
});
export type SharedBlast = z.infer<typeof sharedBlastSchema>;
export const sharedBlastPageSchema = pagedResultsSchema(sharedBlastSchema);

/** GET /orgs/{orgId}/sites/{siteId}/share-targets?search=…: organisations to share with. */
export const shareTargetsQuerySchema = z.object({
  search: z.string().trim().min(2, 'Type at least 2 characters').max(100),
});
export const shareTargetOrgSchema = z.object({ id: z.number().int(), name: z.string() });
export type ShareTargetOrg = z.infer<typeof shareTargetOrgSchema>;
/** The first organisations found (by name), and how many match in all. */
export const shareTargetsSchema = z.object({
  results: z.array(shareTargetOrgSchema),
  total: z.number().int().nonnegative(),
});
export type ShareTargets = z.infer<typeof shareTargetsSchema>;
/** At most this many organisations are answered (a picker, not a directory). */
export const MAX_SHARE_TARGETS = 20;
