import type { Queryable, SqlParam } from '../db/types';
import { defineRoute, signedIn, site, type Services } from '../http/routes';
import { notFound } from '../http/envelope';
import type { ListDef } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { loadOrgAccess, type CallerUser } from '../auth/access';
import { siteParamsSchema } from '@/contract/data/sites';
import {
  dashboardAllQuerySchema,
  dashboardQuerySchema,
  dashboardSiteColumns,
  dashboardSiteList,
  dashboardSiteSchema,
  dataDashboardSchema,
  siteDashboardSchema,
  type DashboardSite,
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

/**
 * Blasts per month over the 12 months ending with endMonth (oldest first, empty months 0), over
 * the sites an SQL query selects (`sitesSql`: one column of site ids, its parameters `params`).
 */
async function blastsPerMonth(
  db: Queryable,
  sitesSql: string,
  params: readonly SqlParam[],
  endMonth: string | undefined,
): Promise<MonthCount[]> {
  const end = `$${params.length + 1}`;
  const rows = await db.query<{ month: string; blasts: number; holes: number }>(
    `with months as (
       select (m at time zone 'UTC') as start, ((m + interval '1 month') at time zone 'UTC') as stop,
              to_char(m, 'YYYY-MM') as month
         from generate_series(${end}::timestamp - interval '11 months', ${end}::timestamp, interval '1 month') m)
     select months.month, count(b.id)::int as blasts, coalesce(sum(b.hole_count), 0)::int as holes
       from months left join blasts b
         on b.site_id in (${sitesSql}) and ${BLAST_WHEN} >= months.start and ${BLAST_WHEN} < months.stop
      group by months.month order by months.month`,
    [...params, endMonthOf(endMonth)],
  );
  return rows.map((r) => ({ month: r.month, blasts: r.blasts, holes: r.holes }));
}

/**
 * The ids of the sites the Data dashboard covers ($1 the caller): the caller's sites by
 * membership; with an organisation ($2), those of it, or all of its sites when a sysadmin who
 * is not a member names it (the caller's access to it is checked first: dashboardOrgCheck).
 */
export const dashboardSitesSql = (withOrg: boolean) =>
  withOrg
    ? `select s.id from sites s where s.org_id = $2 and (
         s.id in (select v.site_id from (${memberSitesSql('$1')}) v)
         or not exists (select 1 from org_members m
                         where m.org_id = $2 and m.user_id = $1 and m.status = 'active'))`
    : `select v.site_id from (${memberSitesSql('$1')}) v`;

/** An organisation named by the dashboard must be one the caller may see (404 otherwise). */
async function dashboardOrgCheck(db: Queryable, user: CallerUser, orgId: number | undefined) {
  if (orgId === undefined) return;
  if (!(await loadOrgAccess(db, user, orgId))) throw notFound('Organization');
}

interface DashboardSiteRow {
  site_id: number;
  site_name: string;
  org_id: number;
  org_name: string;
  blasts: number;
  fired: number;
  planned: number;
  holes: number;
  last_blast_at: Date | null;
}

const blastsOf = (filter = '') =>
  `(select count(*)::int from blasts b where b.site_id = s.id${filter})`;
const DASHBOARD_SITE = {
  blasts: blastsOf(),
  fired: blastsOf(" and b.status = 'fired'"),
  planned: blastsOf(" and b.status = 'planned'"),
  holes: '(select coalesce(sum(b.hole_count), 0)::int from blasts b where b.site_id = s.id)',
  lastBlastAt: '(select max(b.blasted_at) from blasts b where b.site_id = s.id)',
};

/** The Dashboard's table of sites: every column of the contract's table, in SQL. */
const dashboardSitesDef: ListDef<typeof dashboardSiteColumns, DashboardSiteRow, DashboardSite> = {
  columns: dashboardSiteColumns,
  sql: {
    siteName: { sql: 's.name' },
    orgName: { sql: 'o.name' },
    blasts: { sql: DASHBOARD_SITE.blasts },
    fired: { sql: DASHBOARD_SITE.fired },
    planned: { sql: DASHBOARD_SITE.planned },
    holes: { sql: DASHBOARD_SITE.holes },
    lastBlastAt: { sql: DASHBOARD_SITE.lastBlastAt, nullable: true, instant: true },
  },
  from: 'sites s join orgs o on o.id = s.org_id',
  key: 's.id',
  select: `s.id as site_id, s.name as site_name, s.org_id, o.name as org_name,
    ${DASHBOARD_SITE.blasts} as blasts, ${DASHBOARD_SITE.fired} as fired,
    ${DASHBOARD_SITE.planned} as planned, ${DASHBOARD_SITE.holes} as holes,
    ${DASHBOARD_SITE.lastBlastAt} as last_blast_at`,
  map: (r) => ({
    siteId: r.site_id,
    siteName: r.site_name,
    orgId: r.org_id,
    orgName: r.org_name,
    blasts: r.blasts,
    fired: r.fired,
    planned: r.planned,
    holes: r.holes,
    lastBlastAt: toIso(r.last_blast_at),
  }),
  defaultSort: { by: 'siteName' },
};

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
                  -- The libraries the site's Node Libraries list shows: its own and those of
                  -- the organisation every site shares.
                  (select count(*)::int from node_libraries nl where nl.site_id = $1
                      or (nl.site_id is null
                          and nl.org_id = (select s.org_id from sites s where s.id = $1)))
                    as node_libraries
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
          blastsPerMonth: await blastsPerMonth(db, '$1', [params.siteId], query.endMonth),
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
        await dashboardOrgCheck(db, user, query.orgId);
        const sitesSql = dashboardSitesSql(query.orgId !== undefined);
        const params = query.orgId === undefined ? [user.id] : [user.id, query.orgId];
        // True totals, counted in SQL over every site (issue 16: never over a cut list).
        const [totals] = await db.query<{
          sites: number;
          blasts: number;
          holes: number;
          total_charge: number;
        }>(
          `select (select count(*)::int from (${sitesSql}) v) as sites,
                  count(b.id)::int as blasts, coalesce(sum(b.hole_count), 0)::int as holes,
                  coalesce(sum(b.total_charge), 0)::float8 as total_charge
             from blasts b where b.site_id in (${sitesSql})`,
          params,
        );
        return {
          totals: {
            sites: totals?.sites ?? 0,
            blasts: totals?.blasts ?? 0,
            holes: totals?.holes ?? 0,
            totalCharge: Math.round((totals?.total_charge ?? 0) * 10) / 10,
          },
          blastsPerMonth: await blastsPerMonth(db, sitesSql, params, query.endMonth),
        };
      },
    }),
    ...listRoutes(
      { db },
      {
        base: '/dashboard/sites',
        access: signedIn,
        summary: "Data dashboard: the caller's sites with their blast figures (paged)",
        request: dashboardSiteList.request,
        selection: dashboardSiteList.selection,
        row: dashboardSiteSchema,
        def: dashboardSitesDef,
        check: ({ user, body }: ScopeContext<unknown, { orgId?: number }>) =>
          dashboardOrgCheck(db, user, body?.orgId),
        scope: ({ user, body }: ScopeContext<unknown, { orgId?: number }>) => {
          const orgId = body?.orgId;
          return {
            where: [`s.id in (${dashboardSitesSql(orgId !== undefined)})`],
            params: orgId === undefined ? [user.id] : [user.id, orgId],
          };
        },
        fileName: 'dashboard-sites',
      },
    ),
  ];
}
