import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp, ORGS } from '../test/harness';
import { operatorSiteCount, seedOperatorSites } from './operator-sites';

/**
 * DEMO_SCALE grows the large operator's sites (issue 16): Acme Mining runs many sites, with
 * members and blasts, so that the site portal's lists can be tried by hand at scale. DEMO_SCALE
 * 1 and below (the tests' and e2e's data) add none.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const count = async (sql: string) => {
  const [row] = await app.services.db.query<{ n: number }>(sql, [ORGS.acme]);
  return row?.n ?? 0;
};
const acmeSites = () => count('select count(*)::int as n from sites where org_id = $1');

describe('DEMO_SCALE grows Acme Mining sites', () => {
  it('adds none at the scales the tests and e2e run (0.1, 0.2, 1)', async () => {
    const before = await acmeSites();
    for (const scale of [0.1, 0.2, 1]) {
      expect(operatorSiteCount(scale)).toBe(0);
      expect(await app.services.db.transaction((tx) => seedOperatorSites(tx, scale))).toBe(0);
    }
    expect(await acmeSites()).toBe(before);
  });

  it('adds sites in proportion to the scale, each with members and blasts', async () => {
    expect(operatorSiteCount(2)).toBe(50);
    expect(operatorSiteCount(3)).toBe(100);
    const before = await acmeSites();
    await app.services.db.transaction((tx) => seedOperatorSites(tx, 3));
    expect(await acmeSites()).toBe(before + 100);
    const bare = await count(
      `select count(*)::int as n from sites s where s.org_id = $1 and s.id > 5
          and (not exists (select 1 from site_members m where m.site_id = s.id and m.is_site_admin)
               or (select count(*) from blasts b where b.site_id = s.id) <> 5)`,
    );
    expect(bare).toBe(0);
    const names = await count('select count(distinct name)::int as n from sites where org_id = $1');
    expect(names).toBe(before + 100);
    // Spread over the year: the dashboard's chart of blasts per month is not one bar.
    const months = await count(
      `select count(distinct date_trunc('month', b.blasted_at))::int as n
         from blasts b join sites s on s.id = b.site_id where s.org_id = $1 and s.id > 5`,
    );
    expect(months).toBeGreaterThanOrEqual(9);
  });
});
