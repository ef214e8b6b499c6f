import { z } from 'zod';
import { dataIdSchema } from './ids';
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

/** GET /dashboard: across the caller's sites. */
export const dataDashboardSchema = z.object({
  totals: z.object({
    sites: z.number().int(),
    blasts: z.number().int(),
    holes: z.number().int(),
    totalCharge: z.number(),
  }),
  sites: z.array(
    z.object({
      siteId: z.number().int(),
      siteName: z.string(),
      orgId: z.number().int(),
      orgName: z.string(),
      blasts: z.number().int(),
      fired: z.number().int(),
      planned: z.number().int(),
      holes: z.number().int(),
      lastBlastAt: z.string().nullable(),
    }),
  ),
  blastsPerMonth: z.array(monthCountSchema),
});
export type DataDashboard = z.infer<typeof dataDashboardSchema>;
