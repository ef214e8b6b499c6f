import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite';
import { refreshPlannerStats } from './stats';

describe('refreshPlannerStats (PGlite has no autovacuum)', () => {
  it('analyzes tables never analyzed, then only those grown by more than 10 %', async () => {
    const db = await openPglite();
    try {
      await db.exec('create table big (id int primary key, org int); create table small (id int)');
      await db.exec('insert into big select g, g % 3 from generate_series(1, 2000) g');
      const catalog = async () =>
        (
          await db.query<{ reltuples: number; relpages: number; relallvisible: number }>(
            "select reltuples, relpages, relallvisible from pg_class where relname = 'big'",
          )
        )[0];
      const reltuples = async () => ({ big: (await catalog())?.reltuples });
      expect((await reltuples()).big).toBeLessThan(0); // never analyzed: the planner guesses
      expect((await catalog())?.relallvisible).toBe(0);
      expect(await refreshPlannerStats(db)).toEqual(['big', 'small']);
      expect((await reltuples()).big).toBe(2000);
      // Vacuumed too: every page marked all-visible, so an index answers a walk alone.
      const after = await catalog();
      expect(after?.relallvisible).toBe(after?.relpages);
      expect(after?.relpages).toBeGreaterThan(0);
      const plan = await db.query<{ 'QUERY PLAN': string }>(
        'explain (analyze, costs off) select id from big where id > 10 order by id offset 1500 limit 5',
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Heap Fetches: 0/);
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
