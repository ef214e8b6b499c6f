import type { Db, Queryable } from '../db/types';
import { checkCount, lockOrg, type Quotas } from '../http/quotas';
import { defineRoute, org, site, type Services } from '../http/routes';
import { notFound } from '../http/envelope';
import type { ListDef } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { idResultSchema } from '@/contract/common';
import { orgParamsSchema, siteParamsSchema } from '@/contract/data/sites';
import {
  nodeLibraryColumns,
  nodeLibraryInputSchema,
  nodeLibraryList,
  nodeLibraryListItemSchema,
  nodeLibrarySchema,
  orgLibraryParamsSchema,
  siteLibraryParamsSchema,
  type LibraryNode,
  type NodeLibrary,
  type NodeLibraryListItem,
} from '@/contract/data/node-libraries';
import type { z } from 'zod';
import { toIso } from './common';

interface LibraryRow {
  id: number;
  org_id: number;
  site_id: number | null;
  name: string;
  version: string;
  description: string | null;
  node_count: number;
  updated_at: Date;
  nodes?: unknown;
}

const listColumns = `l.id, l.org_id, l.site_id, l.name, l.version, l.description,
  jsonb_array_length(l.nodes)::int as node_count, l.updated_at`;

const toItem = (r: LibraryRow): NodeLibraryListItem => ({
  id: r.id,
  orgId: r.org_id,
  siteId: r.site_id,
  name: r.name,
  version: r.version,
  description: r.description,
  nodeCount: r.node_count,
  updatedAt: toIso(r.updated_at),
});

const str = (v: unknown) =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
/** Stored nodes are JSON; anything odd in them is shown as text, never trusted. */
const toNodes = (v: unknown): LibraryNode[] =>
  (Array.isArray(v) ? v : []).map((n: unknown) => {
    const o = n !== null && typeof n === 'object' ? (n as Record<string, unknown>) : {};
    return {
      name: str(o['name']),
      type: str(o['type']),
      description: typeof o['description'] === 'string' ? o['description'] : null,
    };
  });

/** Where-clause scope of a library: org-wide (site null) or one site's. */
interface Scope {
  orgId: number;
  siteId: number | null;
}

async function loadLibrary(db: Queryable, scope: Scope, id: number, allowOrgWide = false) {
  const [row] = await db.query<LibraryRow>(
    `select ${listColumns}, l.nodes from node_libraries l
      where l.id = $1 and l.org_id = $2
        and (l.site_id is not distinct from $3::int ${allowOrgWide ? 'or l.site_id is null' : ''})`,
    [id, scope.orgId, scope.siteId],
  );
  if (!row) throw notFound('Node library');
  return { ...toItem(row), nodes: toNodes(row.nodes) } satisfies NodeLibrary;
}

const nodesJson = (input: z.output<typeof nodeLibraryInputSchema>) =>
  JSON.stringify(
    input.nodes.map((n) => ({ name: n.name, type: n.type, description: n.description || null })),
  );
/** A library's columns org_id, site_id, name, version, description, nodes, in this order. */
const libraryValues = (scope: Scope, body: z.output<typeof nodeLibraryInputSchema>) => [
  scope.orgId,
  scope.siteId,
  body.name,
  body.version,
  body.description || null,
  nodesJson(body),
];

