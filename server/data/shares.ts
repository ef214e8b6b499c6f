import type { Queryable } from '../db/types';
import { defineRoute, signedIn, site, type Services } from '../http/routes';
import { badRequest, conflict, forbidden, notFound } from '../http/envelope';
import { userDisplaySql, type ListDef } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import type { CallerUser } from '../auth/access';
import { idResultSchema } from '@/contract/common';
import { blastIdParamsSchema, blastParamsSchema, blastViewSchema } from '@/contract/data/blasts';
import {
  blastShareColumns,
  blastShareList,
  blastShareSchema,
  createShareSchema,
  shareParamsSchema,
  sharedBlastColumns,
  sharedBlastList,
  sharedBlastSchema,
  shareTargetsSchema,
  shareTargetsQuerySchema,
  MAX_SHARE_TARGETS,
  type BlastShare,
  type SharedBlast,
} from '@/contract/data/shared-blasts';
import { downloadBlastFile, loadBlast, loadPlan } from './blast-model';
import {
  isOrgAdmin,
  memberOrgsSql,
  memberSitesSql,
  sendFile,
  toIso,
  userCols,
  userRef,
} from './common';
import { siteParamsSchema } from '@/contract/data/sites';
import { blastSharedMessage } from '../mail/messages';

interface ShareRow {
  id: number;
  blast_id: number;
  shared_at: Date;
  u_id: number | null;
  u_email: string | null;
  u_first: string | null;
  u_last: string | null;
  t_email: string | null;
  t_org_id: number | null;
  t_org_name: string | null;
}

/**
 * A share with a person is shown by the address it was sent to, never by the account behind it:
 * the same whether or not the address has an account, and no name of another tenant's user.
 */
const toTarget = (r: ShareRow): BlastShare['target'] =>
  r.t_email !== null
    ? { kind: 'user', email: r.t_email }
    : { kind: 'org', orgId: r.t_org_id ?? 0, orgName: r.t_org_name ?? '' };

const toShare = (r: ShareRow): BlastShare => ({
  id: r.id,
  blastId: r.blast_id,
  sharedBy: userRef(r),
  sharedAt: toIso(r.shared_at),
  target: toTarget(r),
});

/** Share columns (alias sb) with sharer u, target user t (or address) and target org tg. */
const shareColumns = `sb.id, sb.blast_id, sb.shared_at, ${userCols('u')},
  coalesce(t.email, sb.shared_with_email) as t_email, tg.id as t_org_id, tg.name as t_org_name`;
const shareJoins = `left join users u on u.id = sb.shared_by
  left join users t on t.id = sb.shared_with_user_id
  left join orgs tg on tg.id = sb.shared_with_org_id`;

/** Who one blast is shared with, as a list (docs/lists.md): newest first. */
const blastSharesDef: ListDef<typeof blastShareColumns, ShareRow, BlastShare> = {
  columns: blastShareColumns,
  sql: {
    id: { sql: 'sb.id' },
    // The address a share was sent to, never the name of the account behind it.
    target: { sql: 'coalesce(t.email, sb.shared_with_email, tg.name)' },
    kind: {
      sql: `case when sb.shared_with_org_id is null then 'User' else 'Organization' end`,
      when: {
        User: 'sb.shared_with_org_id is null',
        Organization: 'sb.shared_with_org_id is not null',
      },
    },
    sharedBy: { sql: userDisplaySql('u'), nullable: true },
    sharedAt: { sql: 'sb.shared_at', instant: true },
  },
  from: `shared_blasts sb ${shareJoins}`,
  key: 'sb.id',
  select: shareColumns,
  map: toShare,
  defaultSort: { by: 'sharedAt', desc: true },
};

/** SQL: the share sb is addressed to the user $n or one of their organisations. */
const sharedWithSql = (p: string) =>
  `(sb.shared_with_user_id = ${p} or sb.shared_with_org_id in (${memberOrgsSql(p)}))`;

