import {
  adminUpdateOrgSchema,
  createOrgSchema,
  organisationColumns,
  organisationList,
  organisationSchema,
  updateOrgSchema,
} from '@/contract/crm/orgs';
import { orgParamsSchema } from '@/contract/common';
import { defineRoute, org, sysadmin, type Services } from '../http/routes';
import type { ListDef } from '../http/list';
import { listRoutes } from '../http/list-routes';
import { notFound } from '../http/envelope';
import { checkAvatar } from '../http/images';
import type { Queryable } from '../db/types';
import { lockOrg } from '../http/quotas';
import { customDataRoutes } from './custom-data';

/** An organisation's own columns, as read (also by the user metadata). */
export interface OrgColumnsRow {
  id: number;
  name: string;
  description: string | null;
  avatar: string | null;
  custom_data: string | null;
  is_product_owner_enabled: boolean;
  is_service_owner_enabled: boolean;
}
interface OrgRow extends OrgColumnsRow {
  member_count: number;
  created_at: Date;
}
const MEMBER_COUNT = '(select count(*)::int from org_members m where m.org_id = o.id)';
const ORG_COLUMNS = `o.id, o.name, o.description, o.avatar, o.custom_data, o.is_product_owner_enabled, o.is_service_owner_enabled,
  ${MEMBER_COUNT} as member_count, o.created_at`;
const mapOrg = (r: OrgRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  avatar_Base64: r.avatar,
  customData: r.custom_data,
  isProductOwnerEnabled: r.is_product_owner_enabled,
  isServiceOwnerEnabled: r.is_service_owner_enabled,
  memberCount: r.member_count,
  createdAt: r.created_at.toISOString(),
});
const organisationsDef: ListDef<typeof organisationColumns, OrgRow, ReturnType<typeof mapOrg>> = {
  columns: organisationColumns,
  sql: {
    id: { sql: 'o.id' },
    name: { sql: 'o.name' },
    description: { sql: 'o.description', nullable: true },
    isProductOwnerEnabled: { sql: 'o.is_product_owner_enabled' },
    isServiceOwnerEnabled: { sql: 'o.is_service_owner_enabled' },
    memberCount: { sql: MEMBER_COUNT },
    createdAt: { sql: 'o.created_at', instant: true },
  },
  from: 'orgs o',
  key: 'o.id',
  select: ORG_COLUMNS,
  map: mapOrg,
  defaultSort: { by: 'id' },
};
async function getOrg(db: Queryable, id: number) {
  const [row] = await db.query<OrgRow>(`select ${ORG_COLUMNS} from orgs o where o.id = $1`, [id]);
  if (!row) throw notFound('Organization');
  return mapOrg(row);
}
const avatarOf = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === '' ? null : checkAvatar('avatar_Base64', v);

export const orgRoutes = ({ db }: Services) => [
  // Sysadmin: every organisation.
  ...listRoutes(
    { db },
    {
      base: '/admin/orgs',
      access: sysadmin('organizations.read'),
      summary: 'All organisations (sysadmin)',
      request: organisationList.request,
      selection: organisationList.selection,
      row: organisationSchema,
      def: organisationsDef,
      scope: () => ({ where: [], params: [] }),
      fileName: 'organisations',
    },
  ),
  defineRoute({
    method: 'POST',
    url: '/admin/orgs',
    access: sysadmin('organizations.write'),
    summary: 'Create an organisation (sysadmin)',
    body: createOrgSchema,
    response: organisationSchema,
    handler: async ({ body }) => {
      const [row] = await db.query<{ id: number }>(
        `insert into orgs (name, description, avatar, custom_data, is_product_owner_enabled, is_service_owner_enabled)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [
          body.name,
          body.description ?? null,
          avatarOf(body.avatar_Base64) ?? null,
          body.customData ?? '{}',
          body.isProductOwnerEnabled,
          body.isServiceOwnerEnabled,
        ],
      );
      return getOrg(db, row?.id ?? 0);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/admin/orgs/:orgId',
    access: sysadmin('organizations.write'),
    summary: 'Edit any organisation incl. its capability flags (sysadmin)',
    params: orgParamsSchema,
    body: adminUpdateOrgSchema,
    response: organisationSchema,
    handler: async ({ params, body }) => {
      const avatar = avatarOf(body.avatar_Base64);
      const rows = await db.query(
        `update orgs set name = $2, description = $3, custom_data = coalesce($4, custom_data), is_product_owner_enabled = $5,
           is_service_owner_enabled = $6, avatar = case when $7::boolean then $8 else avatar end where id = $1 returning id`,
        [
          params.orgId,
          body.name,
          body.description ?? null,
          body.customData ?? null,
          body.isProductOwnerEnabled,
          body.isServiceOwnerEnabled,
          avatar !== undefined,
          avatar ?? null,
        ],
      );
      if (rows.length === 0) throw notFound('Organization');
      return getOrg(db, params.orgId);
    },
  }),
  // Edit Org (org owner).
  defineRoute({
    method: 'GET',
    url: '/orgs/:orgId',
    access: org('org.read'),
    summary: 'The organisation (Edit Org; org owner)',
    params: orgParamsSchema,
    response: organisationSchema,
    handler: async ({ params }) => getOrg(db, params.orgId),
  }),
  defineRoute({
    method: 'PUT',
    url: '/orgs/:orgId',
    access: org('org.write'),
    summary: 'Edit the organisation: name, description, avatar, customData (org owner)',
    params: orgParamsSchema,
    body: updateOrgSchema,
    response: organisationSchema,
    handler: async ({ params, body }) => {
      const avatar = avatarOf(body.avatar_Base64);
      await db.query(
        `update orgs set name = $2, description = $3, custom_data = coalesce($4, custom_data), avatar = case when $5::boolean then $6 else avatar end where id = $1`,
        [
          params.orgId,
          body.name,
          body.description ?? null,
          body.customData ?? null,
          avatar !== undefined,
          avatar ?? null,
        ],
      );
      return getOrg(db, params.orgId);
    },
  }),
];

/** The organisation's custom data records: the org owner writes; owner and admins read. */
export const orgCustomDataRoutes = (services: Services) =>
  customDataRoutes(services, {
    table: 'org_custom_data',
    ownerColumn: 'org_id',
    url: '/orgs/:orgId/custom-data',
    recordParam: 'id',
    read: {
      access: org('orgCustomData.read'),
      summary: "The organisation's custom data records",
    },
    write: {
      access: org('orgCustomData.write'),
      add: 'Add a custom data record (org owner)',
      edit: 'Edit a custom data record (org owner)',
      remove: 'Delete a custom data record (org owner)',
    },
    owner: async (q, p, lock) => {
      if (lock) await lockOrg(q, p.orgId as number);
      return p.orgId as number;
    },
  });
