import { z } from 'zod';
import {
  userMetadataSchema,
  userAvatarSchema,
  type OrgAndPermissions,
  type SiteSummary,
} from '@/contract/metadata';
import { avatarsBodySchema, avatarsQuerySchema } from '@/contract/crm/users';
import { defineRoute, signedIn, type Services } from '../http/routes';
import { DEFAULT_AVATAR } from '../seed/png';
import type { OrgColumnsRow } from './orgs';

/** An organisation with the caller's flags in it. */
interface Row extends OrgColumnsRow {
  is_org_owner: boolean;
  is_org_admin: boolean;
  is_developer: boolean;
  is_business_manager: boolean;
  is_sub_manager: boolean;
  is_tech_support: boolean;
}
interface SiteRow {
  id: number;
  org_id: number;
  name: string;
  subscription_id: number | null;
  subscriber_org_id: number | null;
  is_site_admin: boolean | null;
  is_site_user: boolean | null;
}

export const metadataRoutes = ({ db }: Services) => [
  defineRoute({
    method: 'GET',
    url: '/Orgs/GetUserMetadata',
    access: signedIn,
    summary: "The caller's organisations with their permissions and visible sites",
    query: z.object({ includeOrgAvatars: z.enum(['true', 'false']).default('true') }),
    response: userMetadataSchema,
    handler: async ({ user, query }) => {
      const withAvatars = query.includeOrgAvatars === 'true';
      const orgs = await db.query<Row>(
        `select o.id, o.name, o.description, case when $2 then o.avatar end as avatar, o.custom_data,
                o.is_product_owner_enabled, o.is_service_owner_enabled, m.is_org_owner, m.is_org_admin,
                m.is_developer, m.is_business_manager, m.is_sub_manager, m.is_tech_support
           from org_members m join orgs o on o.id = m.org_id
          where m.user_id = $1 and m.status = 'active' order by o.id`,
        [user.id, withAvatars],
      );
      const sites = await db.query<SiteRow>(
        `select s.id, s.org_id, s.name, s.subscription_id, sub.subscriber_org_id, sm.is_site_admin, sm.is_site_user
           from sites s
           join org_members m on m.org_id = s.org_id and m.user_id = $1 and m.status = 'active'
           left join site_members sm on sm.site_id = s.id and sm.user_id = $1
           left join subscriptions sub on sub.id = s.subscription_id
          where m.is_org_admin or m.is_sub_manager or sm.user_id is not null
          order by s.id`,
        [user.id],
      );
      const orgsAndPermissions: OrgAndPermissions[] = orgs.map((o) => {
        const orgSites: SiteSummary[] = sites
          .filter((s) => s.org_id === o.id)
          .map((s) => ({
            id: s.id,
            name: s.name,
            subscriptionId: s.subscription_id,
            subscriptionSubscriberOrgId: s.subscriber_org_id,
            permissions: {
              isSiteAdmin: s.is_site_admin === true,
              isSiteUser: s.is_site_user === true,
            },
          }));
        return {
          org: {
            id: o.id,
            name: o.name,
            description: o.description,
            avatar_Base64: o.avatar,
            customData: o.custom_data,
            sites: orgSites,
            permissions: {
              isOrgOwner: o.is_org_owner,
              isOrgAdmin: o.is_org_admin,
              isDeveloper: o.is_developer,
              isBusinessManager: o.is_business_manager,
              isSubManager: o.is_sub_manager,
              isProductOwnerEnabled: o.is_product_owner_enabled,
              isServiceOwnerEnabled: o.is_service_owner_enabled,
            },
          },
          permissions: {
            isSysadmin: user.isSysadmin,
            isOrgAdmin: o.is_org_admin,
            isOrgOwner: o.is_org_owner,
            isBusinessManager: o.is_business_manager,
            isSubManager: o.is_sub_manager,
            isDeveloper: o.is_developer,
            isTechSupport: o.is_tech_support,
            isSiteAdmin: orgSites.some((s) => s.permissions.isSiteAdmin),
            isSiteUser: orgSites.some((s) => s.permissions.isSiteUser),
          },
        };
      });
      return { orgsAndPermissions };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/users/getdefaultavatar',
    access: signedIn,
    summary: 'The default avatar (a data:image/png;base64 string)',
    response: z.string(),
    handler: async () => DEFAULT_AVATAR,
  }),
  defineRoute({
    method: 'GET',
    url: '/users/getavatars',
    access: signedIn,
    summary: 'Avatars of users (null when a user has none); ?userIds=1&userIds=2',
    query: avatarsQuerySchema,
    response: z.array(userAvatarSchema),
    handler: async ({ query }) => avatars(db, query.userIds),
  }),
  defineRoute({
    method: 'POST',
    url: '/users/getavatars',
    access: signedIn,
    summary: 'Avatars of users, ids in the body',
    unaudited: 'reads only: a POST for a list of ids too long for a query string',
    body: avatarsBodySchema,
    response: z.array(userAvatarSchema),
    handler: async ({ body }) => avatars(db, body.userIds),
  }),
];

/** Avatars are shown next to names anywhere (shared blasts, invitations), so any signed-in user may read them. */
async function avatars(db: Services['db'], ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: number; avatar: string | null }>(
    'select id, avatar from users where id = any($1::int[])',
    [ids],
  );
  return rows.map((r) => ({ userId: r.id, avatar_Base64: r.avatar }));
}
