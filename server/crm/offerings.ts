import {
  offeringDetailSchema,
  offeringInputSchema,
  offeringColumns,
  offeringList,
  offeringSchema,
} from '@/contract/crm/offerings';
import { idResultSchema, orgIdParamsSchema, orgParamsSchema } from '@/contract/common';
import { defineRoute, org, type Services } from '../http/routes';
import type { ListDef } from '../http/list';
import { listRoutes, type ScopeContext } from '../http/list-routes';
import { badRequest, notFound, refused } from '../http/envelope';
import { customDataOf, customDataRoutes } from './custom-data';
import type { OrgAccess } from '../auth/access';
import type { Queryable } from '../db/types';

interface Row {
  id: number;
  org_id: number;
  org_name: string;
  kind: 'product' | 'service';
  name: string;
  description: string | null;
  tags: string[];
  features: Array<{ id: number; name: string; defaultValue: boolean }> | null;
  created_at: Date;
  updated_at: Date;
}
const COLUMNS = `f.id, f.org_id, g.name as org_name, f.kind, f.name, f.description, f.tags, f.created_at, f.updated_at,
  (select json_agg(json_build_object('id', x.id, 'name', x.name, 'defaultValue', x.default_value) order by x.id) from offering_features x where x.offering_id = f.id) as features`;
