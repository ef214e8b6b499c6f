import type { SqlParam } from '../db/types';
import { insertMany, type SeedContext } from './context';
import { ORG_A, ORG_B } from './names';
import { pngDataUrl } from './png';

export interface SeededOrgs {
  orgIds: number[];
  /** Every organisation but Acme (the vendor). */
  customerOrgIds: number[];
}

/** Organisations 1-4 (ARCHITECTURE's demo organisations), then generated ones. */
export async function seedOrgs({ tx, r, n }: SeedContext): Promise<SeededOrgs> {
  // Organisations 1-4 (fixed) and generated ones from 5.
  const orgRows: SqlParam[][] = [
    [
      1,
      'Acme Mining',
      'Vendor of blasting software and cloud services.',
      pngDataUrl([200, 60, 40]),
      JSON.stringify({ theme: 'acme', supportTier: 'gold', region: 'AU' }),
      true,
      true,
    ],
    [
      2,
      'Borealis Quarries',
      'Aggregate quarries across the northern region.',
      pngDataUrl([30, 110, 170]),
      JSON.stringify({ theme: 'borealis' }),
      false,
      false,
    ],
    [
      3,
      'Cobalt Blasting',
      'Blasting contractor and consulting services.',
      pngDataUrl([40, 70, 160]),
      '{}',
      false,
      true,
    ],
    // Malformed on purpose: the portal logs and falls back to {} (SPEC §8).
    [
      4,
      'Delta Drilling',
      'Drilling contractor.',
      null,
      '{"theme": "delta", "limits": [1, 2,',
      false,
      false,
    ],
  ];
  const genOrgs = n(40, 6);
  for (let i = 0; i < genOrgs; i++) {
    const id = 5 + i;
    orgRows.push([
      id,
      `${r.pick(ORG_A)} ${r.pick(ORG_B)} ${id}`,
      `Customer organisation number ${id}.`,
      r.bool(0.5) ? pngDataUrl([r.int(20, 200), r.int(20, 200), r.int(20, 200)]) : null,
      '{}',
      false,
      r.bool(0.1),
    ]);
  }
  await insertMany(
    tx,
    'orgs',
    [
      'id',
      'name',
      'description',
      'avatar',
      'custom_data',
      'is_product_owner_enabled',
      'is_service_owner_enabled',
    ],
    orgRows,
  );
  const orgIds = orgRows.map((o) => o[0] as number);
  const customerOrgIds = orgIds.filter((id) => id !== 1);
  return { orgIds, customerOrgIds };
}
