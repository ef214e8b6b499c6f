import { z } from 'zod';
import { orgParamsSchema } from '@/contract/common';
import {
  activityColumns,
  activityList,
  auditEventSchema,
  auditLogColumns,
  auditLogList,
  type AuditEvent,
  type AuditRecord,
} from '@/contract/crm/audit';
import { verifyTrail } from '../db/audit';
import { siteParamsSchema } from '@/contract/data/sites';
import { defineRoute, org, site, sysadmin, type Services } from '../http/routes';
import type { ColumnSql, ListDef, Scope } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';

const chainBreakSchema = z.object({
  chain: z.union([z.number().int(), z.literal('legacy')]),
  eventId: z.number().int(),
  // hash: the event does not match its hash or its predecessor; head: the chain's head names an
  // event the chain does not end with (events removed at its end), lastEventId its last one there.
  reason: z.enum(['hash', 'head']),
  lastEventId: z.number().int().nullable().optional(),
});

/** One event as the lists answer it, built in SQL (ids are bigint: JSON numbers here). */
const EVENT = `json_build_object(
  'id', e.id, 'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'orgId', e.org_id, 'orgName', o.name, 'siteId', e.site_id,
  'actorUserId', e.actor_user_id, 'actorName', e.actor_name, 'action', e.action,
  'recordType', e.record_type, 'recordId', e.record_id, 'recordName', e.record_name,
  'changes', e.changes, 'requestId', e.request_id, 'ip', e.ip, 'userAgent', e.user_agent
)`;
type Json = { row: AuditEvent };

const activitySql = {
  id: { sql: 'e.id' },
  at: { sql: 'e.at', instant: true },
  actorName: {
    sql: 'e.actor_name',
    // The trail's actors are few: their names are kept apart (migrations 093 and 094), found
    // there first for the filter and the search, and the events tested by equality (the B-tree
    // index of the chain and the actor).
    lookup: {
      fk: 'e.actor_name',
      from: 'audit_actor_names n',
      key: 'n.name',
      name: 'n.name',
      searchByIndex: true,
    },
  },
  action: { sql: 'e.action' },
  recordType: { sql: 'e.record_type' },
  recordName: { sql: 'e.record_name', nullable: true },
} satisfies Record<keyof typeof activityColumns, ColumnSql>;

const common = {
  // The organisation's name (the Audit log's column) is of the organisation now.
  from: 'audit_events e left join orgs o on o.id = e.org_id',
  key: 'e.id',
  select: `${EVENT} as row`,
  map: (r: Json) => r.row,
  // A page passes each event's JSON text through to the answer (listPageJson, http/list.ts).
  selectJson: `${EVENT}::text as row`,
  // Newest first: the trail's order, which the indexes (chain, record) serve.
  defaultSort: { by: 'id' as const, desc: true },
};

/** Activity (and History): one organisation's events. */
export const activityDef: ListDef<typeof activityColumns, Json, AuditEvent> = {
  columns: activityColumns,
  sql: activitySql,
  ...common,
};

/** Audit log (sysadmin): every organisation's events, with the organisation. */
export const auditLogDef: ListDef<typeof auditLogColumns, Json, AuditEvent> = {
  columns: auditLogColumns,
  sql: {
    ...activitySql,
    // Every chain: the events of the actors found, in the chains they acted in (migration 094),
    // which the index of the chain and the actor answers, as it does an organisation's Activity.
    actorName: {
      ...activitySql.actorName,
      lookup: {
        ...activitySql.actorName.lookup,
        group: { fk: 'coalesce(e.org_id, 0)', key: 'n.chain' },
      },
    },
    orgName: {
      sql: 'o.name',
      nullable: true,
      // The chain's index finds the organisations' events (an organisation's id is never 0),
      // in the search's `or` too: with the index of the chain and the actor and the trigram
      // index of the record's name (migration 091) a rare search is a bitmap of indexes, not a
      // scan of the trail.
      lookup: { fk: 'coalesce(e.org_id, 0)', from: 'orgs o', key: 'o.id', searchByIndex: true },
    },
  },
  ...common,
};

type Body = { record?: AuditRecord | undefined };

/** A record's History: its events only (the index on record type and id finds them). */
function recordScope(scope: Scope, body: Body | undefined): Scope {
  if (!body?.record) return scope;
  const n = scope.params.length;
  return {
    where: [...scope.where, `e.record_type = $${n + 1}`, `e.record_id = $${n + 2}`],
    params: [...scope.params, body.record.type, body.record.id],
  };
}

/** A site's Activity (and its records' History): the site's events of its organisation's chain. */
export const siteActivityRoutes = ({ db }: Services) =>
  // The site's own events, whatever the filters, record or ids sent: the scope is the path's
  // (site access has already answered 404 for a site of another organisation).
  listRoutes(
    { db },
    {
      base: '/orgs/:orgId/sites/:siteId/activity',
      access: site('siteActivity.read'),
      summary: "Activity: the site's events of the audit trail, newest first (paged)",
      params: siteParamsSchema,
      request: activityList.request,
      selection: activityList.selection,
      row: auditEventSchema,
      def: activityDef,
      scope: ({ params, body }: ScopeContext<{ orgId: number; siteId: number }, Body>) =>
        recordScope(
          {
            where: ['coalesce(e.org_id, 0) = $1', 'e.site_id = $2'],
            params: [params.orgId, params.siteId],
          },
          body,
        ),
      fileName: 'site-activity',
    },
  );

/** The audit trail's routes of the CRM service (docs/audit.md). */
export const auditRoutes = ({ db }: Services) => [
  // The organisation's own events, whatever the filters or ids sent: the scope is the path's.
  ...listRoutes(
    { db },
    {
      base: '/orgs/:orgId/activity',
      access: org('activity.read'),
      summary: "Activity: the organisation's events of the audit trail, newest first (paged)",
      params: orgParamsSchema,
      request: activityList.request,
      selection: activityList.selection,
      row: auditEventSchema,
      def: activityDef,
      scope: ({ params, body }: ScopeContext<{ orgId: number }, Body>) =>
        recordScope({ where: ['coalesce(e.org_id, 0) = $1'], params: [params.orgId] }, body),
      fileName: 'activity',
    },
  ),
  ...listRoutes(
    { db },
    {
      base: '/audit',
      access: sysadmin('audit.read'),
      summary: 'Audit log: the events of every organisation, newest first (sysadmin)',
      request: auditLogList.request,
      selection: auditLogList.selection,
      row: auditEventSchema,
      def: auditLogDef,
      scope: ({ body }: ScopeContext<unknown, Body>) =>
        recordScope({ where: [], params: [] }, body),
      fileName: 'audit-log',
    },
  ),
  defineRoute({
    method: 'GET',
    url: '/audit/verify',
    access: sysadmin('audit.read'),
    summary: "Recomputes every organisation's hash chain of the audit trail (sysadmin)",
    response: z.object({
      events: z.number().int(),
      chains: z.number().int(),
      broken: z.array(chainBreakSchema),
    }),
    handler: () => verifyTrail(db),
  }),
];
