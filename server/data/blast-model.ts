import type { Db, Queryable } from '../db/types';
import { fileLabel, recordEvent } from '../db/audit-context';
import { notFound } from '../http/envelope';
import {
  blastColumns,
  type Blast,
  type BlastListItem,
  type BlastPlan,
  type PublicBlast,
} from '@/contract/data/blasts';
import type { ListDef } from '../http/list';
import { parseBlst, type BlastHole } from './blst';
import { toIso, userCols, userRef, type UserCols } from './common';

/** Select list of a blasts-table row (alias b). */
export const blastListColumns = `b.id, b.name, b.description, b.status, b.blasted_at, b.planned_at,
  b.hole_count, coalesce(b.total_charge, 0)::float8 as total_charge, b.file_name,
  coalesce(b.file_size, octet_length(b.file_content))::int as file_size, b.updated_at`;

export interface BlastListRow {
  id: number;
  name: string;
  description: string | null;
  status: 'planned' | 'fired';
  blasted_at: Date | null;
  planned_at: Date | null;
  hole_count: number;
  total_charge: number;
  file_name: string;
  file_size: number;
  updated_at: Date;
}

export const toBlastListItem = (r: BlastListRow): BlastListItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status,
  firedAt: toIso(r.blasted_at),
  plannedAt: toIso(r.planned_at),
  holeCount: r.hole_count,
  totalCharge: Number(r.total_charge),
  fileName: r.file_name,
  fileSize: r.file_size,
  updatedAt: toIso(r.updated_at),
});

/** The Blasts table, by the columns of the contract's table. */
export const blastsDef: ListDef<typeof blastColumns, BlastListRow, BlastListItem> = {
  columns: blastColumns,
  sql: {
    id: { sql: 'b.id' },
    name: { sql: 'b.name' },
    description: { sql: 'b.description', nullable: true },
    status: { sql: `case when b.status = 'fired' then 'Fired' else 'Planned' end` },
    // The table's date cell: when it was fired, or when a planned blast is planned for.
    date: {
      sql: `case when b.status = 'fired' then b.blasted_at else b.planned_at end`,
      nullable: true,
      instant: true,
    },
    firedAt: { sql: 'b.blasted_at', nullable: true, instant: true },
    plannedAt: { sql: 'b.planned_at', nullable: true, instant: true },
    holeCount: { sql: 'b.hole_count' },
    totalCharge: { sql: 'coalesce(b.total_charge, 0)' },
    fileName: { sql: 'b.file_name' },
    fileSize: { sql: 'coalesce(b.file_size, octet_length(b.file_content))' },
    updatedAt: { sql: 'b.updated_at', instant: true },
  },
  from: 'blasts b',
  key: 'b.id',
  select: blastListColumns,
  map: toBlastListItem,
  defaultSort: { by: 'date', desc: true },
};

export const toPublicBlast = (b: Blast): PublicBlast => ({
  name: b.name,
  description: b.description,
  status: b.status,
  firedAt: b.firedAt,
  plannedAt: b.plannedAt,
  holeCount: b.holeCount,
  totalCharge: b.totalCharge,
  fileName: b.fileName,
  fileSize: b.fileSize,
  updatedAt: b.updatedAt,
});

export interface BlastRow extends BlastListRow, UserCols {
  site_id: number;
  org_id: number;
  site_name: string;
  org_name: string;
  created_at: Date;
}

export interface LoadedBlast {
  blast: Blast;
  orgName: string;
}

const toBlast = (r: BlastRow): Blast => ({
  ...toBlastListItem(r),
  orgId: r.org_id,
  siteId: r.site_id,
  siteName: r.site_name,
  createdBy: userRef(r),
  createdAt: toIso(r.created_at),
});

/**
 * Loads one blast with its site and organisation. With siteId, the blast must be of that site
 * (404 otherwise: a foreign id answers like an unknown one).
 */
export async function loadBlast(
  db: Queryable,
  blastId: number,
  siteId?: number,
): Promise<LoadedBlast> {
  const params: number[] = [blastId];
  if (siteId !== undefined) params.push(siteId);
  const [row] = await db.query<BlastRow>(
    `select ${blastListColumns}, b.site_id, s.org_id, s.name as site_name, o.name as org_name,
            b.created_at, ${userCols('u')}
       from blasts b join sites s on s.id = b.site_id join orgs o on o.id = s.org_id
       left join users u on u.id = b.created_by
      where b.id = $1 ${siteId !== undefined ? 'and b.site_id = $2' : ''}`,
    params,
  );
  if (!row) throw notFound('Blast');
  return { blast: toBlast(row), orgName: row.org_name };
}

export async function loadBlastFile(db: Queryable, blastId: number) {
  const [row] = await db.query<{ file_name: string; file_content: string }>(
    'select file_name, file_content from blasts where id = $1',
    [blastId],
  );
  if (!row) throw notFound('Blast');
  return row;
}

/** A blast's .blst file for a download, which the audit trail records (docs/audit.md). */
export async function downloadBlastFile(db: Db, blastId: number) {
  const [row] = await db.query<{
    file_name: string;
    file_content: string;
    name: string;
    site_id: number;
    org_id: number;
  }>(
    `select b.file_name, b.file_content, b.name, b.site_id, s.org_id
       from blasts b join sites s on s.id = b.site_id where b.id = $1`,
    [blastId],
  );
  if (!row) throw notFound('Blast');
  await recordEvent(db, {
    orgId: row.org_id,
    siteId: row.site_id,
    action: 'download',
    recordType: 'blast',
    recordId: blastId,
    recordName: row.name,
    changes: {
      file: { before: null, after: fileLabel(row.file_name, Buffer.byteLength(row.file_content)) },
    },
  });
  return row;
}

/** The viewer's plan: holes in metres and their bounds. */
export function planOf(holes: BlastHole[]): BlastPlan {
  if (holes.length === 0) return { holes: [], bounds: { minX: 0, minY: 0, maxX: 0, maxY: 0 } };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of holes) {
    minX = Math.min(minX, h.x);
    minY = Math.min(minY, h.y);
    maxX = Math.max(maxX, h.x);
    maxY = Math.max(maxY, h.y);
  }
  return {
    holes: holes.map((h) => ({ id: h.id, x: h.x, y: h.y, depth: h.depth, charge: h.charge })),
    bounds: { minX, minY, maxX, maxY },
  };
}

export async function loadPlan(db: Queryable, blastId: number): Promise<BlastPlan> {
  const { file_content } = await loadBlastFile(db, blastId);
  try {
    return planOf(parseBlst(file_content).holes);
  } catch {
    // Stored files were parsed on upload; one that no longer parses shows no holes.
    return planOf([]);
  }
}
