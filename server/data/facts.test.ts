import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseBlst } from './blst';
import { backfillBlastFacts, factsOf } from './facts';
import { createTestApp, TEST_CONFIG } from '../test/harness';

/**
 * The facts the blast lists show (hole count, total charge, file size) are stored with each
 * blast. A row written without them (before migration 010) gets them when the stack starts.
 */
interface Stored {
  id: number;
  file_content: string;
  hole_count: number;
  total_charge: number | null;
  file_size: number | null;
}

it('a blast stored without its facts gets them, from its file, when the stack starts', async () => {
  const app = await createTestApp();
  try {
    const db = app.services.db;
    const read = () =>
      db.query<Stored>(
        `select id, file_content, hole_count, total_charge, file_size from blasts
          where id in (1, 2, 3) order by id`,
      );
    const seeded = await read();
    for (const b of seeded) {
      expect(factsOf(b.file_content, parseBlst(b.file_content).holes)).toEqual({
        holeCount: b.hole_count,
        totalCharge: b.total_charge,
        fileSize: b.file_size,
      });
    }
    await db.query(
      `update blasts set total_charge = null, file_size = null, hole_count = 0 where id in (1, 2)`,
    );
    await db.query(
      `update blasts set file_size = null, file_content = 'not a blast file' where id = 3`,
    );

    const restarted = await buildApp({ db, keepDbOpen: true, seed: false, config: TEST_CONFIG });
    await restarted.close();

    const [one, two, three] = await read();
    expect(one).toEqual(seeded[0]);
    expect(two).toEqual(seeded[1]);
    // A file that no longer parses keeps its hole count and shows no charge.
    expect(three).toEqual({
      ...seeded[2],
      file_content: 'not a blast file',
      total_charge: 0,
      file_size: 16,
    });
  } finally {
    await app.close();
  }
});

it('fills the blasts in batches until none is left without its facts', async () => {
  const app = await createTestApp();
  try {
    const db = app.services.db;
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      `with emptied as (update blasts set total_charge = null where id <= 5 returning 1)
       select count(*)::int as n from emptied`,
    );
    expect(n).toBe(5);
    expect(await backfillBlastFacts(db, 2)).toBe(5);
    expect(await backfillBlastFacts(db, 2)).toBe(0);
    expect(
      await db.query(`select count(*)::int as n from blasts where total_charge is null`),
    ).toEqual([{ n: 0 }]);
  } finally {
    await app.close();
  }
});
