import { z } from 'zod';
import { bodyIdSchema, customDataRecordSchema } from '../common';
import { MAX_TAG_LENGTH, maxLengthMessage } from '../limits';
import { defineListColumns, listContract } from '../lists';

export const offeringTypeSchema = z.enum(['product', 'service']);
export const featureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  defaultValue: z.boolean(),
});
export type Feature = z.infer<typeof featureSchema>;

/**
 * SPEC §6: tags are lowercased, without semicolons, at most 30 characters. A longer tag is
 * refused with a field error, not cut (issue 17).
 */
export const tagSchema = z
  .string()
  .max(100, maxLengthMessage(MAX_TAG_LENGTH))
  .transform((s) => s.toLowerCase().replace(/;/g, '').trim())
  .pipe(z.string().min(1).max(MAX_TAG_LENGTH, maxLengthMessage(MAX_TAG_LENGTH)));

export const offeringSchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  type: offeringTypeSchema,
  name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  features: z.array(featureSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const offeringDetailSchema = offeringSchema.extend({
  customData: z.array(customDataRecordSchema),
});
export type OfferingDetail = z.infer<typeof offeringDetailSchema>;

/**
 * POST /crm/v1/orgs/{orgId}/offerings/list: the Offerings table's columns. `type` as shown
 * (Product, Service); `tags` the tags joined with ', '; `featureCount` the number of features.
 */
export const offeringColumns = defineListColumns({
  id: { kind: 'number' },
  name: { kind: 'text' },
  type: { kind: 'select', values: ['Product', 'Service'] },
  description: { kind: 'text' },
  tags: { kind: 'text' },
  featureCount: { kind: 'number' },
  createdAt: { kind: 'date' },
  updatedAt: { kind: 'date' },
});
/** `type` (older than `filters`): the offering type, product or service. */
export const offeringList = listContract(offeringColumns, { type: offeringTypeSchema.optional() });
export const offeringListRequestSchema = offeringList.request;

/** A feature's name is at most this long (the offering form's features editor reads it). */
export const MAX_FEATURE_NAME_LENGTH = 100;

const featureInputSchema = z.object({
  /** Present to keep (and rename) an existing feature; absent to add one. */
  id: bodyIdSchema.optional(),
  name: z.string().trim().min(1, 'Mandatory field').max(MAX_FEATURE_NAME_LENGTH),
  defaultValue: z.boolean().default(false),
});

/** POST /crm/v1/orgs/{orgId}/offerings and PUT .../offerings/{id}. Features missing from the list are removed. */
export const offeringInputSchema = z.object({
  type: offeringTypeSchema,
  name: z.string().trim().min(1, 'Mandatory field').max(200),
  description: z.string().max(4000).nullable().optional(),
  tags: z.array(tagSchema).max(50).default([]),
  features: z.array(featureInputSchema).max(100).default([]),
});
export type OfferingInput = z.input<typeof offeringInputSchema>;
