import { z } from 'zod';
import { bodyIdSchema, attachmentSchema, dateInputSchema } from '../common';
import { defineListColumns, listContract } from '../lists';

const named = z.object({ id: z.number().int(), name: z.string() });

export const subscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  vendorOrg: named,
  subscriberOrg: named,
  offering: named.extend({ type: z.enum(['product', 'service']) }),
  startDate: z.string(),
  endDate: z.string().nullable(),
  seatsAllowed: z.number().int(),
  seatsUsed: z.number().int(),
  includedFeatures: z.array(z.object({ id: z.number().int(), name: z.string() })),
  isDisabled: z.boolean(),
  createdAt: z.string(),
  /** Organisation name column: the subscriber (customer subs) or the vendor (software). */
  orgName: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * A subscription with its attachments. Its licences are a list of their own (any number): the
 * licence lists with `subscriptionId` (issued-licences/list for the vendor, licences/list for
 * the subscriber).
 */
export const subscriptionDetailSchema = subscriptionSchema.extend({
  attachments: z.array(
    z.object({ id: z.number().int(), fileName: z.string(), size: z.number().int() }),
  ),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/** A subscription's status as the tables show it: Disabled by the vendor, Ended, or Active. */
export const subscriptionStatuses = ['Active', 'Ended', 'Disabled'] as const;
const subscriptionColumns = {
  id: { kind: 'number' },
  name: { kind: 'text' },
  'offering.name': { kind: 'text' },
  startDate: { kind: 'date' },
  endDate: { kind: 'date' },
  /** Seats in use (licences assigned to a user). */
  seats: { kind: 'number' },
  seatsAllowed: { kind: 'number' },
  status: { kind: 'select', values: subscriptionStatuses },
  createdAt: { kind: 'date' },
} as const;
/** `includeDisabled: false` leaves out disabled subscriptions (older than filters.status). */
const includeDisabled = { includeDisabled: z.boolean().optional() };
/**
 * Customer Subs only: `subscriberOrgId` keeps one customer's subscriptions and `offeringId` those
 * of one offering (the Issue form's picker: what a licence of that product can belong to).
 */
const customerSubExtras = {
  ...includeDisabled,
  subscriberOrgId: bodyIdSchema.optional(),
  offeringId: bodyIdSchema.optional(),
};
/**
 * POST /crm/v1/orgs/{orgId}/issued-subscriptions/list (Customer Subs): `subscriberOrg.name` is
 * the customer.
 */
export const customerSubColumns = defineListColumns({
  ...subscriptionColumns,
  'subscriberOrg.name': { kind: 'text' },
});
export const customerSubList = listContract(customerSubColumns, customerSubExtras);
/**
 * POST /crm/v1/orgs/{orgId}/my-subscriptions/list (Software): `orgName` is the vendor and
 * `offering.name` reads 'Name (product)' as the table shows it.
 */
export const softwareColumns = defineListColumns({
  ...subscriptionColumns,
  orgName: { kind: 'text' },
});
export const softwareList = listContract(softwareColumns, includeDisabled);
/** The name older code imports. */
export const subscriptionListRequestSchema = customerSubList.request;

/** POST /crm/v1/orgs/{orgId}/issued-subscriptions: one subscription per customer org (MULTI_CREATE). */
export const createSubscriptionSchema = z
  .object({
    subscriberOrgIds: z.array(bodyIdSchema).min(1, 'Mandatory field').max(500),
    offeringId: bodyIdSchema,
    name: z.string().trim().max(200).optional(),
    startDate: dateInputSchema,
    endDate: dateInputSchema.nullable().optional(),
    seatsAllowed: z.number().int().positive('Value must be positive').max(100_000),
    includedFeatureIds: z.array(bodyIdSchema).max(200).default([]),
    attachments: z.array(attachmentSchema).max(20).default([]),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'The end date must not be before the start date',
  });
export type CreateSubscription = z.input<typeof createSubscriptionSchema>;

/** PUT /crm/v1/orgs/{orgId}/issued-subscriptions/{id} */
export const updateSubscriptionSchema = z
  .object({
    name: z.string().trim().min(1, 'Mandatory field').max(200),
    startDate: dateInputSchema,
    endDate: dateInputSchema.nullable().optional(),
    seatsAllowed: z.number().int().positive('Value must be positive').max(100_000),
    includedFeatureIds: z.array(bodyIdSchema).max(200).default([]),
    /** New attachments to add. */
    attachments: z.array(attachmentSchema).max(20).default([]),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'The end date must not be before the start date',
  });
export type UpdateSubscription = z.input<typeof updateSubscriptionSchema>;

/** POST /crm/v1/orgs/{orgId}/my-subscriptions/{id}/licences/{licenceId}/assign */
export const assignLicenceSchema = z.object({ userId: bodyIdSchema.nullable() });