async function createLibrary(
  db: Db,
  quotas: Quotas,
  scope: Scope,
  body: z.output<typeof nodeLibraryInputSchema>,
) {
  const id = await db.transaction(async (tx) => {
    await lockOrg(tx, scope.orgId);
    // Every library of the organisation counts, its own and its sites'.
    await checkCount(
      tx,
      'select count(*)::int as n from node_libraries where org_id = $1',
      [scope.orgId],
      quotas.nodeLibrariesPerOrg,
      'name',
      'node libraries of the organization',
    );
    const [row] = await tx.query<{ id: number }>(
      `insert into node_libraries (org_id, site_id, name, version, description, nodes)
       values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
      libraryValues(scope, body),
    );
    return row?.id ?? 0;
  });
  return loadLibrary(db, scope, id);
}

async function updateLibrary(
  db: Queryable,
  scope: Scope,
  id: number,
  body: z.output<typeof nodeLibraryInputSchema>,
) {
  const rows = await db.query<{ id: number }>(
    `update node_libraries set name = $4, version = $5, description = $6, nodes = $7::jsonb, updated_at = now()
      where id = $1 and org_id = $2 and site_id is not distinct from $3::int returning id`,
    [id, ...libraryValues(scope, body)],
  );
  if (rows.length === 0) throw notFound('Node library');
  return loadLibrary(db, scope, id);
}

async function deleteLibrary(db: Queryable, scope: Scope, id: number) {
  const rows = await db.query<{ id: number }>(
    `delete from node_libraries where id = $1 and org_id = $2 and site_id is not distinct from $3::int
     returning id`,
    [id, scope.orgId, scope.siteId],
  );
  if (rows.length === 0) throw notFound('Node library');
  return { id };
}

const librariesDef: ListDef<typeof nodeLibraryColumns, LibraryRow, NodeLibraryListItem> = {
  columns: nodeLibraryColumns,
  sql: {
    id: { sql: 'l.id' },
    name: { sql: 'l.name' },
    version: { sql: 'l.version' },
    description: { sql: 'l.description', nullable: true },
    nodeCount: { sql: 'jsonb_array_length(l.nodes)' },
    scope: { sql: `case when l.site_id is null then 'Organization' else 'Site' end` },
    updatedAt: { sql: 'l.updated_at', instant: true },
  },
  from: 'node_libraries l',
  key: 'l.id',
  select: listColumns,
  map: toItem,
  defaultSort: { by: 'name' },
};

export function nodeLibraryRoutes({ db, config }: Services) {
  const common = {
    request: nodeLibraryList.request,
    selection: nodeLibraryList.selection,
    row: nodeLibraryListItemSchema,
    def: librariesDef,
    fileName: 'node-libraries',
  };
  return [
    // Organisation-wide libraries: every member reads; org admins write.
    ...listRoutes(
      { db },
      {
        ...common,
        base: '/orgs/:orgId/node-libraries',
        access: org('nodeLibraries.read'),
        summary: "The organisation's node libraries (paged)",
        params: orgParamsSchema,
        scope: ({ params }) => ({
          where: ['l.org_id = $1', 'l.site_id is null'],
          params: [params.orgId],
        }),
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/node-libraries/:libraryId',
      access: org('nodeLibraries.read'),
      summary: 'A node library of the organisation, with its nodes',
      params: orgLibraryParamsSchema,
      response: nodeLibrarySchema,
      handler: async ({ params }) =>
        loadLibrary(db, { orgId: params.orgId, siteId: null }, params.libraryId),
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/node-libraries',
      access: org('nodeLibraries.write'),
      summary: 'Create an organisation-wide node library (org admin)',
      params: orgParamsSchema,
      body: nodeLibraryInputSchema,
      response: nodeLibrarySchema,
      handler: async ({ params, body }) =>
        createLibrary(db, config.quotas, { orgId: params.orgId, siteId: null }, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/node-libraries/:libraryId',
      access: org('nodeLibraries.write'),
      summary: 'Edit an organisation-wide node library (org admin)',
      params: orgLibraryParamsSchema,
      body: nodeLibraryInputSchema,
      response: nodeLibrarySchema,
      handler: async ({ params, body }) =>
        updateLibrary(db, { orgId: params.orgId, siteId: null }, params.libraryId, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/node-libraries/:libraryId',
      access: org('nodeLibraries.write'),
      summary: 'Delete an organisation-wide node library (org admin)',
      params: orgLibraryParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) =>
        deleteLibrary(db, { orgId: params.orgId, siteId: null }, params.libraryId),
    }),
    // Site libraries: everyone who can see the site reads; org admins and site admins write.
    ...listRoutes(
      { db },
      {
        ...common,
        base: '/orgs/:orgId/sites/:siteId/node-libraries',
        access: site('nodeLibraries.read'),
        summary: "The site's node libraries, optionally with the organisation's (paged)",
        params: siteParamsSchema,
        scope: ({
          params,
          body,
        }: ScopeContext<{ orgId: number; siteId: number }, { includeOrgLibraries?: boolean }>) => ({
          where: [
            'l.org_id = $1',
            body?.includeOrgLibraries ? '(l.site_id = $2 or l.site_id is null)' : 'l.site_id = $2',
          ],
          params: [params.orgId, params.siteId],
        }),
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/sites/:siteId/node-libraries/:libraryId',
      access: site('nodeLibraries.read'),
      summary: "A node library of the site (or the organisation's), with its nodes",
      params: siteLibraryParamsSchema,
      response: nodeLibrarySchema,
      handler: async ({ params }) =>
        loadLibrary(db, { orgId: params.orgId, siteId: params.siteId }, params.libraryId, true),
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/sites/:siteId/node-libraries',
      access: site('siteNodeLibraries.write'),
      summary: 'Create a site node library (org admin or site admin)',
      params: siteParamsSchema,
      body: nodeLibraryInputSchema,
      response: nodeLibrarySchema,
      handler: async ({ params, body }) =>
        createLibrary(db, config.quotas, { orgId: params.orgId, siteId: params.siteId }, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/sites/:siteId/node-libraries/:libraryId',
      access: site('siteNodeLibraries.write'),
      summary: 'Edit a site node library (org admin or site admin)',
      params: siteLibraryParamsSchema,
      body: nodeLibraryInputSchema,
      response: nodeLibrarySchema,
      handler: async ({ params, body }) =>
        updateLibrary(db, { orgId: params.orgId, siteId: params.siteId }, params.libraryId, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/sites/:siteId/node-libraries/:libraryId',
      access: site('siteNodeLibraries.write'),
      summary: 'Delete a site node library (org admin or site admin)',
      params: siteLibraryParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) =>
        deleteLibrary(db, { orgId: params.orgId, siteId: params.siteId }, params.libraryId),
    }),
  ];
}
