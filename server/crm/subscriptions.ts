import { auditAs, fileLabel, recordEvent } from '../db/audit-context';
import { z } from 'zod';
import {
  assignLicenceSchema,
  createSubscriptionSchema,
  customerSubList,
  softwareList,
  subscriptionDetailSchema,
  subscriptionSchema,
  updateSubscriptionSchema,
} from '@/contract/crm/subscriptions';
import { licenceSchema } from '@/contract/crm/licences';
import { idResultSchema, idSchema, orgIdParamsSchema, orgParamsSchema } from '@/contract/common';
import { defineRoute, org, type Access, type Services } from '../http/routes';
import { listRoutes } from '../http/list-routes';
import { badRequest, notFound } from '../http/envelope';
import { decodeAttachments, normaliseFileName, sendDownload } from '../http/files';
import { checkStorage, lockOrg } from '../http/quotas';
import type { Queryable } from '../db/types';
import { assertCustomers } from './customers';
import { assertForSale } from './offerings';
import {
  COLUMNS,
  FROM,
  customerSubsDef,
  map,
  scopeBy,
  softwareDef,
  type Row,
} from './subscription-lists';
import { loadLicence } from './licences';

/** Attachments up to 20 MiB decoded each: this route's body limit only. */
const ATTACHMENT_BODY_LIMIT = 64 * 1024 * 1024;

