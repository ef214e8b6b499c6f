import { z } from 'zod';
import { bodyIdSchema, dateInputSchema, listRequestSchema, userRefSchema } from '../common';

export const licenceStateSchema = z.enum(['Active', 'Suspended', 'Expired']);
const named = z.object({ id: z.number().int(), name: z.string() });

/** SPEC §3 licence values: subscription.name, product.name, state.name. */
export const licenceSchema = z.object({
  id: z.number().int(),
  subscription: named.nullable(),
  product: named,
  state: z.object({ name: licenceStateSchema }),
  seats: z.number().int(),
  /** YYYY-MM-DD or null (no expiry). */
  expiry: z.string().nullable(),
  vendorOrg: named,
  customerOrg: named,
  assignedUser: userRefSchema.nullable(),
  issuedAt: z.string(),
  /** Organisation name column (the customer for issued licences, the vendor for own licences). */
  orgName: z.string(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const licenceListRequestSchema = listRequestSchema.extend({
  state: licenceStateSchema.optional(),
});

/** POST /crm/v1/orgs/{orgId}/issued-licences: issue a licence of one of the org's offerings. */
export const issueLicenceSchema = z.object({
  customerOrgId: bodyIdSchema,
  offeringId: bodyIdSchema,
  subscriptionId: bodyIdSchema.nullable().optional(),
  seats: z.number().int().positive('Value must be positive').max(100_000),
  expiry: dateInputSchema.nullable().optional(),
});
export type IssueLicence = z.input<typeof issueLicenceSchema>;

/** POST .../issued-licences/{id}/renew */
export const renewLicenceSchema = z.object({ expiry: dateInputSchema });
