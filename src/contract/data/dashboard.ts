import { z } from 'zod';
import { bodyIdSchema, dataIdSchema } from './ids';
import { defineListColumns, listContract } from '../lists';
import { blastListItemSchema } from './blasts';

/** Optional end of the 12-month window (YYYY-MM, default the current month, UTC). */
export const dashboardQuerySchema = z.object({
  endMonth: z
    .string()
    .max(7, 'Use YYYY-MM')
    .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM')
    .optional(),
});
export const dashboardAllQuerySchema = dashboardQuerySchema.extend({
  /** Restrict to one of the caller's organisations. */
  orgId: dataIdSchema.optional(),
});

/** Twelve entries, oldest first; a blast counts in the month it was fired (else planned). */
export const monthCountSchema = z.object({
  month: z.string(),
  blasts: z.number().int(),
  holes: z.number().int(),
});
export type MonthCount = z.infer<typeof monthCountSchema>;

export const siteCountsSchema = z.object({
  blasts: z.number().int(),
  fired: z.number().int(),
  planned: z.number().int(),
  holes: z.number().int(),
  totalCharge: z.number(),
  users: z.number().int(),
  activeLinks: z.number().int(),
  shares: z.number().int(),
  nodeLibraries: z.number().int(),
  lastBlastAt: z.string().nullable(),
});

/** GET /orgs/{orgId}/sites/{siteId}/dashboard. */
export const siteDashboardSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  counts: siteCountsSchema,
  recentBlasts: z.array(blastListItemSchema),
  blastsPerMonth: z.array(monthCountSchema),
});
export type SiteDashboard = z.infer<typeof siteDashboardSchema>;

/** GET /dashboard: across the caller's sites; the totals are of every one of them (issue 16). */
export const dataDashboardSchema = z.object({
  totals: z.object({
    sites: z.number().int(),
    blasts: z.number().int(),
    holes: z.number().int(),
    totalCharge: z.number(),
  }),
  blastsPerMonth: z.array(monthCountSchema),
});
export type DataDashboard = z.infer<typeof dataDashboardSchema>;

/** One row of the Dashboard's table of sites: the site and its blast figures. */
export const dashboardSiteSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  blasts: z.number().int(),
  fired: z.number().int(),
  planned: z.number().int(),
  holes: z.number().int(),
  lastBlastAt: z.string().nullable(),
});
export type DashboardSite = z.infer<typeof dashboardSiteSchema>;

/**
 * POST /data/v1/dashboard/sites/list (and /export): the caller's sites with their figures, paged
 * on the server however many there are (docs/lists.md). `orgId` restricts them as on GET /dashboard.
 */
export const dashboardSiteColumns = defineListColumns({
  siteName: { kind: 'text' },
  orgName: { kind: 'text' },
  blasts: { kind: 'number' },
  fired: { kind: 'number' },
  planned: { kind: 'number' },
  holes: { kind: 'number' },
  lastBlastAt: { kind: 'date' },
});
export const dashboardSiteList = listContract(dashboardSiteColumns, {
  orgId: bodyIdSchema.optional(),
});
