import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { issuedLicencesDef } from '../crm/licences';
import { createTestApp } from '../test/harness';
import { pageQuery } from './list';

/**
 * A list's search on the names it reaches by a foreign key finds them by index (migration 040's
 * trigram indexes) and probes the keys per row (`fk in (…)`): at a million licences the search
 * is then tens of milliseconds, not seconds (docs/performance.md). The demo data is too small
 * for the planner to prefer an index by itself, so sequential scans are priced out here: the
 * plan shows which indexes can serve the statement at all.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function planOf(sql: string, params: unknown[]) {
  return app.services.db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe("the Issued Licences search on its lookups' names", () => {
  it('finds the customers, offerings, subscriptions and users by their trigram indexes', async () => {
    const { sql, params } = pageQuery(
      issuedLicencesDef,
      { where: ['l.vendor_org_id = $1'], params: [1] },
      { take: 50, search: 'ridge' },
    );
    const plan = await planOf(sql, params);
    for (const index of [
      'orgs_name_trgm',
      'offerings_name_trgm',
      'subscriptions_name_trgm',
      'users_display_trgm',
    ])
      expect(plan).toContain(index);
  });

  it('tests each row against the keys found, not against an array of them', async () => {
    const { sql } = pageQuery(
      issuedLicencesDef,
      { where: ['l.vendor_org_id = $1'], params: [1] },
      { take: 50, search: 'ridge' },
    );
    expect(sql).toMatch(
      /exists \(select co\.id from orgs co where .* and co\.id = l\.customer_org_id\)/,
    );
    expect(sql).not.toMatch(/= any\(array\(select/);
  });
});
