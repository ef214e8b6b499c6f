import { z } from 'zod';
import {
  customDataInputSchema,
  customDataRecordSchema,
  idResultSchema,
  idSchema,
} from '@/contract/common';
import { defineRoute, type Access, type Services } from '../http/routes';
import { notFound } from '../http/envelope';
import { checkCount } from '../http/quotas';
import type { Queryable } from '../db/types';

/**
 * Custom data records (SPEC §3) of an organisation and of an offering: one set of routes for
 * both owners. The owner comes from the path and is checked (and locked, for the quota) before
 * any record is touched, so a record of another owner is a 404.
 */
interface CdRow {
  id: number;
  name: string;
  description: string | null;
  execution_priority: number;
  data: string;
}
const CD_COLUMNS = 'id, name, description, execution_priority, data';
const mapCd = (r: CdRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  executionPriority: r.execution_priority,
  data: r.data,
});

export interface CustomDataOwner {
  table: 'org_custom_data' | 'offering_custom_data';
  ownerColumn: 'org_id' | 'offering_id';
  /** The records' collection URL; its path parameters are ids. */
  url: string;
  /** The record id's path parameter. */
  recordParam: string;
  /** Who may list the records (GET on the collection); undefined: no such route. */
  read?: { access: Access; summary: string };
  write: { access: Access; add: string; edit: string; remove: string };
  /**
   * The owner's id from the path, 404 when it is not in the path's organisation; with lock, its
   * row is locked for the quota check of a new record.
   */
  owner: (q: Queryable, params: Record<string, number>, lock: boolean) => Promise<number>;
}

/** An owner's records in their execution order. */
export async function customDataOf(
  q: Queryable,
  table: CustomDataOwner['table'],
  ownerColumn: CustomDataOwner['ownerColumn'],
  ownerId: number,
) {
  const rows = await q.query<CdRow>(
    `select ${CD_COLUMNS} from ${table} where ${ownerColumn} = $1 order by execution_priority, id`,
    [ownerId],
  );
  return rows.map(mapCd);
}

const idsOf = (url: string) =>
  z.object(Object.fromEntries([...url.matchAll(/:(\w+)/g)].map((m) => [m[1], idSchema])));

export function customDataRoutes({ db, config }: Services, o: CustomDataOwner) {
  const { table, ownerColumn: col } = o;
  const recordUrl = `${o.url}/:${o.recordParam}`;
  const listParams = idsOf(o.url);
  const recordParams = idsOf(recordUrl);
  const recordId = (p: Record<string, number>) => p[o.recordParam] as number;
  return [
    ...(o.read
      ? [
          defineRoute({
            method: 'GET',
            url: o.url,
            access: o.read.access,
            summary: o.read.summary,
            params: listParams,
            response: z.array(customDataRecordSchema),
            handler: async ({ params }) =>
              customDataOf(
                db,
                table,
                col,
                await o.owner(db, params as Record<string, number>, false),
              ),
          }),
        ]
      : []),
    defineRoute({
      method: 'POST',
      url: o.url,
      access: o.write.access,
      summary: o.write.add,
      params: listParams,
      body: customDataInputSchema,
      response: customDataRecordSchema,
      handler: async ({ params, body }) =>
        db.transaction(async (tx) => {
          const ownerId = await o.owner(tx, params as Record<string, number>, true);
          await checkCount(
            tx,
            `select count(*)::int as n from ${table} where ${col} = $1`,
            [ownerId],
            config.quotas.customDataRecords,
            'name',
            'custom data records',
          );
          const [row] = await tx.query<CdRow>(
            `insert into ${table} (${col}, name, description, execution_priority, data)
             values ($1, $2, $3, $4, $5) returning ${CD_COLUMNS}`,
            [ownerId, body.name, body.description ?? null, body.executionPriority, body.data],
          );
          return row ? mapCd(row) : null;
        }),
    }),
    defineRoute({
      method: 'PUT',
      url: recordUrl,
      access: o.write.access,
      summary: o.write.edit,
      params: recordParams,
      body: customDataInputSchema,
      response: customDataRecordSchema,
      handler: async ({ params, body }) => {
        const p = params as Record<string, number>;
        const ownerId = await o.owner(db, p, false);
        const [row] = await db.query<CdRow>(
          `update ${table} set name = $3, description = $4, execution_priority = $5, data = $6
            where ${col} = $1 and id = $2 returning ${CD_COLUMNS}`,
          [
            ownerId,
            recordId(p),
            body.name,
            body.description ?? null,
            body.executionPriority,
            body.data,
          ],
        );
        if (!row) throw notFound('Custom data record');
        return mapCd(row);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: recordUrl,
      access: o.write.access,
      summary: o.write.remove,
      params: recordParams,
      response: idResultSchema,
      handler: async ({ params }) => {
        const p = params as Record<string, number>;
        const ownerId = await o.owner(db, p, false);
        const rows = await db.query(
          `delete from ${table} where ${col} = $1 and id = $2 returning id`,
          [ownerId, recordId(p)],
        );
        if (rows.length === 0) throw notFound('Custom data record');
        return { id: recordId(p) };
      },
    }),
  ];
}
