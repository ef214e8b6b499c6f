import type { SqlParam } from '../db/types';
import { insertMany, type SeedContext } from './context';
import { SITE_A, SITE_B } from './names';
import type { SeededOrgs } from './orgs';
import type { MembershipRow } from './users';

/** Sites: Borealis 1-4 and Acme 5 (fixed), then generated ones; their members. */
export async function seedSites(
  { tx, r, n }: SeedContext,
  { customerOrgIds }: SeededOrgs,
  memberships: MembershipRow[],
): Promise<SqlParam[][]> {
  // Sites: Borealis 1-4 (fixed), Acme 5, then generated.
  const sites: SqlParam[][] = [
    [1, 2, 'North Pit', 'Main granite pit.', 'Kiruna Road', 3],
    [2, 2, 'South Pit', 'Limestone benches.', 'Harbour Road', 3],
    [3, 2, 'East Quarry', null, 'Ridge Lane', 3],
    [4, 2, 'Granite Ridge', 'Dimension stone.', 'Ridge Lane', null],
    [5, 1, 'Acme Test Range', 'Trial blasts for product testing.', 'Test Range Road', null],
  ];
  const genSites = n(60, 6);
  for (let i = 0; i < genSites; i++) {
    const orgId = r.pick(customerOrgIds.slice(2));
    sites.push([6 + i, orgId, `${r.pick(SITE_A)} ${r.pick(SITE_B)} ${6 + i}`, null, null, null]);
  }
  await insertMany(
    tx,
    'sites',
    ['id', 'org_id', 'name', 'description', 'location', 'subscription_id'],
    sites,
  );
  const siteMembers: SqlParam[][] = [
    [1, 7, true, false],
    [2, 7, true, false],
    [1, 8, false, true],
  ];
  for (const s of sites.slice(5)) {
    const members = memberships
      .filter((m) => m[0] === s[1] && m[8] === 'active' && !m[3])
      .slice(0, 3);
    members.forEach((m, i) => siteMembers.push([s[0] ?? null, m[1] ?? null, i === 0, i !== 0]));
  }
  await insertMany(
    tx,
    'site_members',
    ['site_id', 'user_id', 'is_site_admin', 'is_site_user'],
    siteMembers,
  );
  return sites;
}
