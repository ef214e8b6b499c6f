import type { Queryable } from '../db/types';
import { SITE_A, SITE_B } from './names';

/**
 * DEMO_SCALE above 1 grows the large operator's sites too (issue 16: the site portal's Sites
 * landing 'Show more' and the Dashboard's site table tried by hand at scale): Acme Mining (org
 * 1) gets 50 more sites per unit of scale above 1 (DEMO_SCALE 3: 100), each with up to three of
 * Acme's active members and five blasts copied from the Acme Test Range's. Set-based SQL after
 * the seeders, so that DEMO_SCALE 1 and below (the tests' and e2e's data) stay as they were.
 */
export const operatorSiteCount = (scale: number): number =>
  scale > 1 ? Math.round(50 * (scale - 1)) : 0;

const OPERATOR_ORG = 1;
const TEMPLATE_SITE = 5; // Acme Test Range: its blasts are copied
const BLASTS_PER_SITE = 5;

const textArray = (items: readonly string[]) =>
  `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

export async function seedOperatorSites(tx: Queryable, scale: number): Promise<number> {
  const count = operatorSiteCount(scale);
  if (count === 0) return 0;
  await tx.query(
    `insert into sites (id, org_id, name, description, location, subscription_id)
     select b.base + i, $1::int,
            (${textArray(SITE_A)})[1 + (i * 7919) % ${SITE_A.length}] || ' ' ||
            (${textArray(SITE_B)})[1 + (i * 104729) % ${SITE_B.length}] || ' ' || (b.base + i),
            null, null, null
       from generate_series(1, $2::int) i
      cross join (select coalesce(max(id), 0) as base from sites) b
      order by i`,
    [OPERATOR_ORG, count],
  );
  // Up to three active members per site, taken in turn: the first is its site admin.
  await tx.query(
    `insert into site_members (site_id, user_id, is_site_admin, is_site_user)
     select s.id, m.user_id, k = 0, k <> 0
       from (select id, row_number() over (order by id) as n from sites
              where org_id = $1::int and id > $2::int) s
      cross join generate_series(0, 2) k
       join (select user_id, row_number() over (order by user_id) - 1 as j,
                    count(*) over () as total
               from org_members where org_id = $1::int and status = 'active' and not is_org_owner) m
         on m.j = (s.n * 3 + k) % m.total
      where k < m.total`,
    [OPERATOR_ORG, TEMPLATE_SITE],
  );
  await tx.query(
    `insert into blasts (id, site_id, name, description, blasted_at, file_name, file_content,
                         hole_count, created_by, created_at, status, planned_at, total_charge,
                         file_size)
     select b.base + row_number() over (order by s.id, t.id), s.id, s.name || ' ' || lpad(t.k::text, 4, '0'),
            t.description, t.blasted_at - s.shift, replace(s.name, ' ', '_') || '_' || t.k || '.blst',
            t.file_content, t.hole_count, t.created_by, t.created_at - s.shift, t.status,
            t.planned_at - s.shift, t.total_charge, t.file_size
       -- Each site's copies moved back by up to 300 days, so that the sites' blasts spread over
       -- the year (the dashboard's chart) instead of all falling on the template's dates.
       from (select id, name, make_interval(days => (id * 37) % 301) as shift
               from sites where org_id = $1::int and id > $2::int) s
      cross join (select id, description, blasted_at, file_content, hole_count, created_by,
                         created_at, status, planned_at, total_charge, file_size,
                         row_number() over (order by id) as k
                    from blasts where site_id = $2::int order by id limit $3::int) t
      cross join (select coalesce(max(id), 0) as base from blasts) b`,
    [OPERATOR_ORG, TEMPLATE_SITE, BLASTS_PER_SITE],
  );
  return count;
}
