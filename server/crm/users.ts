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
import { defineRoute, org, sysadmin, type Services } from '../http/routes';
import { personSql, type ListDef, type Scope } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { applyToOne, bulkRoute } from '../http/bulk';
import { resendInvitation, sendOrFail } from './invitation-actions';
import { badRequest, conflict, forbidden, notFound } from '../http/envelope';
import { can, type OrgAccess } from '../auth/access';

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
const FLAGS = 'is_org_admin, is_business_manager, is_sub_manager, is_developer, is_tech_support';

/**
 * The organisation's Users list: its members and its open invitations (by email only: an
 * invitation says nothing of any account its address may have; its id is the invitation's, from
 * the users' sequence, so it never equals a member's). $1 is the organisation.
 */
const PEOPLE = `(
  select u.id, u.first_name, u.last_name, u.email, m.is_org_owner, m.${FLAGS.split(', ').join(', m.')},
         'active' as status, m.invited_at
    from org_members m join users u on u.id = m.user_id where m.org_id = $1 and m.status = 'active'
  union all
  select i.id, null, null, i.email, false, i.${FLAGS.split(', ').join(', i.')}, 'invited', i.invited_at
    from invitations i where i.org_id = $1 and i.accepted_at is null
) p`;
const PEOPLE_COLUMNS = `p.id, p.first_name, p.last_name, p.email, p.is_org_owner, p.${FLAGS.split(', ').join(', p.')}, p.status, p.invited_at`;

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
const MEMBER_STATUS = `case when p.status = 'invited' then 'Invited' when p.is_org_owner then 'Owner' else 'Active' end`;
const orgUsersDef: ListDef<typeof orgUserColumns, MemberRow, ReturnType<typeof mapMember>> = {
  columns: orgUserColumns,
  sql: {
    ...personSql('p'),
    status: { sql: MEMBER_STATUS },
    isOrgAdmin: { sql: 'p.is_org_admin' },
    isBusinessManager: { sql: 'p.is_business_manager' },
    isSubManager: { sql: 'p.is_sub_manager' },
    isDeveloper: { sql: 'p.is_developer' },
    isTechSupport: { sql: 'p.is_tech_support' },
    invitedAt: { sql: 'p.invited_at', nullable: true, instant: true },
  },
  from: PEOPLE,
  key: 'p.id',
  select: PEOPLE_COLUMNS,
  map: mapMember,
  defaultSort: { by: 'id' },
};
/** $1 is the organisation (PEOPLE reads it); the Status filter of the old request still works. */
const orgUsersScope = ({
  params,
  body,
}: ScopeContext<{ orgId: number }, { status?: string }>): Scope => ({
  where: body?.status ? [`p.status = '${body.status === 'Active' ? 'active' : 'invited'}'`] : [],
  params: [params.orgId],
});

/**
 * Only who may remove members (org admins) may grant or revoke org admin (the permission
 * table's orgUsers.remove); sub managers manage the other flags.
 */
function checkFlagChange(caller: OrgAccess, wantsAdmin: boolean, hadAdmin: boolean) {
  if (wantsAdmin !== hadAdmin && !can('orgUsers.remove', caller)) {
    throw forbidden('Only organisation admins may change the org admin flag');
  }
}

interface AdminUserRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  is_sysadmin: boolean;
  status: 'active' | 'pending';
  orgs: Array<{ id: number; name: string }> | null;
}
const orgsOf = (where: string) =>
  `(select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.id) from ${where})`;
const orgNamesOf = (where: string) =>
  `(select string_agg(o.name, ', ' order by o.id) from ${where})`;
const MEMBER_ORGS =
  "org_members m join orgs o on o.id = m.org_id where m.user_id = u.id and m.status = 'active'";
const INVITED_ORGS =
  'invitations i2 join orgs o on o.id = i2.org_id where i2.email = i.email and i2.accepted_at is null';
/**
 * The sysadmin's All Users: every account, and every invited address with no account yet
 * ('Pending', with the organisations it is invited to; its id is its first invitation's).
 */
const ADMIN_PEOPLE = `(
  select u.id, u.first_name, u.last_name, u.email, u.is_sysadmin, 'active' as status,
         ${orgsOf(MEMBER_ORGS)} as orgs, ${orgNamesOf(MEMBER_ORGS)} as org_names
    from users u
  union all
  select min(i.id), null, null, i.email, false, 'pending', ${orgsOf(INVITED_ORGS)}, ${orgNamesOf(INVITED_ORGS)}
    from invitations i
   where i.accepted_at is null and not exists (select 1 from users u where u.email = i.email)
   group by i.email
) a`;

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
    ...personSql('a'),
    status: { sql: `case when a.status = 'active' then 'Active' else 'Pending' end` },
    isSysadmin: { sql: 'a.is_sysadmin' },
    orgName: { sql: 'a.org_names', nullable: true },
  },
  from: ADMIN_PEOPLE,
  key: 'a.id',
  select: 'a.id, a.first_name, a.last_name, a.email, a.is_sysadmin, a.status, a.orgs',
  map: mapAdminUser,
  defaultSort: { by: 'id' },
};

export const OWNER_STAYS_ADMIN = 'The organisation owner is always an org admin';