type SharedRow = ShareRow & {
  blast_name: string;
  site_name: string;
  org_name: string;
  can_unshare: boolean;
};
/** Blasts Shared: the shares addressed to the caller ($1) or one of their organisations. */
const sharedBlastsDef: ListDef<typeof sharedBlastColumns, SharedRow, SharedBlast> = {
  columns: sharedBlastColumns,
  sql: {
    shareId: { sql: 'sb.id' },
    blastName: { sql: 'b.name' },
    siteName: { sql: 's.name' },
    orgName: { sql: 'o.name' },
    sharedBy: { sql: userDisplaySql('u'), nullable: true },
    sharedAt: { sql: 'sb.shared_at', instant: true },
    sharedWith: { sql: `case when sb.shared_with_user_id is not null then 'You' else tg.name end` },
  },
  from: `shared_blasts sb join blasts b on b.id = sb.blast_id join sites s on s.id = b.site_id
    join orgs o on o.id = s.org_id ${shareJoins}`,
  key: 'sb.id',
  // The unshare rule: the sharer, an org admin of the blast's organisation, or a sysadmin.
  select: `${shareColumns}, b.name as blast_name, s.name as site_name, o.name as org_name,
    (sb.shared_by = $1 or (select is_sysadmin from users where id = $1) or s.org_id in (
       select org_id from org_members where user_id = $1 and status = 'active' and is_org_admin
    )) as can_unshare`,
  map: (r) => ({
    shareId: r.id,
    blastId: r.blast_id,
    blastName: r.blast_name,
    siteName: r.site_name,
    orgName: r.org_name,
    sharedBy: userRef(r),
    sharedAt: toIso(r.shared_at),
    target: toTarget(r),
    canUnshare: r.can_unshare,
  }),
  defaultSort: { by: 'sharedAt', desc: true },
};

/** The blast, when it is shared with the caller or one of their organisations (else 404). */
async function loadSharedBlast(db: Queryable, user: CallerUser, blastId: number) {
  const [row] = await db.query<{ ok: boolean }>(
    `select true as ok from shared_blasts sb where sb.blast_id = $1 and ${sharedWithSql('$2')} limit 1`,
    [blastId, user.id],
  );
  if (!row) throw notFound('Shared blast');
  return loadBlast(db, blastId);
}

