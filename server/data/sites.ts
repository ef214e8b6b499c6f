import type { Queryable } from '../db/types';
import { defineRoute, org, signedIn, site, sysadmin, type Services } from '../http/routes';
import { badRequest, notFound } from '../http/envelope';
import { pagedQuery } from '../http/query';
import type { ListDef } from '../http/list';
import { listRoutes } from '../http/list-routes';
import type { CallerUser } from '../auth/access';
import {
  orgParamsSchema,
  siteColumns as siteListColumns,
  siteInputSchema,
  siteList,
  siteParamsSchema,
  pickerPageQuerySchema,
  sitePageSchema,
  siteSchema,
  siteSubscriptionPageSchema,
  type Site,
  type SiteSubscription,
} from '@/contract/data/sites';
import { toIso } from './common';

interface SiteRow {
  id: number;
  org_id: number;
  org_name: string;
  name: string;
  description: string | null;
  location: string | null;
  subscription_id: number | null;
  subscription_name: string | null;
  subscriber_org_id: number | null;
  is_site_admin: boolean;
  is_site_user: boolean;
  user_count: number;
  blast_count: number;
  created_at: Date;
}

interface SubscriptionRow {
  id: number;
  name: string;
  vendor_org_name: string;
  end_date: string | Date | null;
  is_disabled: boolean;
}

const toSite = (r: SiteRow): Site => ({
  id: r.id,
  orgId: r.org_id,
  orgName: r.org_name,
  name: r.name,
  description: r.description,
  location: r.location,
  subscriptionId: r.subscription_id,
  subscriptionName: r.subscription_name,
  subscriptionSubscriberOrgId: r.subscriber_org_id,
  permissions: { isSiteAdmin: r.is_site_admin, isSiteUser: r.is_site_user },
  userCount: r.user_count,
  blastCount: r.blast_count,
  createdAt: toIso(r.created_at),
});

const USER_COUNT = '(select count(*)::int from site_members x where x.site_id = s.id)';
const BLAST_COUNT = '(select count(*)::int from blasts x where x.site_id = s.id)';
/** The site query; $1 is the caller's id (their own site flags). */
const siteColumns = `s.id, s.org_id, o.name as org_name, s.name, s.description, s.location,
  s.subscription_id, sub.name as subscription_name, sub.subscriber_org_id,
  coalesce(me.is_site_admin, false) as is_site_admin, coalesce(me.is_site_user, false) as is_site_user,
  ${USER_COUNT} as user_count, ${BLAST_COUNT} as blast_count, s.created_at`;
const siteFrom = `sites s join orgs o on o.id = s.org_id
  left join subscriptions sub on sub.id = s.subscription_id
  left join site_members me on me.site_id = s.id and me.user_id = $1`;

/** Site Admin and All Sites: $1 is the caller (their own flags on each site). */
const sitesDef: ListDef<typeof siteListColumns, SiteRow, Site> = {
  columns: siteListColumns,
  sql: {
    id: { sql: 's.id' },
    name: { sql: 's.name' },
    orgName: { sql: 'o.name' },
    description: { sql: 's.description', nullable: true },
    location: { sql: 's.location', nullable: true },
    subscriptionName: { sql: 'sub.name', nullable: true },
    userCount: { sql: USER_COUNT },
    blastCount: { sql: BLAST_COUNT },
    createdAt: { sql: 's.created_at', instant: true },
  },
  from: siteFrom,
  key: 's.id',
  select: siteColumns,
  map: toSite,
  defaultSort: { by: 'name' },
};

export async function loadSite(db: Queryable, user: CallerUser, orgId: number, siteId: number) {
  const [row] = await db.query<SiteRow>(
    `select ${siteColumns} from ${siteFrom} where s.id = $2 and s.org_id = $3`,
    [user.id, siteId, orgId],
  );
  if (!row) throw notFound('Site');
  return toSite(row);
}

/** A subscription the organisation holds (as subscriber), or a 400 on subscriptionId. */
async function checkSubscription(db: Queryable, orgId: number, subscriptionId: number | null) {
  if (subscriptionId === null) return;
  const [row] = await db.query<{ id: number }>(
    'select id from subscriptions where id = $1 and subscriber_org_id = $2',
    [subscriptionId, orgId],
  );
  if (!row) {
    throw badRequest(
      'subscriptionId',
      'Choose a subscription held by this organization',
      'invalidSubscription',
    );
  }
}

