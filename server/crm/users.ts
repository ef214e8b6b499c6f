import {
  adminUserList,
  adminUserSchema,
  bulkResendInvitationsSchema,
  inviteUserSchema,
  orgUserList,
  orgUserSchema,
  updateMemberSchema,
} from '@/contract/crm/users';
import type { orgUserColumns } from '@/contract/crm/users';
import { idResultSchema, orgIdParamsSchema, orgParamsSchema } from '@/contract/common';
import { defineRoute, org, sysadmin, type Services } from '../http/routes';
import type { ListDef } from '../http/list';
import { listRoutes } from '../http/list-routes';
import {
  FLAGS,
  PEOPLE,
  PEOPLE_COLUMNS,
  adminUsersDef,
  mapMember,
  orgUsersDef,
  orgUsersScope,
  type MemberRow,
} from './user-lists';
import { applyToOne, bulkRoute } from '../http/bulk';
import { resendInvitation, sendOrFail } from './invitation-actions';
import { badRequest, conflict, forbidden, notFound } from '../http/envelope';
import { can, type OrgAccess } from '../auth/access';

/**
 * Only who may remove members (org admins) may grant or revoke org admin (the permission
 * table's orgUsers.remove); sub managers manage the other flags.
 */
function checkFlagChange(caller: OrgAccess, wantsAdmin: boolean, hadAdmin: boolean) {
  if (wantsAdmin !== hadAdmin && !can('orgUsers.remove', caller)) {
    throw forbidden('Only organization admins may change the org admin flag');
  }
}

export const OWNER_STAYS_ADMIN = 'The organization owner is always an org admin';

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
      audit: 'invite',
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
      handler: async ({ params }) => {
        await invitation(params.orgId, params.id);
        await applyToOne(db, resend, { orgId: params.orgId }, undefined, params.id);
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
      audit: 'revoke',
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
      audit: 'remove',
      summary: 'Remove a member from the organisation (org admin; never the org owner)',
      params: orgIdParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        const m = await person(params.orgId, params.id);
        if (m.status !== 'active') throw notFound('User');
        if (m.is_org_owner) throw badRequest('id', 'The organization owner cannot be removed');
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
