import { z } from 'zod';
import { blastDateSchema, dataIdSchema } from './ids';
import { pagedResultsSchema } from '../envelope';
import { attachmentSchema, dateTimeSchema, userRefSchema } from '../common';
import { defineListColumns, listContract } from '../lists';

/** A blast is planned (not yet fired) or fired. */
export const blastStatuses = ['planned', 'fired'] as const;
export const blastStatusSchema = z.enum(blastStatuses);
export type BlastStatus = z.infer<typeof blastStatusSchema>;

/** SPEC §3: blast files use the extension .blst. */
export const BLAST_FILE_EXTENSION = '.blst';
/** The server's refusal of a file without the .blst extension. */
export const BLAST_FILE_TYPE_MESSAGE = 'Only .blst files can be uploaded';
/** The first line of every .blst file: its magic and format version. */
export const BLST_FIRST_LINE = 'BLST 1';
/** Why a file whose first line is another is no .blst file (the server's parser says it). */
export const BLST_FIRST_LINE_PROBLEM = `the first line must be "${BLST_FIRST_LINE}"`;
/** The server's refusal of a file that does not parse as .blst, with the parser's reason. */
export const invalidBlstMessage = (reason: string) => `Not a valid .blst file: ${reason}`;
/** A blast's name is at most this long, typed or taken from its file. */
export const MAX_BLAST_NAME_LENGTH = 200;

export const blastParamsSchema = z.object({
  orgId: dataIdSchema,
  siteId: dataIdSchema,
  blastId: dataIdSchema,
});
export const blastIdParamsSchema = z.object({ blastId: dataIdSchema });

/**
 * POST /orgs/{orgId}/sites/{siteId}/blasts/list: the Blasts table's columns. `status` as shown
 * (Fired, Planned); `date` the table's date cell: when it was fired, or when a planned blast is
 * planned for (the default order: most recent first, undated planned blasts last).
 */
export const blastColumns = defineListColumns({
  id: { kind: 'number' },
  name: { kind: 'text' },
  description: { kind: 'text' },
  status: { kind: 'select', values: ['Fired', 'Planned'] },
  date: { kind: 'date' },
  firedAt: { kind: 'date' },
  plannedAt: { kind: 'date' },
  holeCount: { kind: 'number' },
  totalCharge: { kind: 'number' },
  fileName: { kind: 'text' },
  fileSize: { kind: 'number' },
  updatedAt: { kind: 'date' },
});
/** `status` (older than `filters`): planned or fired. */
export const blastList = listContract(blastColumns, { status: blastStatusSchema.optional() });
export const blastListRequestSchema = blastList.request;

/** One row of the blasts table. Charges in kg, sizes in bytes. */
export const blastListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: blastStatusSchema,
  firedAt: dateTimeSchema.nullable(),
  plannedAt: dateTimeSchema.nullable(),
  holeCount: z.number().int(),
  totalCharge: z.number(),
  fileName: z.string(),
  fileSize: z.number().int(),
  updatedAt: dateTimeSchema,
});
export type BlastListItem = z.infer<typeof blastListItemSchema>;
export const blastPageSchema = pagedResultsSchema(blastListItemSchema);

/** Blast Details. */
export const blastSchema = blastListItemSchema.extend({
  orgId: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  createdBy: userRefSchema.nullable(),
  createdAt: dateTimeSchema,
});
export type Blast = z.infer<typeof blastSchema>;

/** What an anonymous link may see: the blast alone, no ids, organisation, site or people. */
export const publicBlastSchema = blastListItemSchema.omit({ id: true });
export type PublicBlast = z.infer<typeof publicBlastSchema>;

const metadataShape = {
  name: z.string().trim().min(1, 'Mandatory field').max(MAX_BLAST_NAME_LENGTH),
  description: z.string().trim().max(2000).nullable().optional(),
  status: blastStatusSchema.default('fired'),
  /** When it was fired (fired blasts); defaults to now for a fired blast. */
  firedAt: blastDateSchema.nullable().optional(),
  /** When it is planned for. */
  plannedAt: blastDateSchema.nullable().optional(),
};

const plannedHasNoFiredDate = (v: { status: BlastStatus; firedAt?: string | null | undefined }) =>
  !(v.status === 'planned' && v.firedAt);
const plannedHasNoFiredDateError = {
  message: 'A planned blast has no fired date',
  path: ['firedAt'],
};

/**
 * PUT /orgs/{orgId}/sites/{siteId}/blasts/{blastId}: edit the metadata (not the file). An
 * omitted description, firedAt or plannedAt keeps the current value.
 */
export const blastMetadataSchema = z
  .object(metadataShape)
  .refine(plannedHasNoFiredDate, plannedHasNoFiredDateError);
export type BlastMetadata = z.input<typeof blastMetadataSchema>;

/**
 * POST /orgs/{orgId}/sites/{siteId}/blasts: upload a .blst file as a base64 attachment
 * (SPEC §9: at most 20 MiB decoded). The name defaults to the file's name= header, else its
 * file name.
 */
export const uploadBlastSchema = z
  .object({ ...metadataShape, name: metadataShape.name.optional(), file: attachmentSchema })
  .refine(plannedHasNoFiredDate, plannedHasNoFiredDateError);
export type UploadBlast = z.input<typeof uploadBlastSchema>;

/** GET .../plan: the holes in metres (easting x, northing y), depth in m and charge in kg. */
export const planHoleSchema = z.object({
  id: z.string(),
  x: z.number(),
  y: z.number(),
  depth: z.number(),
  charge: z.number(),
});
export const blastPlanSchema = z.object({
  holes: z.array(planHoleSchema),
  bounds: z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() }),
});
export type BlastPlan = z.infer<typeof blastPlanSchema>;

/** GET /blasts/{blastId}/locate: where the Blast Redirect should go. */
export const blastLocationSchema = z.object({
  orgId: z.number().int(),
  siteId: z.number().int(),
});
export type BlastLocation = z.infer<typeof blastLocationSchema>;

/**
 * What the Blast Viewer shows. downloadPath is relative to the data service base URL
 * (VITE_DATA_API_URL), e.g. 'shared-blasts/12/file'.
 */
export const blastViewSchema = z.object({
  blast: blastSchema,
  orgName: z.string(),
  plan: blastPlanSchema,
  downloadPath: z.string(),
});
export type BlastView = z.infer<typeof blastViewSchema>;
