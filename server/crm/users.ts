import {
  adminUserColumns,
  adminUserList,
  adminUserSchema,
  bulkResendInvitationsSchema,
  inviteUserSchema,
  orgUserColumns,
  orgUserList,
  orgUserSchema,
  updateMemberSchema,
} from '@/contract/crm/users';
import { idResultSchema, orgIdParamsSchema, orgParamsSchema } from '@/contract/common';
import { defineRoute, org, sysadminOnly, type Services } from '../http/routes';
import { personSql, type ListDef, type Scope } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { applyToOne, bulkRoute } from '../http/bulk';
import { resendInvitation } from './invitation-actions';
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

/** The status the Users table shows: Invited, Owner (active) or Active. */
const MEMBER_STATUS = `case when m.status = 'invited' then 'Invited' when m.is_org_owner then 'Owner' else 'Active' end`;
const orgUsersDef: ListDef<typeof orgUserColumns, MemberRow, ReturnType<typeof mapMember>> = {
  columns: orgUserColumns,
  sql: {
    ...personSql('u'),
    status: { sql: MEMBER_STATUS },
    isOrgAdmin: { sql: 'm.is_org_admin' },
    isBusinessManager: { sql: 'm.is_business_manager' },
    isSubManager: { sql: 'm.is_sub_manager' },
    isDeveloper: { sql: 'm.is_developer' },
    isTechSupport: { sql: 'm.is_tech_support' },
    invitedAt: { sql: 'm.invited_at', nullable: true, instant: true },
  },
  from: 'org_members m join users u on u.id = m.user_id',
  key: 'u.id',
  select: MEMBER_COLUMNS,
  map: mapMember,
  defaultSort: { by: 'id' },
};
const orgUsersScope = ({
  params,
  body,
}: ScopeContext<{ orgId: number }, { status?: string }>): Scope => ({
  where: [
    'm.org_id = $1',
    ...(body?.status ? [`m.status = '${body.status === 'Active' ? 'active' : 'invited'}'`] : []),
  ],
  params: [params.orgId],
});

interface AdminUserRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  is_sysadmin: boolean;
  status: string;
  orgs: Array<{ id: number; name: string }> | null;
}
const mapAdminUser = (r: AdminUserRow) => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  isSysadmin: r.is_sysadmin,
  status: r.status === 'active' ? ('Active' as const) : ('Pending' as const),
  orgs: r.orgs ?? [],
  orgName: (r.orgs ?? []).map((o) => o.name).join(', '),
});
const adminUsersDef: ListDef<
  typeof adminUserColumns,
  AdminUserRow,
  ReturnType<typeof mapAdminUser>
> = {
  columns: adminUserColumns,
  sql: {
    ...personSql('u'),
    status: { sql: `case when u.status = 'active' then 'Active' else 'Pending' end` },
    isSysadmin: { sql: 'u.is_sysadmin' },
    orgName: {
      sql: `(select string_agg(o.name, ', ' order by o.id) from org_members m join orgs o on o.id = m.org_id where m.user_id = u.id)`,
      nullable: true,
    },
  },
  from: 'users u',
  key: 'u.id',
  select: `u.id, u.first_name, u.last_name, u.email, u.is_sysadmin, u.status,
    (select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.id) from org_members m join orgs o on o.id = m.org_id where m.user_id = u.id) as orgs`,
  map: mapAdminUser,
  defaultSort: { by: 'id' },
};

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
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/users',
        access: org('isOrgAdmin', 'isSubManager', 'isDeveloper'),
        summary: "The organisation's users and invitations",
        params: orgParamsSchema,
        request: orgUserList.request,
        selection: orgUserList.selection,
        row: orgUserSchema,
        def: orgUsersDef,
        scope: orgUsersScope,
        fileName: 'users',
      },
    ),
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
      handler: async ({ params, user }) => {
        await applyToOne(
          db,
          resendInvitation,
          { orgId: params.orgId, actorUserId: user.id },
          undefined,
          params.id,
        );
        return mapMember(await member(params.orgId, params.id));
      },
    }),
    bulkRoute(
      { db },
      {
        url: '/orgs/:orgId/users/bulk/resend-invitation',
        access: org('isOrgAdmin', 'isSubManager'),
        summary: 'Resend the pending invitations of the selected users (ids, or all matching)',
        params: orgParamsSchema,
        body: bulkResendInvitationsSchema,
        list: orgUsersDef as ListDef<typeof orgUserColumns, unknown, unknown>,
        scope: orgUsersScope,
        action: resendInvitation,
        input: () => undefined,
      },
    ),
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
    ...listRoutes(
      { db },
      {
        base: '/admin/users',
        access: sysadminOnly,
        summary: 'All users with their organisations (sysadmin)',
        request: adminUserList.request,
        selection: adminUserList.selection,
        row: adminUserSchema,
        def: adminUsersDef,
        scope: () => ({ where: [], params: [] }),
        fileName: 'all-users',
      },
    ),
  ];
};
