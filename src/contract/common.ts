import { z } from 'zod';
import { MAX_ATTACHMENT_BYTES } from './limits';

/** Positive integer id as it appears in a path (strings are coerced). */
export const MAX_ID = 2_147_483_647; // Postgres integer
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
/** An id in a JSON body. */
export const bodyIdSchema = z.number().int().positive().max(MAX_ID);

export const orgParamsSchema = z.object({ orgId: idSchema });
export const orgIdParamsSchema = z.object({ orgId: idSchema, id: idSchema });
export const siteParamsSchema = z.object({ orgId: idSchema, siteId: idSchema });
export const siteIdParamsSchema = z.object({ orgId: idSchema, siteId: idSchema, id: idSchema });
export const idParamsSchema = z.object({ id: idSchema });

/** ISO 8601 date-time string, e.g. 2025-01-31T00:00:00.000Z. */
export const dateTimeSchema = z.string();
/** Calendar date YYYY-MM-DD or full ISO date-time (at most 40 characters: fractions are free). */
export const dateInputSchema = z.iso.date().or(z.iso.datetime({ offset: true }).max(40));

/**
 * The base64 text of the largest attachment: 4 characters per 3 bytes, line breaks of MIME's
 * 76-character lines, and a data: URL prefix.
 */
export const MAX_ATTACHMENT_BASE64 =
  Math.ceil((Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4 * 78) / 76) + 256;

/** SPEC §3 attachment: a file name and a base64 blob (optionally a data: URL). */
export const attachmentSchema = z.object({
  fileName: z
    .string()
    .min(1)
    .max(255)
    .refine((s) => !s.includes('\u0000'), 'Invalid file name'),
  base64: z.string().min(1).max(MAX_ATTACHMENT_BASE64, 'File size is too large'),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** SPEC §9 byte limits (defined in ./limits, which the portals read without zod). */
export { MAX_ATTACHMENT_BYTES, MAX_AVATAR_BYTES } from './limits';

export const customDataTypes = [
  'Arbitrary',
  'DatedMessage',
  'EnforceMinimumVersion',
  'DatedIcon',
  'DatedButton',
] as const;

/** SPEC §3 custom data record; data is a JSON string (its type field selects the editor). */
export const customDataRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  executionPriority: z.number().int(),
  data: z.string(),
});
export type CustomDataRecord = z.infer<typeof customDataRecordSchema>;

export const customDataInputSchema = z.object({
  name: z.string().trim().min(1, 'Mandatory field').max(200),
  description: z.string().max(2000).nullable().optional(),
  executionPriority: z.number().int(),
  data: z
    .string()
    .max(1_000_000)
    .refine((s) => {
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    }, 'Must be a JSON string'),
});
export type CustomDataInput = z.infer<typeof customDataInputSchema>;

/** A user as shown in tables (SPEC §3 user values). */
export const userRefSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});
export type UserRef = z.infer<typeof userRefSchema>;

/**
 * The columns every list of people has (docs/lists.md): `user` is the user cell as the tables
 * show it ('First Last <email>', or 'Pending user activation').
 */
export const personColumns = {
  id: { kind: 'number' },
  user: { kind: 'text' },
  email: { kind: 'text' },
  firstName: { kind: 'text' },
  lastName: { kind: 'text' },
} as const;

/** An email address is at most 254 characters (RFC 5321's path limit less the brackets). */
export const MAX_EMAIL_LENGTH = 254;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH)
  .regex(/^[^\s@]+@([^\s@.]+\.)*[^\s@.]+$|^[^\s@]+@\[[0-9a-f:.]+\]$/i, 'Invalid email');

/** Delete/ack answers carry the affected id. */
export const idResultSchema = z.object({ id: z.number().int() });
