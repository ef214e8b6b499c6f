import type { SqlParam } from '../db/types';
import { addDays, BASE, bulkLoad, d, insertMany, iso, type SeedContext } from './context';
import type { SeededOfferings } from './offerings';
import type { SeededOrgs } from './orgs';

/**
 * Subscriptions: fixed ones for Borealis (2) and Delta (4), then generated ones (85 % sold by
 * Acme). Answers the rows: [id, vendor, subscriber, offering, name, ...].
 */
export async function seedSubscriptions(
  { tx, r, n }: SeedContext,
  { customerOrgIds }: SeededOrgs,
  { offerings, offeringFeatures }: SeededOfferings,
): Promise<SqlParam[][]> {
  // Subscriptions: fixed ones for Borealis (2) and Delta (4), then generated.
  const subs: SqlParam[][] = [
    [
      1,
      1,
      2,
      1,
      'Borealis - Blast Designer',
      d(-330),
      d(400),
      10,
      false,
      offeringFeatures.get(1) ?? [],
    ],
    [
      2,
      1,
      2,
      2,
      'Borealis - Fragmentation Analyser',
      d(-330),
      d(400),
      5,
      false,
      offeringFeatures.get(2) ?? [],
    ],
    [
      3,
      1,
      2,
      9,
      'Borealis - Blast Cloud Sync',
      d(-500),
      d(580),
      25,
      false,
      offeringFeatures.get(9) ?? [],
    ],
    [
      4,
      1,
      4,
      3,
      'Delta - Drill Navigator',
      d(-820),
      d(-90),
      3,
      false,
      offeringFeatures.get(3) ?? [],
    ],
    [
      5,
      3,
      2,
      13,
      'Borealis - Blast Consulting',
      d(-150),
      d(215),
      2,
      false,
      offeringFeatures.get(13) ?? [],
    ],
  ];
  const genSubs = n(2000, 30);
  for (let i = 0; i < genSubs; i++) {
    const vendor = r.bool(0.85) ? 1 : 3;
    const off = vendor === 1 ? r.int(1, 12) : r.int(13, 15);
    const sub = r.pick(customerOrgIds.filter((o) => o !== vendor));
    const start = addDays(BASE, -r.int(0, 900));
    const offName = (offerings[off - 1]?.[3] as string) ?? 'Offering';
    subs.push([
      6 + i,
      vendor,
      sub,
      off,
      `${offName} #${6 + i}`,
      iso(start),
      iso(addDays(start, r.pick([365, 730, 1095]))),
      r.int(1, 50),
      r.bool(0.05),
      (offeringFeatures.get(off) ?? []).filter(() => r.bool(0.7)),
    ]);
  }
  await bulkLoad(tx, 'subscriptions', () =>
    insertMany(
      tx,
      'subscriptions',
      [
        'id',
        'vendor_org_id',
        'subscriber_org_id',
        'offering_id',
        'name',
        'start_date',
        'end_date',
        'seats_allowed',
        'is_disabled',
        'feature_ids',
      ],
      subs,
    ),
  );
  return subs;
}
