import { defineRoute, signedIn, site, type Services } from '../http/routes';
import { badRequest, notFound } from '../http/envelope';
import { maxLengthMessage } from '@/contract/limits';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { MAX_ATTACHMENT_BYTES, idResultSchema } from '@/contract/common';
import { siteParamsSchema } from '@/contract/data/sites';
import {
  blastIdParamsSchema,
  blastList,
  blastListItemSchema,
  blastLocationSchema,
  blastMetadataSchema,
  blastParamsSchema,
  blastPlanSchema,
  blastSchema,
  MAX_BLAST_NAME_LENGTH,
  uploadBlastSchema,
} from '@/contract/data/blasts';
import { blastsDef, downloadBlastFile, loadBlast, loadPlan } from './blast-model';
import { memberSitesSql, sendFile } from './common';
import { FILE_FIELD, readBlastUpload } from './upload';
import { checkStorage, lockOrg } from '../http/quotas';

/** Base64 of 20 MiB plus room for a data: prefix and the other fields. */
export const UPLOAD_BODY_LIMIT = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 1_048_576;

const when = (v: string | null | undefined) => (v ? new Date(v) : null);

export function blastRoutes({ db, config }: Services) {
  return [
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/sites/:siteId/blasts',
        access: site('blasts.read'),
        summary: "The site's blasts (paged; search, sort, filters)",
        params: siteParamsSchema,
        request: blastList.request,
        selection: blastList.selection,
        row: blastListItemSchema,
        def: blastsDef,
        scope: ({ params, body }: ScopeContext<{ siteId: number }, { status?: string }>) =>
          body?.status
            ? { where: ['b.site_id = $1', 'b.status = $2'], params: [params.siteId, body.status] }
            : { where: ['b.site_id = $1'], params: [params.siteId] },
        fileName: 'blasts',
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId',
      access: site('blasts.read'),
      summary: 'Blast Details',
      params: blastParamsSchema,
      response: blastSchema,
      handler: async ({ params }) => (await loadBlast(db, params.blastId, params.siteId)).blast,
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/sites/:siteId/blasts',
      access: site('blasts.write'),
      summary: 'Upload a .blst file (base64 attachment, at most 20 MiB decoded) as a new blast',
      // Issue 18 names uploads as their own action: the blast is made by its file's upload.
      audit: 'upload',
      params: siteParamsSchema,
      body: uploadBlastSchema,
      bodyLimit: UPLOAD_BODY_LIMIT,
      response: blastSchema,
      handler: async ({ params, body, user }) => {
        const upload = readBlastUpload(body.file);
        const name = (
          body.name ??
          upload.parsed.header['name'] ??
          upload.fileName.replace(/\.blst$/i, '')
        ).trim();
        // Issue 17: a name taken from the file is bounded like a typed one, refused, not cut.
        if (name.length > MAX_BLAST_NAME_LENGTH)
          throw badRequest(
            'name',
            `${maxLengthMessage(MAX_BLAST_NAME_LENGTH)}: the file's name is longer, enter a name`,
            'maxLength',
          );
        const fired = body.status === 'fired';
        const id = await db.transaction(async (tx) => {
          await lockOrg(tx, params.orgId);
          await checkStorage(tx, config.quotas, params.orgId, upload.facts.fileSize, FILE_FIELD);
          const [row] = await tx.query<{ id: number }>(
            `insert into blasts (site_id, name, description, status, blasted_at, planned_at, file_name,
                               file_content, hole_count, total_charge, file_size, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
            [
              params.siteId,
              name || 'Blast',
              body.description || null,
              body.status,
              fired ? (when(body.firedAt) ?? new Date()) : null,
              when(body.plannedAt),
              upload.fileName,
              upload.content,
              upload.facts.holeCount,
              upload.facts.totalCharge,
              upload.facts.fileSize,
              user.id,
            ],
          );
          return row?.id ?? 0;
        });
        return (await loadBlast(db, id, params.siteId)).blast;
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId',
      access: site('blasts.write'),
      summary: "Edit a blast's metadata: name, description, status, fired and planned dates",
      params: blastParamsSchema,
      body: blastMetadataSchema,
      response: blastSchema,
      handler: async ({ params, body }) => {
        const { blast } = await loadBlast(db, params.blastId, params.siteId);
        const fired = body.status === 'fired';
        const firedAt = fired ? (when(body.firedAt) ?? when(blast.firedAt) ?? new Date()) : null;
        const plannedAt =
          body.plannedAt === undefined ? when(blast.plannedAt) : when(body.plannedAt);
        await db.query(
          `update blasts set name = $3, description = $4, status = $5, blasted_at = $6,
                  planned_at = $7, updated_at = now()
            where id = $1 and site_id = $2`,
          [
            params.blastId,
            params.siteId,
            body.name,
            body.description === undefined ? blast.description : body.description || null,
            body.status,
            firedAt,
            plannedAt,
          ],
        );
        return (await loadBlast(db, params.blastId, params.siteId)).blast;
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId',
      access: site('blasts.write'),
      summary: 'Delete a blast (with its links and shares)',
      params: blastParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        const rows = await db.query<{ id: number }>(
          'delete from blasts where id = $1 and site_id = $2 returning id',
          [params.blastId, params.siteId],
        );
        if (rows.length === 0) throw notFound('Blast');
        return { id: params.blastId };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId/file',
      access: site('blasts.read'),
      summary: 'Download the .blst file (attachment)',
      params: blastParamsSchema,
      raw: true,
      handler: async ({ params, reply }) => {
        await loadBlast(db, params.blastId, params.siteId);
        const file = await downloadBlastFile(db, params.blastId);
        return sendFile(reply, file.file_name, file.file_content);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId/plan',
      access: site('blasts.read'),
      summary: "The blast's holes in metres and their bounds (viewer)",
      params: blastParamsSchema,
      response: blastPlanSchema,
      handler: async ({ params }) => {
        await loadBlast(db, params.blastId, params.siteId);
        return loadPlan(db, params.blastId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/blasts/:blastId/locate',
      access: signedIn,
      summary: "Blast Redirect: the blast's organisation and site, when the caller can see it",
      params: blastIdParamsSchema,
      response: blastLocationSchema,
      handler: async ({ params, user }) => {
        const [row] = user.isSysadmin
          ? await db.query<{ org_id: number; site_id: number }>(
              `select s.org_id, s.id as site_id from blasts b join sites s on s.id = b.site_id
                where b.id = $1`,
              [params.blastId],
            )
          : await db.query<{ org_id: number; site_id: number }>(
              `select v.org_id, v.site_id from blasts b join (${memberSitesSql('$2')}) v on v.site_id = b.site_id
                where b.id = $1`,
              [params.blastId, user.id],
            );
        if (!row) throw notFound('Blast');
        return { orgId: row.org_id, siteId: row.site_id };
      },
    }),
  ];
}