const map = (r: Row) => ({
  id: r.id,
  orgId: r.org_id,
  orgName: r.org_name,
  type: r.kind,
  name: r.name,
  description: r.description,
  tags: r.tags,
  features: r.features ?? [],
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const offeringsDef: ListDef<typeof offeringColumns, Row, ReturnType<typeof map>> = {
  columns: offeringColumns,
  sql: {
    id: { sql: 'f.id' },
    name: { sql: 'f.name' },
    type: { sql: `case f.kind when 'product' then 'Product' else 'Service' end` },
    description: { sql: 'f.description', nullable: true },
    tags: { sql: `array_to_string(f.tags, ', ')` },
    featureCount: {
      sql: '(select count(*)::int from offering_features x where x.offering_id = f.id)',
    },
    createdAt: { sql: 'f.created_at', instant: true },
    updatedAt: { sql: 'f.updated_at', instant: true },
  },
  from: 'offerings f join orgs g on g.id = f.org_id',
  key: 'f.id',
  select: COLUMNS,
  map,
  defaultSort: { by: 'id' },
};

/** An organisation sells what it is enabled for: products, services (SPEC §6 capability flags). */
export const notEnabledToSell = (type: 'product' | 'service') =>
  refused(`Your organization is not enabled to sell ${type}s`);

function checkCapability(o: OrgAccess, type: 'product' | 'service') {
  const enabled =
    type === 'product'
      ? o.orgPermissions.isProductOwnerEnabled
      : o.orgPermissions.isServiceOwnerEnabled;
  if (!enabled) throw notEnabledToSell(type);
}

export interface OfferingForSale {
  id: number;
  orgId: number;
  name: string;
  type: 'product' | 'service';
  /** Its organisation is enabled to sell its type (the rule of offering create and edit). */
  sellable: boolean;
}

/**
 * An offering as something to sell: every path that sells one (a customer subscription, a
 * licence, its renewal, a registration and its completion) checks the same rule, on create and
 * on every later change. vendorOrgId scopes it to the vendor of the path.
 */
export async function offeringForSale(
  q: Queryable,
  offeringId: number,
  vendorOrgId?: number,
): Promise<OfferingForSale | undefined> {
  const [row] = await q.query<{
    id: number;
    org_id: number;
    name: string;
    kind: 'product' | 'service';
    sellable: boolean;
  }>(
    `select f.id, f.org_id, f.name, f.kind,
            case f.kind when 'product' then o.is_product_owner_enabled else o.is_service_owner_enabled end as sellable
       from offerings f join orgs o on o.id = f.org_id
      where f.id = $1 and ($2::int is null or f.org_id = $2)`,
    [offeringId, vendorOrgId ?? null],
  );
  return row
    ? { id: row.id, orgId: row.org_id, name: row.name, type: row.kind, sellable: row.sellable }
    : undefined;
}

/** The vendor's offering it may sell now: 400 on field when unknown, 403 when not enabled. */
export async function assertForSale(
  q: Queryable,
  offeringId: number,
  vendorOrgId: number,
  field = 'offeringId',
): Promise<OfferingForSale> {
  const offering = await offeringForSale(q, offeringId, vendorOrgId);
  if (!offering) throw badRequest(field, 'Unknown offering');
  if (!offering.sellable) throw notEnabledToSell(offering.type);
  return offering;
}

export const offeringRoutes = (services: Services) => {
  const { db } = services;
  const load = async (q: Queryable, orgId: number, id: number) => {
    const [row] = await q.query<Row>(
      `select ${COLUMNS} from offerings f join orgs g on g.id = f.org_id where f.org_id = $1 and f.id = $2`,
      [orgId, id],
    );
    if (!row) throw notFound('Offering');
    return {
      ...map(row),
      customData: await customDataOf(q, 'offering_custom_data', 'offering_id', id),
    };
  };
  const saveFeatures = async (
    tx: Queryable,
    offeringId: number,
    features: Array<{ id?: number | undefined; name: string; defaultValue: boolean }>,
  ) => {
    const keep = features.filter((f) => f.id !== undefined).map((f) => f.id as number);
    await tx.query(
      'delete from offering_features where offering_id = $1 and not (id = any($2::int[]))',
      [offeringId, keep],
    );
    for (const f of features) {
      if (f.id !== undefined) {
        const rows = await tx.query(
          'update offering_features set name = $3, default_value = $4 where id = $2 and offering_id = $1 returning id',
          [offeringId, f.id, f.name, f.defaultValue],
        );
        if (rows.length === 0) throw notFound('Feature');
      } else {
        await tx.query(
          'insert into offering_features (offering_id, name, default_value) values ($1, $2, $3)',
          [offeringId, f.name, f.defaultValue],
        );
      }
    }
  };
  return [
    ...listRoutes(
      { db },
      {
        base: '/orgs/:orgId/offerings',
        access: org('offerings.read'),
        summary: "The organisation's products and services",
        params: orgParamsSchema,
        request: offeringList.request,
        selection: offeringList.selection,
        row: offeringSchema,
        def: offeringsDef,
        scope: ({ params, body }: ScopeContext<{ orgId: number }, { type?: string }>) => ({
          where: [
            'f.org_id = $1',
            ...(body?.type === 'product' || body?.type === 'service'
              ? [`f.kind = '${body.type}'`]
              : []),
          ],
          params: [params.orgId],
        }),
        fileName: 'offerings',
      },
    ),
    defineRoute({
      method: 'GET',
      url: '/orgs/:orgId/offerings/:id',
      access: org('offerings.read'),
      summary: 'Product or service details with features and custom data',
      params: orgIdParamsSchema,
      response: offeringDetailSchema,
      handler: async ({ params }) => load(db, params.orgId, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/offerings',
      access: org('offerings.write'),
      summary: 'Create a product or service',
      params: orgParamsSchema,
      body: offeringInputSchema,
      response: offeringDetailSchema,
      handler: async ({ params, body, org: o }) => {
        checkCapability(o, body.type);
        return db.transaction(async (tx) => {
          const [row] = await tx.query<{ id: number }>(
            'insert into offerings (org_id, kind, name, description, tags) values ($1, $2, $3, $4, $5) returning id',
            [params.orgId, body.type, body.name, body.description ?? null, [...new Set(body.tags)]],
          );
          const id = row?.id ?? 0;
          await saveFeatures(tx, id, body.features);
          return load(tx, params.orgId, id);
        });
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/orgs/:orgId/offerings/:id',
      access: org('offerings.write'),
      summary: 'Edit a product or service (features not listed are removed)',
      params: orgIdParamsSchema,
      body: offeringInputSchema,
      response: offeringDetailSchema,
      handler: async ({ params, body, org: o }) =>
        db.transaction(async (tx) => {
          const rows = await tx.query(
            'update offerings set kind = $3, name = $4, description = $5, tags = $6, updated_at = now() where org_id = $1 and id = $2 returning id',
            [
              params.orgId,
              params.id,
              body.type,
              body.name,
              body.description ?? null,
              [...new Set(body.tags)],
            ],
          );
          if (rows.length === 0) throw notFound('Offering');
          // Once the record is known to be the caller's (another's id is a 404, whatever its
          // kind): the organisation may sell that kind, else the change is rolled back.
          checkCapability(o, body.type);
          await saveFeatures(tx, params.id, body.features);
          return load(tx, params.orgId, params.id);
        }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/orgs/:orgId/offerings/:id',
      access: org('offerings.write'),
      summary: 'Delete a product or service without subscriptions or licences',
      params: orgIdParamsSchema,
      response: idResultSchema,
      handler: async ({ params }) => {
        await load(db, params.orgId, params.id);
        const [used] = await db.query<{ n: number }>(
          'select (select count(*) from subscriptions where offering_id = $1) + (select count(*) from licences where offering_id = $1) as n',
          [params.id],
        );
        if ((used?.n ?? 0) > 0)
          throw refused('This offering has subscriptions or licences and cannot be deleted');
        await db.query('delete from offerings where org_id = $1 and id = $2', [
          params.orgId,
          params.id,
        ]);
        return { id: params.id };
      },
    }),
    ...customDataRoutes(services, {
      table: 'offering_custom_data',
      ownerColumn: 'offering_id',
      url: '/orgs/:orgId/offerings/:id/custom-data',
      recordParam: 'recordId',
      write: {
        access: org('offerings.write'),
        add: 'Add a custom data record to an offering',
        edit: "Edit an offering's custom data record",
        remove: "Delete an offering's custom data record",
      },
      owner: async (q, p, lock) => {
        const [row] = await q.query<{ id: number }>(
          `select id from offerings where org_id = $1 and id = $2${lock ? ' for update' : ''}`,
          [p.orgId, p.id],
        );
        if (!row) throw notFound('Offering');
        return row.id;
      },
    }),
  ];
};
