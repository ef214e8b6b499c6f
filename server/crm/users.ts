import {
  adminUserSchema,
  inviteUserSchema,
  orgUserSchema,
  orgUsersListRequestSchema,
  updateMemberSchema,
} from '@/contract/crm/users';
import {
  idResultSchema,
  listRequestSchema,
  orgIdParamsSchema,
  orgParamsSchema,
} from '@/contract/common';
import { pagedResultsSchema } from '@/contract/envelope';
import { defineRoute, org, sysadminOnly, type Services } from '../http/routes';
import { pagedQuery } from '../http/query';
import { badRequest, conflict, forbidden, notFound } from '../http/envelope';
import type { OrgAccess } from '../auth/access';

interface MemberRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  is_org_owner: boolean;
  is_org_admin: boolean;
  is_business_manager: boolean;
  is_sub_manager: boolean;
  is_developer: boolean;
  is_tech_support: boolean;
  status: 'active' | 'invited';
  invited_at: Date | null;
}
const MEMBER_COLUMNS = `u.id, u.first_name, u.last_name, u.email, m.is_org_owner, m.is_org_admin, m.is_business_manager,
  m.is_sub_manager, m.is_developer, m.is_tech_support, m.status, m.invited_at`;
const mapMember = (r: MemberRow) => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  isOrgOwner: r.is_org_owner,
  isOrgAdmin: r.is_org_admin,
  isBusinessManager: r.is_business_manager,
  isSubManager: r.is_sub_manager,
  isDeveloper: r.is_developer,
  isTechSupport: r.is_tech_support,
  status: r.status === 'active' ? ('Active' as const) : ('Invited' as const),
  invitedAt: r.invited_at ? r.invited_at.toISOString() : null,
});

/** Only org admins may grant or revoke org admin; sub managers manage the other flags. */
function checkFlagChange(caller: OrgAccess, wantsAdmin: boolean, hadAdmin: boolean) {
  if (wantsAdmin !== hadAdmin && !caller.userPermissions.isOrgAdmin) {
    throw forbidden('Only organisation admins may change the org admin flag');
  }
}

