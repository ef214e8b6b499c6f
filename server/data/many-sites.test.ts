import { beforeAll, describe, expect, it } from 'vitest';
import { dataTestApp } from './test-support';

/**
 * Issue 16 at scale: an organisation with more than 1,000 sites and subscriptions. The Data
 * dashboard's totals, its table of sites, the landing page's sites and the Site Admin
 * subscription picker stay true past the 1,000 rows they were once cut at.
 */
const data = dataTestApp();
const { call } = data;

/** Borealis Quarries (org 2): submanager@ opens every one of its sites. */
const BOREALIS = 2;
const EXTRA = 1200;

interface Page<T> {
  results: T[];
  totalAvailable: number;
  fetchedCount: number;
}

beforeAll(async () => {
  const { db } = data.app.services;
  // Set-based: 1,200 more sites (named after the demo's, so they sort last), one fired blast
  // of 10 holes and 2.5 kg each, and 1,200 more subscriptions Borealis holds.
  await db.query(
    `insert into sites (org_id, name, location)
     select $1, 'Zz Bulk Site ' || lpad(g::text, 4, '0'), 'Row ' || g
       from generate_series(1, $2::int) g`,
    [BOREALIS, EXTRA],
  );
  await db.query(
    `insert into blasts (site_id, name, file_name, file_content, hole_count, blasted_at, status, total_charge)
     select s.id, 'Bulk blast', 'bulk.blst', 'BLST 1', 10, now(), 'fired', 2.5
       from sites s where s.org_id = $1 and s.name like 'Zz Bulk Site %'`,
    [BOREALIS],
  );
  const [vendor] = await db.query<{ vendor_org_id: number; offering_id: number }>(
    'select vendor_org_id, offering_id from subscriptions where subscriber_org_id = $1 limit 1',
    [BOREALIS],
  );
  await db.query(
    `insert into subscriptions (vendor_org_id, subscriber_org_id, offering_id, name, start_date)
     select $1, $2, $3, 'Zz Bulk Subscription ' || lpad(g::text, 4, '0'), current_date
       from generate_series(1, $4::int) g`,
    [vendor?.vendor_org_id, BOREALIS, vendor?.offering_id, EXTRA],
  );
});

const sumOf = async (sql: string) => {
  const [row] = await data.app.services.db.query<{ n: number }>(sql, [BOREALIS]);
  return Number(row?.n);
};

describe('more than 1,000 sites', () => {
  it('totals every site and blast of the dashboard in SQL, not over a cut list', async () => {
    const sites = await sumOf('select count(*)::int as n from sites where org_id = $1');
    const blasts = await sumOf(
      'select count(*)::int as n from blasts b join sites s on s.id = b.site_id where s.org_id = $1',
    );
    const holes = await sumOf(
      'select sum(hole_count)::int as n from blasts b join sites s on s.id = b.site_id where s.org_id = $1',
    );
    expect(sites).toBeGreaterThan(1000);
    const d = await call('submanager', 'GET', '/dashboard');
    expect(d.status).toBe(200);
    expect(d.data.totals).toMatchObject({ sites, blasts, holes });
    // This month's blasts include every bulk site's (the 1,001st and beyond too).
    expect(d.data.blastsPerMonth.at(-1).blasts).toBeGreaterThanOrEqual(EXTRA);
  });

  it("pages the dashboard's sites with the true total; the last one is found by search and by sort", async () => {
    const first = await call<Page<{ siteName: string }>>(
      'submanager',
      'POST',
      '/dashboard/sites/list',
      { take: 20 },
    );
    expect(first.status).toBe(200);
    expect(first.data.totalAvailable).toBe(EXTRA + 4);
    expect(first.data.results).toHaveLength(20);
    const found = await call<Page<{ siteName: string; blasts: number; holes: number }>>(
      'submanager',
      'POST',
      '/dashboard/sites/list',
      { search: 'bulk site 1200' },
    );
    expect(found.data.results).toEqual([
      expect.objectContaining({ siteName: 'Zz Bulk Site 1200', blasts: 1, holes: 10 }),
    ]);
    const last = await call<Page<{ siteName: string }>>(
      'submanager',
      'POST',
      '/dashboard/sites/list',
      { take: 1, sortBy: 'siteName', sortDesc: true },
    );
    expect(last.data.results[0]?.siteName).toBe('Zz Bulk Site 1200');
  });

  it('pages and searches the sites the caller can open (the landing page)', async () => {
    const first = await call<Page<{ name: string }>>('submanager', 'GET', '/my-sites?take=30');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ totalAvailable: EXTRA + 4, fetchedCount: 30 });
    const found = await call<Page<{ name: string }>>(
      'submanager',
      'GET',
      `/my-sites?search=${encodeURIComponent('Bulk Site 1001')}`,
    );
    expect(found.data.results.map((s) => s.name)).toEqual(['Zz Bulk Site 1001']);
    expect(found.data.totalAvailable).toBe(1);
    const deep = await call<Page<{ name: string }>>(
      'submanager',
      'GET',
      `/my-sites?skip=${EXTRA + 3}&take=30`,
    );
    expect(deep.data.results.map((s) => s.name)).toEqual(['Zz Bulk Site 1200']);
    expect((await call('submanager', 'GET', '/my-sites?take=1001')).status).toBe(400);
  });

  it('pages and searches the subscriptions a site may use (the Site Admin picker)', async () => {
    const held = await sumOf(
      'select count(*)::int as n from subscriptions where subscriber_org_id = $1',
    );
    expect(held).toBeGreaterThan(1000);
    const first = await call<Page<{ name: string }>>(
      'sysadmin',
      'GET',
      `/orgs/${BOREALIS}/site-subscriptions?take=50`,
    );
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ totalAvailable: held, fetchedCount: 50 });
    const found = await call<Page<{ name: string }>>(
      'sysadmin',
      'GET',
      `/orgs/${BOREALIS}/site-subscriptions?search=${encodeURIComponent('subscription 1200')}`,
    );
    expect(found.data.results.map((s) => s.name)).toEqual(['Zz Bulk Subscription 1200']);
  });
});
