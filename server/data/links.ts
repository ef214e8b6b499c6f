import type { Db, Queryable } from '../db/types';
import { linkLabel, recordEvent } from '../db/audit-context';
import { anonymous, defineRoute, signedIn, site, type Services } from '../http/routes';
import { HttpError, notFound } from '../http/envelope';
import { userDisplaySql, type ListDef } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { loadOrgAccess, loadSiteAccess } from '../auth/access';
import { blastParamsSchema } from '@/contract/data/blasts';
import {
  LINK_GONE_MESSAGE,
  anonymousLinkViewSchema,
  blastLinkColumns,
  blastLinkList,
  blastLinkParamsSchema,
  blastLinkSchema,
  createBlastLinkSchema,
  linkParamsSchema,
  signedInLinkViewSchema,
  type BlastLink,
} from '@/contract/data/links';
import { downloadBlastFile, loadBlast, loadPlan, toPublicBlast } from './blast-model';
import { newLinkId, sendFile, toIso, userCols, userRef, type UserCols } from './common';

interface LinkRow extends UserCols {
  id: string;
  seq: number;
  blast_id: number;
  is_anonymous: boolean;
  created_at: Date;
  revoked_at: Date | null;
}

const toLink = (r: LinkRow): BlastLink => ({
  id: r.id,
  seq: r.seq,
  blastId: r.blast_id,
  isAnonymous: r.is_anonymous,
  createdBy: userRef(r),
  createdAt: toIso(r.created_at),
  revokedAt: toIso(r.revoked_at),
  isRevoked: r.revoked_at !== null,
});

const linkColumns = `l.id, l.seq, l.blast_id, l.is_anonymous, l.created_at, l.revoked_at, ${userCols('u')}`;
const linkFrom = 'blast_links l left join users u on u.id = l.created_by';
const linkSelect = `select ${linkColumns} from ${linkFrom}`;

/** A blast's links as a list (docs/lists.md): kind, status and who made it, as the table shows. */
const blastLinksDef: ListDef<typeof blastLinkColumns, LinkRow, BlastLink> = {
  columns: blastLinkColumns,
  sql: {
    kind: {
      sql: `case when l.is_anonymous then 'Anonymous' else 'Sign-in' end`,
      when: { Anonymous: 'l.is_anonymous', 'Sign-in': 'not l.is_anonymous' },
    },
    status: {
      sql: `case when l.revoked_at is null then 'Live' else 'Revoked' end`,
      when: { Live: 'l.revoked_at is null', Revoked: 'l.revoked_at is not null' },
    },
    createdBy: { sql: userDisplaySql('u'), nullable: true },
    createdAt: { sql: 'l.created_at', instant: true },
    revokedAt: { sql: 'l.revoked_at', nullable: true, instant: true },
  },
  from: linkFrom,
  key: 'l.seq',
  select: linkColumns,
  map: toLink,
  defaultSort: { by: 'createdAt', desc: true },
};

/** Link ids are base64url; anything else is simply an unknown link. */
const LINK_ID = /^[A-Za-z0-9_-]{8,64}$/;
const gone = () => new HttpError(404, LINK_GONE_MESSAGE);

/** A live (not revoked) link: anonymous-only when `anonymousOnly`. 404 otherwise. */
async function liveLink(db: Queryable, linkId: string, anonymousOnly: boolean) {
  if (!LINK_ID.test(linkId)) throw gone();
  const [row] = await db.query<{ blast_id: number; is_anonymous: boolean }>(
    'select blast_id, is_anonymous from blast_links where id = $1 and revoked_at is null',
    [linkId],
  );
  if (!row || (anonymousOnly && !row.is_anonymous)) throw gone();
  return row;
}

/**
 * A link opened, in the audit trail of the blast's organisation: by whom ('anonymous' without
 * a session), and which link, by the first characters of its id only (the id is the secret).
 */
const recordLinkView = (
  db: Db,
  blast: { id: number; name: string; orgId: number; siteId: number },
  linkId: string,
) =>
  recordEvent(db, {
    orgId: blast.orgId,
    siteId: blast.siteId,
    action: 'link view',
    recordType: 'blast',
    recordId: blast.id,
    recordName: blast.name,
    changes: { link: { before: null, after: linkLabel(linkId) } },
  });

