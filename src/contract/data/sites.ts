import { z } from 'zod';
import { MAX_DB_ID, bodyIdSchema, dataIdSchema } from './ids';
import { dateTimeSchema } from '../common';
import { MAX_PAGE_SIZE, pagedResultsSchema } from '../envelope';
import { defineListColumns, listContract } from '../lists';
import { sitePermissionsSchema } from '../metadata';

/** Path parameters of organisation-scoped data routes. */
export const orgParamsSchema = z.object({ orgId: dataIdSchema });
/** Path parameters of every site-scoped data route. */
export const siteParamsSchema = z.object({ orgId: dataIdSchema, siteId: dataIdSchema });

/**
 * POST /data/v1/orgs/{orgId}/sites/list and POST /data/v1/admin/sites/list: the Site Admin
 * table's columns (docs/lists.md).
 */
export const siteColumns = defineListColumns({
  id: { kind: 'number' },
  name: { kind: 'text' },
  orgName: { kind: 'text' },
  description: { kind: 'text' },
  location: { kind: 'text' },
  subscriptionName: { kind: 'text' },
  userCount: { kind: 'number' },
  blastCount: { kind: 'number' },
  createdAt: { kind: 'date' },
});
export const siteList = listContract(siteColumns);
export const siteListRequestSchema = siteList.request;

/** SPEC §3 Site plus the fields the Site Admin screens show. */
export const siteSchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  subscriptionId: z.number().int().nullable(),
  subscriptionName: z.string().nullable(),
  /** The organisation that holds the subscription (derived; never sent by the client). */
  subscriptionSubscriberOrgId: z.number().int().nullable(),
  /** The caller's own flags on this site (site admin / site user). */
  permissions: sitePermissionsSchema,
  userCount: z.number().int(),
  blastCount: z.number().int(),
  createdAt: dateTimeSchema,
});
export type Site = z.infer<typeof siteSchema>;
export const sitePageSchema = pagedResultsSchema(siteSchema);

/**
 * POST /orgs/{orgId}/sites (create) and PUT /orgs/{orgId}/sites/{siteId} (edit). On edit an
 * omitted description, location or subscriptionId keeps the current value; null clears it.
 */
export const siteInputSchema = z.object({
  name: z.string().trim().min(1, 'Mandatory field').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  location: z.string().trim().max(200).nullable().optional(),
  /** A subscription held by the organisation (subscriber), or null for none. */
  subscriptionId: bodyIdSchema.nullable().optional(),
});
export type SiteInput = z.input<typeof siteInputSchema>;

/**
 * One page of a choice searched on the server (GET my-sites, GET orgs/{orgId}/site-subscriptions):
 * the rows whose texts contain `search` (case-insensitive, literal), `skip` and `take` (at most
 * MAX_PAGE_SIZE), answered as SPEC §3 paged results with the true total (issue 16).
 */
export const pickerPageQuerySchema = z.object({
  search: z.string().max(200).optional(),
  skip: z.coerce.number().int().min(0).max(MAX_DB_ID).optional(),
  take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type PickerPageQuery = z.input<typeof pickerPageQuerySchema>;

/** GET /orgs/{orgId}/site-subscriptions: the subscriptions a site may use (Site Admin picker). */
export const siteSubscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  vendorOrgName: z.string(),
  endDate: z.string().nullable(),
  isDisabled: z.boolean(),
});
export type SiteSubscription = z.infer<typeof siteSubscriptionSchema>;
export const siteSubscriptionPageSchema = pagedResultsSchema(siteSubscriptionSchema);