export const userRoutes = (services: Services) => {
  const { db } = services;
  /** A member or an open invitation of the organisation, by its id in the Users list. */
  const person = async (orgId: number, id: number) => {
    const [row] = await db.query<MemberRow>(
      `select ${PEOPLE_COLUMNS} from ${PEOPLE} where p.id = $2`,
      [orgId, id],
    );
    if (!row) throw notFound('User');
    return row;
  };
  const invitation = async (orgId: number, id: number) => {
    const row = await person(orgId, id);
    if (row.status !== 'invited')
      throw badRequest('id', 'This user has already accepted the invitation');
    return row;
  };
  const sent = (invitationId: number) => sendOrFail(services, invitationId);
  const resend = resendInvitation(services);
  return [
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/users',
        access: org('orgUsers.read'),
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
      access: org('orgUsers.write'),
      summary:
        'Invite someone by email with flags: nobody joins until the invitee accepts (the answer is the same whether or not the address has an account)',
      params: orgParamsSchema,
      body: inviteUserSchema,
      response: orgUserSchema,
      handler: async ({ params, body, org: caller, user }) => {
        checkFlagChange(caller, body.isOrgAdmin, false);
        const id = await db.transaction(async (tx) => {
          // A member of this organisation (or an open invitation) is known to its admins already.
          const [taken] = await tx.query(
            `select 1 from org_members m join users u on u.id = m.user_id
              where m.org_id = $1 and u.email = $2 and m.status = 'active'
             union all
             select 1 from invitations where org_id = $1 and email = $2 and accepted_at is null`,
            [params.orgId, body.email],
          );
          if (taken)
            throw conflict('email', 'This user is already a member or has a pending invitation');
          const [row] = await tx.query<{ id: number }>(
            `insert into invitations (org_id, email, ${FLAGS}, invited_by) values ($1, $2, $3, $4, $5, $6, $7, $8)
             returning id`,
            [
              params.orgId,
              body.email,
              body.isOrgAdmin,
              body.isBusinessManager,
              body.isSubManager,
              body.isDeveloper,
              body.isTechSupport,
              user.id,
            ],
          );
          if (!row) throw notFound('Invitation');
          return row.id;
        });
        await sent(id);
        return mapMember(await person(params.orgId, id));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/users/:id/resend-invitation',
      access: org('orgUsers.write'),
      summary: 'Resend a pending invitation (a new link; the older one stops working)',
      params: orgIdParamsSchema,
      response: orgUserSchema,
      handler: async ({ params, user }) => {
        await invitation(params.orgId, params.id);
        await applyToOne(
          db,
          resend,
          { orgId: params.orgId, actorUserId: user.id },
          undefined,
          params.id,
        );
        return mapMember(await person(params.orgId, params.id));
      },
    }),
    bulkRoute(
      { db },
      {
        url: '/orgs/:orgId/users/bulk/resend-invitation',
        access: org('orgUsers.write'),
        summary: 'Resend the pending invitations of the selected users (ids, or all matching)',
        params: orgParamsSchema,
        body: bulkResendInvitationsSchema,
        list: orgUsersDef as ListDef<typeof orgUserColumns, unknown, unknown>,
        scope: orgUsersScope,
        action: resend,
        input: () => undefined,
      },
    ),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/users/:id/invitation',
      access: org('orgUsers.write'),
      summary: 'Revoke a pending invitation (its link stops working)',
      params: orgIdParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        await invitation(params.orgId, params.id);
        await db.query(
          'delete from invitations where org_id = $1 and id = $2 and accepted_at is null',
          [params.orgId, params.id],
        );
        return { id: params.id };
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/users/:id',
      access: org('orgUsers.write'),
      summary:
        "Change a member's or an invitation's flags (the org owner stays an org admin; the owner flag is not changeable here)",
      params: orgIdParamsSchema,
      body: updateMemberSchema,
      response: orgUserSchema,
      handler: async ({ params, body, org: caller }) => {
        const m = await person(params.orgId, params.id);
        checkFlagChange(caller, body.isOrgAdmin, m.is_org_admin);
        if (m.is_org_owner && !body.isOrgAdmin) throw badRequest('isOrgAdmin', OWNER_STAYS_ADMIN);
        const table =
          m.status === 'active'
            ? { name: 'org_members', key: 'user_id', open: "status = 'active'" }
            : { name: 'invitations', key: 'id', open: 'accepted_at is null' };
        await db.query(
          `update ${table.name} set is_org_admin = $3, is_business_manager = $4, is_sub_manager = $5,
              is_developer = $6, is_tech_support = $7
            where org_id = $1 and ${table.key} = $2 and ${table.open}
              and ($3 or not ${m.status === 'active' ? 'is_org_owner' : 'false'})`,
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
        return mapMember(await person(params.orgId, params.id));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/users/:id',
      access: org('orgUsers.remove'),
      summary: 'Remove a member from the organisation (org admin; never the org owner)',
      params: orgIdParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        const m = await person(params.orgId, params.id);
        if (m.status !== 'active') throw notFound('User');
        if (m.is_org_owner) throw badRequest('id', 'The organisation owner cannot be removed');
        await db.transaction(async (tx) => {
          await tx.query(
            'delete from site_members where user_id = $2 and site_id in (select id from sites where org_id = $1)',
            [params.orgId, params.id],
          );
          await tx.query(
            'delete from org_members where org_id = $1 and user_id = $2 and not is_org_owner',
            [params.orgId, params.id],
          );
        });
        return { id: params.id };
      },
    }),
    ...listRoutes(
      { db },
      {
        base: '/admin/users',
        access: sysadmin('allUsers.read'),
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