export function linkRoutes({ db }: Services) {
  return [
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId/links',
      access: site('blasts.write'),
      summary: 'Create a link to a blast: anonymous (anyone with it) or for signed-in users',
      audit: 'link create',
      params: blastParamsSchema,
      body: createBlastLinkSchema,
      response: blastLinkSchema,
      handler: async ({ params, body, user }) => {
        await loadBlast(db, params.blastId, params.siteId);
        const id = newLinkId();
        await db.query(
          'insert into blast_links (id, blast_id, is_anonymous, created_by) values ($1, $2, $3, $4)',
          [id, params.blastId, body.isAnonymous, user.id],
        );
        const [row] = await db.query<LinkRow>(`${linkSelect} where l.id = $1`, [id]);
        if (!row) throw notFound('Link');
        return toLink(row);
      },
    }),
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/sites/:siteId/blasts/:blastId/links',
        access: site('blasts.write'),
        summary: "A blast's links, live and revoked (newest first, paged)",
        params: blastParamsSchema,
        request: blastLinkList.request,
        selection: blastLinkList.selection,
        row: blastLinkSchema,
        def: blastLinksDef,
        // The blast of the path's site only (another site's: 404, as every record route).
        check: ({ params }: ScopeContext<{ blastId: number; siteId: number }>) =>
          loadBlast(db, params.blastId, params.siteId),
        scope: ({ params }: ScopeContext<{ blastId: number; siteId: number }>) => ({
          where: ['l.blast_id = $1'],
          params: [params.blastId],
        }),
        fileName: 'blast-links',
      },
    ),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/sites/:siteId/blasts/:blastId/links/:linkId',
      access: site('blasts.write'),
      summary: 'Revoke a link (it stops working at once; revoking twice is harmless)',
      audit: 'link revoke',
      params: blastLinkParamsSchema,
      response: blastLinkSchema,
      handler: async ({ params }) => {
        await loadBlast(db, params.blastId, params.siteId);
        await db.query(
          'update blast_links set revoked_at = now() where id = $1 and blast_id = $2 and revoked_at is null',
          [params.linkId, params.blastId],
        );
        const [row] = await db.query<LinkRow>(`${linkSelect} where l.id = $1 and l.blast_id = $2`, [
          params.linkId,
          params.blastId,
        ]);
        if (!row) throw notFound('Link');
        return toLink(row);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/blast-links/:linkId',
      access: signedIn,
      summary: 'Open a link signed in: the blast, its organisation and site, plan and download',
      params: linkParamsSchema,
      response: signedInLinkViewSchema,
      handler: async ({ params, user }) => {
        const link = await liveLink(db, params.linkId, false);
        const { blast, orgName } = await loadBlast(db, link.blast_id);
        await recordLinkView(db, blast, params.linkId);
        const orgAccess = await loadOrgAccess(db, user, blast.orgId);
        const siteAccess = orgAccess
          ? await loadSiteAccess(db, user, orgAccess, blast.siteId)
          : null;
        return {
          linkId: params.linkId,
          isAnonymous: link.is_anonymous,
          orgId: blast.orgId,
          orgName,
          siteId: blast.siteId,
          siteName: blast.siteName,
          canOpenSite: siteAccess !== null,
          blast,
          plan: await loadPlan(db, blast.id),
          downloadPath: `blast-links/${params.linkId}/file`,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/blast-links/:linkId/file',
      access: signedIn,
      summary: "Download a linked blast's .blst file (signed in)",
      params: linkParamsSchema,
      raw: true,
      handler: async ({ params, reply }) => {
        const link = await liveLink(db, params.linkId, false);
        const file = await downloadBlastFile(db, link.blast_id);
        return sendFile(reply, file.file_name, file.file_content);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/blast-links/anon/:linkId',
      access: anonymous,
      summary: 'Open an anonymous link: only that blast’s details, plan and download path',
      params: linkParamsSchema,
      response: anonymousLinkViewSchema,
      handler: async ({ params }) => {
        const link = await liveLink(db, params.linkId, true);
        const { blast } = await loadBlast(db, link.blast_id);
        await recordLinkView(db, blast, params.linkId);
        return {
          blast: toPublicBlast(blast),
          plan: await loadPlan(db, blast.id),
          downloadPath: `blast-links/anon/${params.linkId}/file`,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/blast-links/anon/:linkId/file',
      access: anonymous,
      summary: "Download an anonymous link's .blst file",
      params: linkParamsSchema,
      raw: true,
      handler: async ({ params, reply }) => {
        const link = await liveLink(db, params.linkId, true);
        const file = await downloadBlastFile(db, link.blast_id);
        return sendFile(reply, file.file_name, file.file_content);
      },
    }),
  ];
}
