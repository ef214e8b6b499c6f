import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor } from '../test/harness';
import { LICENCE_COLUMNS, LICENCE_FROM, mapLicence, type LicenceRow } from '../crm/licences';

// The totals beside each page must stay exact (below the estimate threshold), and the rows the
// licence lists build in SQL must equal what mapLicence builds.
let app: App;
let headers: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  headers = bearer(await tokenFor(app, 'owner'));
});
afterAll(async () => {
  await app.close();
});

const list = async (orgId: number, body: Record<string, unknown>, who = headers) => {
  const res = await app.inject({
    method: 'POST',
    url: `/crm/v1/orgs/${orgId}/issued-licences/list`,
    headers: who,
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    results: Array<{ id: number; vendorOrg: { id: number }; state: { name: string } }>;
    fetchedCount: number;
    skippedCount: number;
    totalAvailable: number;
  };
};
const count = async (where: string, params: unknown[]) =>
  (await app.services.db.query<{ n: number }>(`select count(*)::int as n from ${where}`, params))[0]
    ?.n;

describe('paged lists: exact totals and rows built in SQL', () => {
  it('answers the exact total beside each page, and past the end', async () => {
    const total = await count('licences where vendor_org_id = $1', [1]);
    expect(total).toBeGreaterThan(10);
    const first = await list(1, { skip: 0, take: 5 });
    expect(first).toMatchObject({ fetchedCount: 5, skippedCount: 0, totalAvailable: total });
    expect(first.results.every((r) => r.vendorOrg.id === 1)).toBe(true);
    expect(Object.keys(first.results[0] ?? {})).not.toContain('__total');
    const last = await list(1, { skip: (total ?? 0) - 2, take: 5 });
    expect(last).toMatchObject({ fetchedCount: 2, totalAvailable: total });
    const past = await list(1, { skip: (total ?? 0) + 10, take: 5 });
    expect(past).toMatchObject({ results: [], fetchedCount: 0, totalAvailable: total });
  });

  it('counts with the state filter and with a search over the joined names', async () => {
    const suspended = await count("licences where vendor_org_id = $1 and state = 'Suspended'", [1]);
    const page = await list(1, { skip: 0, take: 3, state: 'Suspended' });
    expect(page.totalAvailable).toBe(suspended);
    expect(page.results.every((r) => r.state.name === 'Suspended')).toBe(true);
    const matching = await count(
      `licences l join orgs co on co.id = l.customer_org_id join offerings f on f.id = l.offering_id
       left join subscriptions s on s.id = l.subscription_id
       where l.vendor_org_id = $1 and (co.name ilike $2 or f.name ilike $2 or s.name ilike $2)`,
      [1, '%bo%'],
    );
    expect(matching).toBeGreaterThan(0);
    expect((await list(1, { skip: 0, take: 2, search: 'bo' })).totalAvailable).toBe(matching);
    expect(await list(1, { skip: 0, take: 2, search: 'no such name' })).toMatchObject({
      results: [],
      totalAvailable: 0,
    });
  });

  it('builds each listed licence in SQL exactly as mapLicence does', async () => {
    const db = app.services.db;
    // Edge cases: no subscription and no user, an Active licence past its expiry, milliseconds.
    await db.query(
      `insert into licences (vendor_org_id, customer_org_id, offering_id, state, seats, expiry, issued_at)
       values (1, 3, 1, 'Active', 2, date '2020-02-02', timestamptz '2026-01-02 03:04:05.678+00'),
              (3, 1, 1, 'Suspended', 1, null, now())`,
    );
    const sysadmin = bearer(await tokenFor(app, 'sysadmin'));
    for (const [url, where, side] of [
      ['/crm/v1/orgs/1/issued-licences/list', 'l.vendor_org_id = 1', 'customer'],
      ['/crm/v1/orgs/1/licences/list', 'l.customer_org_id = 1', 'vendor'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: sysadmin,
        payload: { skip: 0, take: 1000, sortBy: 'issuedAt', sortDesc: true },
      });
      expect(res.statusCode).toBe(200);
      const expected = (
        await db.query<LicenceRow>(
          `select ${LICENCE_COLUMNS} from ${LICENCE_FROM} where ${where} order by l.issued_at desc, l.id desc limit 1000`,
        )
      ).map(mapLicence(side));
      const results = res.json().data.results;
      expect(results).toEqual(expected);
      expect(results.length).toBeGreaterThan(1);
      expect(JSON.stringify(results)).toBe(JSON.stringify(expected)); // same keys, same order
    }
  });
});
