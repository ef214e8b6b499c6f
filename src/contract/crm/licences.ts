import { z } from 'zod';
import { bodyIdSchema, dateInputSchema, userRefSchema } from '../common';
import { defineListColumns, listContract } from '../lists';

export const licenceStates = ['Active', 'Suspended', 'Expired'] as const;
export const licenceStateSchema = z.enum(licenceStates);
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

const licenceColumns = {
  id: { kind: 'number' },
  'product.name': { kind: 'text' },
  'subscription.name': { kind: 'text' },
  /** The state as shown: Expired once the expiry has passed. */
  'state.name': { kind: 'select', values: licenceStates },
  seats: { kind: 'number' },
  expiry: { kind: 'date' },
  issuedAt: { kind: 'date' },
  /** The user cell ('First Last <email>'): who holds the seat. */
  assignedUser: { kind: 'text' },
} as const;
/**
 * `state` (older than `filters`) is the same as filters['state.name'] with one value;
 * `subscriptionId` keeps one subscription's licences (Subscription Details, Service Licences).
 */
const licenceExtras = {
  state: licenceStateSchema.optional(),
  subscriptionId: bodyIdSchema.optional(),
};

/** POST /crm/v1/orgs/{orgId}/issued-licences/list: the Issued Licences table (docs/lists.md). */
export const issuedLicenceColumns = defineListColumns({
  ...licenceColumns,
  'customerOrg.name': { kind: 'text' },
});
export const issuedLicenceList = listContract(issuedLicenceColumns, licenceExtras);

/**
 * POST /crm/v1/orgs/{orgId}/licences/list: the licences the organisation holds. `licence` is the
 * table's licence cell (subscription · product · state), `orgName` the vendor.
 */
export const heldLicenceColumns = defineListColumns({
  ...licenceColumns,
  licence: { kind: 'text' },
  orgName: { kind: 'text' },
});
export const heldLicenceList = listContract(heldLicenceColumns, licenceExtras);
/** The issued licences' list request (the name older code imports). */
export const licenceListRequestSchema = issuedLicenceList.request;

/** POST /crm/v1/orgs/{orgId}/issued-licences: issue a licence of one of the org's offerings. */
export const issueLicenceSchema = z.object({
  customerOrgId: bodyIdSchema,
  offeringId: bodyIdSchema,
  subscriptionId: bodyIdSchema.nullable().optional(),
  seats: z.number().int().positive('Value must be positive').max(100_000),
  expiry: dateInputSchema.nullable().optional(),
});
export type IssueLicence = z.input<typeof issueLicenceSchema>;

/** POST .../issued-licences/{id}/renew: a later expiry than the licence's (else refused). */
export const renewLicenceShape = { expiry: dateInputSchema };
export const renewLicenceSchema = z.object(renewLicenceShape);

/**
 * POST .../issued-licences/bulk/{suspend|reinstate|renew}: a selection of the issued licences
 * list (ids, or all: true with search and filters) and, to renew, the new expiry.
 */
export const bulkSuspendLicencesSchema = issuedLicenceList.bulk({});
export const bulkRenewLicencesSchema = issuedLicenceList.bulk(renewLicenceShape);

/**
 * GET /crm/v1/orgs/{orgId}/issued-licences/summary?from&to: the dashboard's figures of the
 * licences an organisation issued, each counted exactly (one pass over them, at any size): how
 * many show each state, and how many active ones expire between `from` and `to` (calendar days).
 */
export const issuedSummaryQuerySchema = z
  .strictObject({
    from: z.iso.date('Use a date YYYY-MM-DD'),
    to: z.iso.date('Use a date YYYY-MM-DD'),
  })
  .refine((window) => window.from <= window.to, {
    message: 'The window ends before it starts',
    path: ['to'],
  });
export const issuedSummarySchema = z.object({
  byState: z.object({
    Active: z.number().int().nonnegative(),
    Suspended: z.number().int().nonnegative(),
    Expired: z.number().int().nonnegative(),
  }),
  renewalsDue: z.number().int().nonnegative(),
});
export type IssuedSummaryCounts = z.infer<typeof issuedSummarySchema>;
