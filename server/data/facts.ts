import type { Db } from '../db/types';
import { parseBlst, type BlastHole } from './blst';

/** Facts the lists show without parsing each file. */
export interface BlastFacts {
  holeCount: number;
  totalCharge: number;
  fileSize: number;
}

const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function factsOf(content: string, holes: BlastHole[]): BlastFacts {
  return {
    holeCount: holes.length,
    totalCharge: round(
      holes.reduce((sum, h) => sum + h.charge, 0),
      1,
    ),
    fileSize: Buffer.byteLength(content, 'utf8'),
  };
}

/**
 * Fills total_charge and file_size (migration 010) of blasts written without them (rows older
 * than that migration). Runs at start-up; a no-op once every row has its facts.
 */
export async function backfillBlastFacts(db: Db, batch = 500): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db.query<{ id: number; file_content: string }>(
      `select id, file_content from blasts where total_charge is null or file_size is null
        order by id limit ${batch}`,
    );
    if (rows.length === 0) return done;
    const ids: number[] = [];
    const charges: number[] = [];
    const sizes: number[] = [];
    const counts: number[] = [];
    for (const row of rows) {
      let facts: BlastFacts;
      try {
        const { holes } = parseBlst(row.file_content);
        facts = factsOf(row.file_content, holes);
      } catch {
        // A file that no longer parses keeps its stored hole count; it shows a zero charge.
        facts = { holeCount: -1, totalCharge: 0, fileSize: Buffer.byteLength(row.file_content) };
      }
      ids.push(row.id);
      charges.push(facts.totalCharge);
      sizes.push(facts.fileSize);
      counts.push(facts.holeCount);
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `update blasts b
            set total_charge = v.charge, file_size = v.size,
                hole_count = case when v.holes >= 0 then v.holes else b.hole_count end
           from (select unnest($1::int[]) as id, unnest($2::float8[]) as charge,
                        unnest($3::int[]) as size, unnest($4::int[]) as holes) v
          where b.id = v.id`,
        [ids, charges, sizes, counts],
      );
    });
    done += rows.length;
  }
}