export function siteRoutes({ db }: Services) {
  return [
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/sites',
        access: org('sites.read'),
        summary: "Site Admin: the organisation's sites (paged)",
        params: orgParamsSchema,
        request: siteList.request,
        selection: siteList.selection,
        row: siteSchema,
        def: sitesDef,
        scope: ({ params, user }) => ({
          where: ['s.org_id = $2'],
          params: [user.id, params.orgId],
        }),
        fileName: 'sites',
      },
    ),
    ...listRoutes(
      { db },
      {
        base: '/admin/sites',
        access: sysadmin('allSites.read'),
        summary: 'All sites across organisations, with the organisation name (sysadmin)',
        request: siteList.request,
        selection: siteList.selection,
        row: siteSchema,
        def: sitesDef,
        scope: ({ user }) => ({ where: [], params: [user.id] }),
        fileName: 'all-sites',
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/my-sites',
      access: signedIn,
      summary:
        'Every site the caller can open, in all their organisations, with organisation and subscription',
      query: pickerPageQuerySchema,
      response: sitePageSchema,
      // The rule of the user metadata's sites (server/crm/metadata.ts), enforced here: an active
      // member's sites when an org admin or sub manager, otherwise only the sites they belong to.
      // Paged and searched with the true total: a user of many sites finds every one (issue 16).
      handler: async ({ user, query }) =>
        pagedQuery<SiteRow, Site>(
          db,
          {
            columns: siteColumns,
            from: `${siteFrom}
              join org_members m on m.org_id = s.org_id and m.user_id = $1 and m.status = 'active'`,
            where: ['(m.is_org_admin or m.is_sub_manager or me.user_id is not null)'],
            params: [user.id],
            sortable: {},
            defaultSort: 'o.name, s.name',
            searchable: ['s.name', 'o.name', 's.location', 'sub.name'],
          },
          query,
          toSite,
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/sites/:siteId',
      access: site('site.read'),
      summary: 'A site (any user who can see it), with the caller’s site permissions',
      params: siteParamsSchema,
      response: siteSchema,
      handler: async ({ params, user }) => loadSite(db, user, params.orgId, params.siteId),
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/sites',
      access: org('sites.write'),
      summary: 'Create a site (org admin)',
      params: orgParamsSchema,
      body: siteInputSchema,
      response: siteSchema,
      handler: async ({ params, body, user }) => {
        const subscriptionId = body.subscriptionId ?? null;
        await checkSubscription(db, params.orgId, subscriptionId);
        const [row] = await db.query<{ id: number }>(
          `insert into sites (org_id, name, description, location, subscription_id)
           values ($1, $2, $3, $4, $5) returning id`,
          [
            params.orgId,
            body.name,
            body.description || null,
            body.location || null,
            subscriptionId,
          ],
        );
        return loadSite(db, user, params.orgId, row?.id ?? 0);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/sites/:siteId',
      access: site('sites.write'),
      summary: 'Edit a site: name, description, location, subscription (org admin)',
      params: siteParamsSchema,
      body: siteInputSchema,
      response: siteSchema,
      handler: async ({ params, body, user }) => {
        const current = await loadSite(db, user, params.orgId, params.siteId);
        // Omitted subscriptionId keeps the current one; null removes it.
        const subscriptionId =
          body.subscriptionId === undefined ? current.subscriptionId : body.subscriptionId;
        if (subscriptionId !== current.subscriptionId) {
          await checkSubscription(db, params.orgId, subscriptionId);
        }
        await db.query(
          `update sites set name = $3, description = $4, location = $5, subscription_id = $6
            where id = $1 and org_id = $2`,
          [
            params.siteId,
            params.orgId,
            body.name,
            body.description === undefined ? current.description : body.description || null,
            body.location === undefined ? current.location : body.location || null,
            subscriptionId,
          ],
        );
        return loadSite(db, user, params.orgId, params.siteId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/site-subscriptions',
      access: org('sites.write'),
      summary: 'Subscriptions the organisation holds, for a site’s subscription (org admin)',
      params: orgParamsSchema,
      query: pickerPageQuerySchema,
      response: siteSubscriptionPageSchema,
      // A picker's page, searched by name or vendor, with the true total (issue 16).
      handler: async ({ params, query }) =>
        pagedQuery<SubscriptionRow, SiteSubscription>(
          db,
          {
            columns: `sub.id, sub.name, v.name as vendor_org_name, sub.end_date::text as end_date,
              sub.is_disabled`,
            from: 'subscriptions sub join orgs v on v.id = sub.vendor_org_id',
            where: ['sub.subscriber_org_id = $1'],
            params: [params.orgId],
            sortable: {},
            defaultSort: 'sub.name',
            searchable: ['sub.name', 'v.name'],
          },
          query,
          (r) => ({
            id: r.id,
            name: r.name,
            vendorOrgName: r.vendor_org_name,
            endDate: r.end_date === null ? null : String(r.end_date),
            isDisabled: r.is_disabled,
          }),
        ),
    }),
  ];
}
