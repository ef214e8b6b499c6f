import type { Queryable } from '../db/types';
import { defineRoute, signedIn, site, type Services } from '../http/routes';
import { notFound } from '../http/envelope';
import { loadOrgAccess } from '../auth/access';
import { siteParamsSchema } from '@/contract/data/sites';
import {
  dashboardAllQuerySchema,
  dashboardQuerySchema,
  dataDashboardSchema,
  siteDashboardSchema,
  type DataDashboard,
  type MonthCount,
  type SiteDashboard,
} from '@/contract/data/dashboard';
import { blastListColumns, toBlastListItem, type BlastListRow } from './blast-model';
import { memberSitesSql, toIso } from './common';

/** When a blast happened for the charts: fired, else planned, else uploaded. */
const BLAST_WHEN = 'coalesce(b.blasted_at, b.planned_at, b.created_at)';

/** The blast figures of both dashboards, over the blasts `b` of a site (left-joined or not). */
const BLAST_FIGURES = `count(b.id)::int as blasts,
  count(b.id) filter (where b.status = 'fired')::int as fired,
  count(b.id) filter (where b.status = 'planned')::int as planned,
  coalesce(sum(b.hole_count), 0)::int as holes,
  coalesce(sum(b.total_charge), 0)::float8 as total_charge,
  max(b.blasted_at) as last_blast_at`;
interface BlastFigures {
  blasts: number;
  fired: number;
  planned: number;
  holes: number;
  total_charge: number;
  last_blast_at: Date | null;
}

/** The first day of the window's last month (UTC), from YYYY-MM or the current month. */
const endMonthOf = (endMonth: string | undefined) => {
  if (endMonth) return `${endMonth}-01`;
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
};

/** Blasts per month over the 12 months ending with endMonth (oldest first, empty months 0). */
async function blastsPerMonth(
  db: Queryable,
  siteIds: number[],
  endMonth: string | undefined,
): Promise<MonthCount[]> {
  const rows = await db.query<{ month: string; blasts: number; holes: number }>(
    `with months as (
       select (m at time zone 'UTC') as start, ((m + interval '1 month') at time zone 'UTC') as stop,
              to_char(m, 'YYYY-MM') as month
         from generate_series($2::timestamp - interval '11 months', $2::timestamp, interval '1 month') m)
     select months.month, count(b.id)::int as blasts, coalesce(sum(b.hole_count), 0)::int as holes
       from months left join blasts b
         on b.site_id = any($1::int[]) and ${BLAST_WHEN} >= months.start and ${BLAST_WHEN} < months.stop
      group by months.month order by months.month`,
    [siteIds, endMonthOf(endMonth)],
  );
  return rows.map((r) => ({ month: r.month, blasts: r.blasts, holes: r.holes }));
}

export function dashboardRoutes({ db }: Services) {
  return [
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/sites/:siteId/dashboard',
      access: site('site.read'),
      summary: 'Site Dashboard: counts, recent blasts, blasts per month (12 months)',
      params: siteParamsSchema,
      query: dashboardQuerySchema,
      response: siteDashboardSchema,
      handler: async ({ params, query, site: siteAccess }): Promise<SiteDashboard> => {
        const [counts] = await db.query<
          BlastFigures & {
            users: number;
            active_links: number;
            shares: number;
            node_libraries: number;
          }
        >(
          `select ${BLAST_FIGURES},
                  (select count(*)::int from site_members where site_id = $1) as users,
                  (select count(*)::int from blast_links l join blasts x on x.id = l.blast_id
                    where x.site_id = $1 and l.revoked_at is null) as active_links,
                  (select count(*)::int from shared_blasts sb join blasts x on x.id = sb.blast_id
                    where x.site_id = $1) as shares,
                  (select count(*)::int from node_libraries where site_id = $1) as node_libraries
             from blasts b where b.site_id = $1`,
          [params.siteId],
        );
        const recent = await db.query<BlastListRow>(
          `select ${blastListColumns} from blasts b where b.site_id = $1
            order by ${BLAST_WHEN} desc, b.id desc limit 5`,
          [params.siteId],
        );
        return {
          siteId: siteAccess.id,
          siteName: siteAccess.name,
          counts: {
            blasts: counts?.blasts ?? 0,
            fired: counts?.fired ?? 0,
            planned: counts?.planned ?? 0,
            holes: counts?.holes ?? 0,
            totalCharge: Math.round((counts?.total_charge ?? 0) * 10) / 10,
            users: counts?.users ?? 0,
            activeLinks: counts?.active_links ?? 0,
            shares: counts?.shares ?? 0,
            nodeLibraries: counts?.node_libraries ?? 0,
            lastBlastAt: toIso(counts?.last_blast_at ?? null),
          },
          recentBlasts: recent.map(toBlastListItem),
          blastsPerMonth: await blastsPerMonth(db, [params.siteId], query.endMonth),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/dashboard',
      access: signedIn,
      summary: "Data dashboard across the caller's sites (optionally one organisation's)",
      query: dashboardAllQuerySchema,
      response: dataDashboardSchema,
      handler: async ({ query, user }): Promise<DataDashboard> => {
        // The caller's sites by membership; a sysadmin naming a foreign org sees all its sites.
        let sitesSql = memberSitesSql('$1');
        const params: (number | null)[] = [user.id];
        if (query.orgId !== undefined) {
          const access = await loadOrgAccess(db, user, query.orgId);
          if (!access) throw notFound('Organization');
          params.push(query.orgId);
          sitesSql = access.isMember
            ? `select * from (${sitesSql}) v where v.org_id = $2`
            : `select s.id as site_id, s.org_id from sites s where s.org_id = $2 and $1::int > 0`;
        }
        const rows = await db.query<
          BlastFigures & { site_id: number; site_name: string; org_id: number; org_name: string }
        >(
          `select v.site_id, s.name as site_name, s.org_id, o.name as org_name, ${BLAST_FIGURES}
             from (${sitesSql}) v join sites s on s.id = v.site_id join orgs o on o.id = s.org_id
             left join blasts b on b.site_id = s.id
            group by v.site_id, s.name, s.org_id, o.name
            order by o.name, s.name, v.site_id
            limit 1000`,
          params,
        );
        const totalCharge = rows.reduce((sum, r) => sum + Number(r.total_charge), 0);
        return {
          totals: {
            sites: rows.length,
            blasts: rows.reduce((sum, r) => sum + r.blasts, 0),
            holes: rows.reduce((sum, r) => sum + r.holes, 0),
            totalCharge: Math.round(totalCharge * 10) / 10,
          },
          sites: rows.map((r) => ({
            siteId: r.site_id,
            siteName: r.site_name,
            orgId: r.org_id,
            orgName: r.org_name,
            blasts: r.blasts,
            fired: r.fired,
            planned: r.planned,
            holes: r.holes,
            lastBlastAt: toIso(r.last_blast_at),
          })),
          blastsPerMonth: await blastsPerMonth(
            db,
            rows.map((r) => r.site_id),
            query.endMonth,
          ),
        };
      },
    }),
  ];
}