export function shareRoutes({ db, mailer, config }: Services) {
  return [
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId/shares',
      access: site('blasts.write'),
      summary: 'Share a blast with a user (by email) or with an organisation (by id)',
      audit: 'share',
      params: blastParamsSchema,
      body: createShareSchema,
      response: blastShareSchema,
      handler: async ({ params, body, user }) => {
        const { blast } = await loadBlast(db, params.blastId, params.siteId);
        let userId: number | null = null;
        let email: string | null = null;
        let orgId: number | null = null;
        if (body.email !== undefined) {
          // An address with an account gets the share at once; one without gets it with the
          // account made for it (identity/accounts.ts). The answer is the same either way.
          const [target] = await db.query<{ id: number }>(
            `select id from users where email = $1 and status = 'active'`,
            [body.email],
          );
          userId = target?.id ?? null;
          email = target ? null : body.email;
        } else {
          const [target] = await db.query<{ id: number }>('select id from orgs where id = $1', [
            body.orgId ?? 0,
          ]);
          if (!target) throw badRequest('orgId', 'No such organization', 'unknownOrg');
          orgId = target.id;
        }
        // The unique index (migration 030) makes a second share of the same target a no-op.
        const [inserted] = await db.query<{ id: number }>(
          `insert into shared_blasts (blast_id, shared_by, shared_with_user_id, shared_with_org_id, shared_with_email)
           values ($1, $2, $3, $4, $5) on conflict do nothing returning id`,
          [params.blastId, user.id, userId, orgId, email],
        );
        if (!inserted) {
          throw conflict(
            body.email !== undefined ? 'email' : 'orgId',
            body.email !== undefined
              ? 'The blast is already shared with this user'
              : 'The blast is already shared with this organization',
          );
        }
        if (body.email !== undefined) {
          await mailer.send(
            blastSharedMessage({
              to: body.email,
              sharerName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
              blastName: blast.name,
              link: `${config.portalOrigins.site}/blasts-shared/${params.blastId}`,
            }),
          );
        }
        const id = inserted.id;
        const [row] = await db.query<ShareRow>(
          `select ${shareColumns} from shared_blasts sb ${shareJoins} where sb.id = $1`,
          [id],
        );
        if (!row) throw notFound('Share');
        return toShare(row);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/sites/:siteId/share-targets',
      access: site('blasts.write'),
      summary:
        'Organisations to share a blast with, by name (the first 20, and how many match; at least 2 characters)',
      params: siteParamsSchema,
      query: shareTargetsQuerySchema,
      response: shareTargetsSchema,
      handler: async ({ query }) => {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const [rows, [count]] = await Promise.all([
          db.query<{ id: number; name: string }>(
            `select id, name from orgs where name ilike $1 order by name, id limit ${MAX_SHARE_TARGETS}`,
            [pattern],
          ),
          db.query<{ total: number }>(
            `select count(*)::int as total from orgs where name ilike $1`,
            [pattern],
          ),
        ]);
        return { results: rows, total: count?.total ?? 0 };
      },
    }),
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/sites/:siteId/blasts/:blastId/shares',
        access: site('blasts.read'),
        summary: 'Who a blast is shared with (newest first, paged)',
        params: blastParamsSchema,
        request: blastShareList.request,
        selection: blastShareList.selection,
        row: blastShareSchema,
        def: blastSharesDef,
        // The blast of the path's site only (another site's: 404, as every record route).
        check: ({ params }: ScopeContext<{ blastId: number; siteId: number }>) =>
          loadBlast(db, params.blastId, params.siteId),
        scope: ({ params }: ScopeContext<{ blastId: number; siteId: number }>) => ({
          where: ['sb.blast_id = $1'],
          params: [params.blastId],
        }),
        fileName: 'blast-shares',
      },
    ),
    ...listRoutes(
      { db },
      {
        base: '/shared-blasts',
        access: signedIn,
        summary: 'Blasts shared with the caller or any of their organisations (paged)',
        request: sharedBlastList.request,
        selection: sharedBlastList.selection,
        row: sharedBlastSchema,
        def: sharedBlastsDef,
        scope: ({ user }) => ({ where: [sharedWithSql('$1')], params: [user.id] }),
        fileName: 'shared-blasts',
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/shared-blasts/:blastId',
      access: signedIn,
      summary: 'Blast Viewer: a blast shared with the caller or their organisation',
      params: blastIdParamsSchema,
      response: blastViewSchema,
      handler: async ({ params, user }) => {
        const { blast, orgName } = await loadSharedBlast(db, user, params.blastId);
        return {
          blast,
          orgName,
          plan: await loadPlan(db, blast.id),
          downloadPath: `shared-blasts/${blast.id}/file`,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/shared-blasts/:blastId/file',
      access: signedIn,
      summary: "Download a shared blast's .blst file",
      params: blastIdParamsSchema,
      raw: true,
      handler: async ({ params, user, reply }) => {
        await loadSharedBlast(db, user, params.blastId);
        const file = await downloadBlastFile(db, params.blastId);
        return sendFile(reply, file.file_name, file.file_content);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/shared-blasts/shares/:shareId',
      access: signedIn,
      summary: 'Unshare: by the user who shared it or an org admin of the blast’s organisation',
      audit: 'unshare',
      params: shareParamsSchema,
      response: idResultSchema,
      handler: async ({ params, user }) => {
        const [share] = await db.query<{
          shared_by: number | null;
          org_id: number;
          visible: boolean;
        }>(
          `select sb.shared_by, s.org_id,
                  (${sharedWithSql('$2')} or b.site_id in (select site_id from (${memberSitesSql('$2')}) v)) as visible
             from shared_blasts sb join blasts b on b.id = sb.blast_id join sites s on s.id = b.site_id
            where sb.id = $1`,
          [params.shareId, user.id],
        );
        // Someone who cannot see the share learns nothing of it.
        if (!share || (!share.visible && !user.isSysadmin && share.shared_by !== user.id)) {
          throw notFound('Share');
        }
        if (share.shared_by !== user.id && !(await isOrgAdmin(db, user, share.org_id))) {
          throw forbidden(
            'Only the user who shared the blast or an organization admin can unshare it',
          );
        }
        await db.query('delete from shared_blasts where id = $1', [params.shareId]);
        return { id: params.shareId };
      },
    }),
  ];
}