export const subscriptionRoutes = ({ db, config }: Services) => {
  const detail = async (
    q: Queryable,
    where: string,
    params: unknown[],
    side: 'vendor' | 'subscriber',
  ) => {
    const [row] = await q.query<Row>(
      `select ${COLUMNS} from ${FROM} where ${where}`,
      params as never[],
    );
    if (!row) throw notFound('Subscription');
    const attachments = await q.query<{ id: number; file_name: string; size: number }>(
      'select id, file_name, size from subscription_attachments where subscription_id = $1 order by id',
      [row.id],
    );
    return {
      ...map(side)(row),
      attachments: attachments.map((a) => ({ id: a.id, fileName: a.file_name, size: a.size })),
    };
  };
  const checkFeatures = async (q: Queryable, offeringId: number, ids: number[]) => {
    if (ids.length === 0) return;
    const rows = await q.query<{ id: number }>(
      'select id from offering_features where offering_id = $1 and id = any($2::int[])',
      [offeringId, ids],
    );
    if (rows.length !== new Set(ids).size)
      throw badRequest('includedFeatureIds', 'A feature does not belong to the offering');
  };
  const licenceParams = z.object({ orgId: idSchema, id: idSchema, licenceId: idSchema });
  const attachmentParams = z.object({ orgId: idSchema, id: idSchema, attachmentId: idSchema });
  /** Download of an attachment of a subscription the organisation sold (vendor) or holds. */
  const attachmentRoute = (
    side: 'vendor' | 'subscriber',
    url: string,
    access: Access,
    summary: string,
  ) =>
    defineRoute({
      method: 'GET',
      url,
      access,
      summary,
      params: attachmentParams,
      raw: true,
      handler: async ({ params: p, reply }) => {
        const [row] = await db.query<{ file_name: string; content: Uint8Array; name: string }>(
          `select a.file_name, a.content, s.name from subscription_attachments a
             join subscriptions s on s.id = a.subscription_id
            where a.id = $1 and s.id = $2 and s.${side === 'vendor' ? 'vendor_org_id' : 'subscriber_org_id'} = $3`,
          [p.attachmentId, p.id, p.orgId],
        );
        if (!row) throw notFound('Attachment');
        await recordEvent(db, {
          orgId: p.orgId,
          action: 'download',
          recordType: 'subscription',
          recordId: p.id,
          recordName: row.name,
          changes: { file: { before: null, after: fileLabel(row.file_name, row.content.length) } },
        });
        return sendDownload(reply, normaliseFileName(row.file_name), Buffer.from(row.content));
      },
    });
  /** Stores attachments of a subscription the vendor sold, within its storage quota. */
  const addAttachments = async (
    tx: Queryable,
    vendorOrgId: number,
    subscriptionIds: number[],
    files: ReturnType<typeof decodeAttachments>,
  ) => {
    const bytes = files.reduce((n, f) => n + f.bytes.length, 0) * subscriptionIds.length;
    await checkStorage(tx, config.quotas, vendorOrgId, bytes, 'attachments');
    for (const id of subscriptionIds) {
      for (const f of files) {
        await tx.query(
          'insert into subscription_attachments (subscription_id, file_name, content, size) values ($1, $2, $3, $4)',
          [id, f.fileName, f.bytes, f.bytes.length],
        );
      }
    }
  };
  return [
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/issued-subscriptions',
        access: org('customerSubs.read'),
        summary: 'Customer subscriptions the organisation sold',
        params: orgParamsSchema,
        request: customerSubList.request,
        selection: customerSubList.selection,
        row: subscriptionSchema,
        def: customerSubsDef,
        scope: scopeBy('vendor_org_id'),
        fileName: 'customer-subscriptions',
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/issued-subscriptions/:id',
      access: org('customerSubs.read'),
      summary: 'Subscription details with attachments and licences',
      params: orgIdParamsSchema,
      response: subscriptionDetailSchema,
      handler: async ({ params }) =>
        detail(db, 's.vendor_org_id = $1 and s.id = $2', [params.orgId, params.id], 'subscriber'),
    }),
    attachmentRoute(
      'vendor',
      '/orgs/:orgId/issued-subscriptions/:id/attachments/:attachmentId',
      org('customerSubs.read'),
      "Download an attachment of a customer subscription (the vendor's side)",
    ),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/issued-subscriptions',
      access: org('customerSubs.write'),
      bodyLimit: ATTACHMENT_BODY_LIMIT,
      summary: 'Create subscriptions for one or several customer organisations at once',
      params: orgParamsSchema,
      body: createSubscriptionSchema,
      response: z.array(subscriptionSchema),
      handler: async ({ params, body }) => {
        const files = decodeAttachments(body.attachments);
        return db.transaction(async (tx) => {
          await lockOrg(tx, params.orgId);
          const off = await assertForSale(tx, body.offeringId, params.orgId);
          await checkFeatures(tx, body.offeringId, body.includedFeatureIds);
          await assertCustomers(tx, params.orgId, body.subscriberOrgIds, 'subscriberOrgIds');
          const orgs = await tx.query<{ id: number; name: string }>(
            'select id, name from orgs where id = any($1::int[]) order by id',
            [body.subscriberOrgIds],
          );
          const ids: number[] = [];
          for (const o of orgs) {
            const [row] = await tx.query<{ id: number }>(
              `insert into subscriptions (vendor_org_id, subscriber_org_id, offering_id, name, start_date, end_date, seats_allowed, feature_ids)
               values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
              [
                params.orgId,
                o.id,
                body.offeringId,
                body.name || `${o.name} - ${off.name}`,
                body.startDate.slice(0, 10),
                body.endDate ? body.endDate.slice(0, 10) : null,
                body.seatsAllowed,
                body.includedFeatureIds,
              ],
            );
            ids.push(row?.id ?? 0);
          }
          await addAttachments(tx, params.orgId, ids, files);
          const rows = await tx.query<Row>(
            `select ${COLUMNS} from ${FROM} where s.id = any($1::int[]) order by s.id`,
            [ids],
          );
          return rows.map(map('subscriber'));
        });
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/issued-subscriptions/:id',
      access: org('customerSubs.write'),
      bodyLimit: ATTACHMENT_BODY_LIMIT,
      summary: 'Edit a customer subscription (attachments listed are added)',
      params: orgIdParamsSchema,
      body: updateSubscriptionSchema,
      response: subscriptionDetailSchema,
      handler: async ({ params, body }) => {
        const files = decodeAttachments(body.attachments);
        return db.transaction(async (tx) => {
          await lockOrg(tx, params.orgId);
          const [sub] = await tx.query<{ offering_id: number }>(
            'select offering_id from subscriptions where vendor_org_id = $1 and id = $2',
            [params.orgId, params.id],
          );
          if (!sub) throw notFound('Subscription');
          // The checks of create, again: still the vendor's offering, still enabled to sell it.
          await assertForSale(tx, sub.offering_id, params.orgId);
          await checkFeatures(tx, sub.offering_id, body.includedFeatureIds);
          await tx.query(
            'update subscriptions set name = $3, start_date = $4, end_date = $5, seats_allowed = $6, feature_ids = $7 where vendor_org_id = $1 and id = $2',
            [
              params.orgId,
              params.id,
              body.name,
              body.startDate.slice(0, 10),
              body.endDate ? body.endDate.slice(0, 10) : null,
              body.seatsAllowed,
              body.includedFeatureIds,
            ],
          );
          await addAttachments(tx, params.orgId, [params.id], files);
          return detail(
            tx,
            's.vendor_org_id = $1 and s.id = $2',
            [params.orgId, params.id],
            'subscriber',
          );
        });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/issued-subscriptions/:id/disable',
      access: org('customerSubs.write'),
      summary: 'Disable a customer subscription (its licences are suspended)',
      params: orgIdParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) =>
        db.transaction(async (tx) => {
          // The trail names both: the subscription disabled, its licences suspended.
          await auditAs(tx, 'disable');
          const rows = await tx.query(
            'update subscriptions set is_disabled = true where vendor_org_id = $1 and id = $2 returning id',
            [params.orgId, params.id],
          );
          if (rows.length === 0) throw notFound('Subscription');
          await auditAs(tx, 'suspend');
          await tx.query(
            `update licences set state = 'Suspended' where subscription_id = $1 and state = 'Active'`,
            [params.id],
          );
          return { id: params.id };
        }),
    }),
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/my-subscriptions',
        access: org('software.read'),
        summary: "The organisation's own software subscriptions",
        params: orgParamsSchema,
        request: softwareList.request,
        selection: softwareList.selection,
        row: subscriptionSchema,
        def: softwareDef,
        scope: scopeBy('subscriber_org_id'),
        fileName: 'software',
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/my-subscriptions/:id',
      access: org('software.read'),
      summary: 'A software subscription with its service licences',
      params: orgIdParamsSchema,
      response: subscriptionDetailSchema,
      handler: async ({ params }) =>
        detail(db, 's.subscriber_org_id = $1 and s.id = $2', [params.orgId, params.id], 'vendor'),
    }),
    attachmentRoute(
      'subscriber',
      '/orgs/:orgId/my-subscriptions/:id/attachments/:attachmentId',
      org('software.read'),
      "Download an attachment of a software subscription (the subscriber's side)",
    ),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/my-subscriptions/:id/licences/:licenceId/assign',
      access: org('software.read'),
      summary: 'Assign a licence to a member (userId) or unassign it (userId null)',
      params: licenceParams,
      body: assignLicenceSchema,
      response: licenceSchema,
      handler: async ({ params, body }) => {
        const [lic] = await db.query(
          'select 1 from licences l join subscriptions s on s.id = l.subscription_id where l.id = $1 and s.id = $2 and s.subscriber_org_id = $3',
          [params.licenceId, params.id, params.orgId],
        );
        if (!lic) throw notFound('Licence');
        if (body.userId !== null) {
          const [m] = await db.query(
            `select 1 from org_members where org_id = $1 and user_id = $2`,
            [params.orgId, body.userId],
          );
          if (!m) throw badRequest('userId', 'The user is not a member of the organization');
        }
        await db.query('update licences set assigned_user_id = $2 where id = $1', [
          params.licenceId,
          body.userId,
        ]);
        return loadLicence(db, 'l.id = $1', [params.licenceId], 'vendor');
      },
    }),
  ];
};