export const userRoutes = ({ db }: Services) => {
  const member = async (orgId: number, userId: number) => {
    const [row] = await db.query<MemberRow>(
      `select ${MEMBER_COLUMNS} from org_members m join users u on u.id = m.user_id where m.org_id = $1 and m.user_id = $2`,
      [orgId, userId],
    );
    if (!row) throw notFound('User');
    return row;
  };
  return [
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/users/list',
      access: org('isOrgAdmin', 'isSubManager', 'isDeveloper'),
      summary: "The organisation's users and invitations",
      params: orgParamsSchema,
      body: orgUsersListRequestSchema,
      response: pagedResultsSchema(orgUserSchema),
      handler: async ({ params, body }) =>
        pagedQuery(
          db,
          {
            columns: MEMBER_COLUMNS,
            from: 'org_members m join users u on u.id = m.user_id',
            where: [
              'm.org_id = $1',
              ...(body.status
                ? [`m.status = '${body.status === 'Active' ? 'active' : 'invited'}'`]
                : []),
            ],
            params: [params.orgId],
            defaultSort: 'u.id',
            sortable: {
              id: 'u.id',
              email: 'u.email',
              firstName: 'u.first_name',
              lastName: 'u.last_name',
              status: 'm.status',
            },
            searchable: ['u.email', 'u.first_name', 'u.last_name'],
          },
          body,
          mapMember,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/users/invite',
      access: org('isOrgAdmin', 'isSubManager'),
      summary: 'Invite a user by email with flags (pending until the first sign-in)',
      params: orgParamsSchema,
      body: inviteUserSchema,
      response: orgUserSchema,
      handler: async ({ params, body, org: caller, user }) => {
        checkFlagChange(caller, body.isOrgAdmin, false);
        const userId = await db.transaction(async (tx) => {
          const [u] = await tx.query<{ id: number }>(
            `insert into users (email, status) values ($1, 'pending') on conflict (email) do update set email = excluded.email returning id`,
            [body.email],
          );
          if (!u) throw notFound('User');
          const existing = await tx.query(
            'select 1 from org_members where org_id = $1 and user_id = $2',
            [params.orgId, u.id],
          );
          if (existing.length)
            throw conflict('email', 'This user is already a member or has a pending invitation');
          await tx.query(
            `insert into org_members (org_id, user_id, is_org_admin, is_business_manager, is_sub_manager, is_developer, is_tech_support, status, invited_at, invited_by)
             values ($1, $2, $3, $4, $5, $6, $7, 'invited', now(), $8)`,
            [
              params.orgId,
              u.id,
              body.isOrgAdmin,
              body.isBusinessManager,
              body.isSubManager,
              body.isDeveloper,
              body.isTechSupport,
              user.id,
            ],
          );
          return u.id;
        });
        return mapMember(await member(params.orgId, userId));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/users/:id/resend-invitation',
      access: org('isOrgAdmin', 'isSubManager'),
      summary: 'Resend a pending invitation',
      params: orgIdParamsSchema,
      response: orgUserSchema,
      handler: async ({ params }) => {
        const m = await member(params.orgId, params.id);
        if (m.status !== 'invited')
          throw badRequest('id', 'This user has already accepted the invitation');
        await db.query(
          'update org_members set invited_at = now() where org_id = $1 and user_id = $2',
          [params.orgId, params.id],
        );
        return mapMember(await member(params.orgId, params.id));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/users/:id/invitation',
      access: org('isOrgAdmin', 'isSubManager'),
      summary: 'Revoke a pending invitation',
      params: orgIdParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        const m = await member(params.orgId, params.id);
        if (m.status !== 'invited')
          throw badRequest('id', 'This user has already accepted the invitation');
        await db.query(
          `delete from org_members where org_id = $1 and user_id = $2 and status = 'invited'`,
          [params.orgId, params.id],
        );
        return { id: params.id };
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/users/:id',
      access: org('isOrgAdmin', 'isSubManager'),
      summary: "Change a member's flags (org owner is not changeable here)",
      params: orgIdParamsSchema,
      body: updateMemberSchema,
      response: orgUserSchema,
      handler: async ({ params, body, org: caller }) => {
        const m = await member(params.orgId, params.id);
        checkFlagChange(caller, body.isOrgAdmin, m.is_org_admin);
        await db.query(
          `update org_members set is_org_admin = $3, is_business_manager = $4, is_sub_manager = $5, is_developer = $6, is_tech_support = $7
            where org_id = $1 and user_id = $2`,
          [
            params.orgId,
            params.id,
            body.isOrgAdmin,
            body.isBusinessManager,
            body.isSubManager,
            body.isDeveloper,
            body.isTechSupport,
          ],
        );
        return mapMember(await member(params.orgId, params.id));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/users/:id',
      access: org('isOrgAdmin'),
      summary: 'Remove a member from the organisation (org admin; never the org owner)',
      params: orgIdParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        const m = await member(params.orgId, params.id);
        if (m.is_org_owner) throw badRequest('id', 'The organisation owner cannot be removed');
        await db.transaction(async (tx) => {
          await tx.query(
            'delete from site_members where user_id = $2 and site_id in (select id from sites where org_id = $1)',
            [params.orgId, params.id],
          );
          await tx.query('delete from org_members where org_id = $1 and user_id = $2', [
            params.orgId,
            params.id,
          ]);
        });
        return { id: params.id };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/admin/users/list',
      access: sysadminOnly,
      summary: 'All users with their organisations (sysadmin)',
      body: listRequestSchema,
      response: pagedResultsSchema(adminUserSchema),
      handler: async ({ body }) =>
        pagedQuery<
          {
            id: number;
            first_name: string | null;
            last_name: string | null;
            email: string;
            is_sysadmin: boolean;
            status: string;
            orgs: Array<{ id: number; name: string }> | null;
          },
          unknown
        >(
          db,
          {
            columns: `u.id, u.first_name, u.last_name, u.email, u.is_sysadmin, u.status,
            (select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.id) from org_members m join orgs o on o.id = m.org_id where m.user_id = u.id) as orgs`,
            from: 'users u',
            where: [],
            params: [],
            defaultSort: 'u.id',
            sortable: {
              id: 'u.id',
              email: 'u.email',
              firstName: 'u.first_name',
              lastName: 'u.last_name',
            },
            searchable: [
              'u.email',
              'u.first_name',
              'u.last_name',
              `(select string_agg(o.name, ', ') from org_members m join orgs o on o.id = m.org_id where m.user_id = u.id)`,
            ],
          },
          body,
          (r) => ({
            id: r.id,
            firstName: r.first_name,
            lastName: r.last_name,
            email: r.email,
            isSysadmin: r.is_sysadmin,
            status: r.status === 'active' ? 'Active' : 'Pending',
            orgs: r.orgs ?? [],
            orgName: (r.orgs ?? []).map((o) => o.name).join(', '),
          }),
        ),
    }),
  ];
};
