import type { Queryable } from '../db/types';
import { defineRoute, site, type Services } from '../http/routes';
import { badRequest, conflict, notFound } from '../http/envelope';
import { personSql, type ListDef } from '../http/list';
import { listRoutes } from '../http/list-routes';
import { idResultSchema } from '@/contract/common';
import { siteParamsSchema } from '@/contract/data/sites';
import {
  addSiteUserSchema,
  siteUserColumns,
  siteUserFlagsSchema,
  siteUserList,
  siteUserParamsSchema,
  siteUserSchema,
  type SiteUser,
} from '@/contract/data/site-users';

interface SiteUserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: 'active' | 'pending';
  is_site_admin: boolean;
  is_site_user: boolean;
}

const toSiteUser = (r: SiteUserRow): SiteUser => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  status: r.status,
  isSiteAdmin: r.is_site_admin,
  isSiteUser: r.is_site_user,
});

const columns =
  'u.id, u.email, u.first_name, u.last_name, u.status, sm.is_site_admin, sm.is_site_user';

const siteUsersDef: ListDef<typeof siteUserColumns, SiteUserRow, SiteUser> = {
  columns: siteUserColumns,
  sql: {
    ...personSql('u'),
    status: { sql: `case when u.status = 'pending' then 'Pending' else 'Active' end` },
    isSiteAdmin: { sql: 'sm.is_site_admin' },
    isSiteUser: { sql: 'sm.is_site_user' },
  },
  from: 'site_members sm join users u on u.id = sm.user_id',
  key: 'u.id',
  select: columns,
  map: toSiteUser,
  defaultSort: { by: 'email' },
};

async function loadSiteUser(db: Queryable, siteId: number, userId: number) {
  const [row] = await db.query<SiteUserRow>(
    `select ${columns} from site_members sm join users u on u.id = sm.user_id
      where sm.site_id = $1 and sm.user_id = $2`,
    [siteId, userId],
  );
  if (!row) throw notFound('Site user');
  return toSiteUser(row);
}

export function siteUserRoutes({ db }: Services) {
  return [
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/sites/:siteId/users',
        access: site('siteUsers.read'),
        summary: "The site's users with their site admin / site user flags (paged)",
        params: siteParamsSchema,
        request: siteUserList.request,
        selection: siteUserList.selection,
        row: siteUserSchema,
        def: siteUsersDef,
        scope: ({ params }) => ({ where: ['sm.site_id = $1'], params: [params.siteId] }),
        fileName: 'site-users',
      },
    ),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/sites/:siteId/users',
      access: site('siteUsers.write'),
      summary: 'Add a member of the organisation to the site, by email',
      params: siteParamsSchema,
      body: addSiteUserSchema,
      response: siteUserSchema,
      handler: async ({ params, body }) => {
        const [member] = await db.query<{ id: number; on_site: boolean }>(
          `select u.id, exists(select 1 from site_members sm where sm.site_id = $3 and sm.user_id = u.id) as on_site
             from users u join org_members m on m.user_id = u.id and m.org_id = $2
            where u.email = $1`,
          [body.email, params.orgId, params.siteId],
        );
        if (!member) {
          throw badRequest(
            'email',
            'Only members of the organization can be added to its sites',
            'notMember',
          );
        }
        if (member.on_site) throw conflict('email', 'This user is already a user of the site');
        const inserted = await db.query<{ user_id: number }>(
          `insert into site_members (site_id, user_id, is_site_admin, is_site_user)
           values ($1, $2, $3, $4) on conflict do nothing returning user_id`,
          [params.siteId, member.id, body.isSiteAdmin, body.isSiteUser],
        );
        // A concurrent add of the same user won the race.
        if (inserted.length === 0)
          throw conflict('email', 'This user is already a user of the site');
        return loadSiteUser(db, params.siteId, member.id);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/sites/:siteId/users/:userId',
      access: site('siteUsers.write'),
      summary: "Change a site user's site admin / site user flags",
      params: siteUserParamsSchema,
      body: siteUserFlagsSchema,
      response: siteUserSchema,
      handler: async ({ params, body }) => {
        const rows = await db.query<{ user_id: number }>(
          `update site_members set is_site_admin = $3, is_site_user = $4
            where site_id = $1 and user_id = $2 returning user_id`,
          [params.siteId, params.userId, body.isSiteAdmin, body.isSiteUser],
        );
        if (rows.length === 0) throw notFound('Site user');
        return loadSiteUser(db, params.siteId, params.userId);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/sites/:siteId/users/:userId',
      access: site('siteUsers.write'),
      summary: 'Remove a user from the site',
      params: siteUserParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        const rows = await db.query<{ user_id: number }>(
          'delete from site_members where site_id = $1 and user_id = $2 returning user_id',
          [params.siteId, params.userId],
        );
        if (rows.length === 0) throw notFound('Site user');
        return { id: params.userId };
      },
    }),
  ];
}
