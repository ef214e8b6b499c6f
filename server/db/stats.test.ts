import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite';
import { refreshPlannerStats } from './stats';

describe('refreshPlannerStats (PGlite has no autovacuum)', () => {
  it('analyzes tables never analyzed, then only those grown by more than 10 %', async () => {
    const db = await openPglite();
    try {
      await db.exec('create table big (id int primary key, org int); create table small (id int)');
      await db.exec('insert into big select g, g % 3 from generate_series(1, 2000) g');
      const reltuples = async () =>
        Object.fromEntries(
          (
            await db.query<{ relname: string; reltuples: number }>(
              "select relname, reltuples from pg_class where relname in ('big', 'small')",
            )
          ).map((r) => [r.relname, r.reltuples]),
        );
      expect((await reltuples()).big).toBeLessThan(0); // never analyzed: the planner guesses
      expect(await refreshPlannerStats(db)).toEqual(['big', 'small']);
      expect((await reltuples()).big).toBe(2000);
      expect(await refreshPlannerStats(db)).toEqual([]);
      await db.exec('insert into big select g, 0 from generate_series(2001, 2050) g');
      expect(await refreshPlannerStats(db)).toEqual([]); // a few rows more: not yet
      await db.exec('delete from big where id > 2000');
      await db.exec('insert into big select g, 0 from generate_series(2001, 3000) g');
      expect(await refreshPlannerStats(db)).toEqual(['big']);
      expect((await reltuples()).big).toBe(3000);
    } finally {
      await db.close();
    }
  });
});
