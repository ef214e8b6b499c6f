import type { SqlParam } from '../db/types';
import { parseBlst, writeBlst, type BlastHole } from '../data/blst';
import { factsOf } from '../data/facts';
import { addDays, BASE, insertMany, type SeedContext } from './context';
import type { Prng } from './prng';

/** A blast pattern: staggered rows of holes with burden, spacing, depth and charge. */
function holes(r: Prng, n: number): BlastHole[] {
  const cols = Math.max(3, Math.round(Math.sqrt(n * 1.5)));
  const burden = r.int(30, 45) / 10;
  const spacing = r.int(35, 55) / 10;
  const z = r.int(200, 400);
  const depth = r.int(8, 16);
  const out: BlastHole[] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const col = i % cols;
    out.push({
      id: `H${String(i + 1).padStart(3, '0')}`,
      x: col * spacing + (row % 2) * (spacing / 2) + r.next() * 0.2,
      y: row * burden + r.next() * 0.2,
      z: z + r.next(),
      depth: depth + r.next() * 1.5,
      charge: ((depth + r.next()) * r.int(55, 75)) / 10,
    });
  }
  return out;
}

/**
 * Generated blasts stop growing at DEMO_SCALE 2: each carries a .blst file of a few KB, and a
 * scale for a hundred thousand licences (docs/lists.md) needs no 90,000 files.
 */
export const MAX_GENERATED_BLASTS = 6000;

/** Blasts with generated .blst files (25 on each fixed site), links and shares. */
export async function seedBlasts({ tx, r, n }: SeedContext, sites: SqlParam[][]) {
  // Blasts with generated .blst files.
  const blasts: SqlParam[][] = [];
  const addBlast = (siteId: number, siteName: string, k: number) => {
    const id = blasts.length + 1;
    const name = `${siteName} ${String(k).padStart(4, '0')}`;
    const hs = holes(r, r.int(12, 48));
    const when = addDays(BASE, -r.int(0, 700));
    const content = writeBlst({ name, site: siteName, units: 'm' }, hs);
    // The facts the lists show, as an upload computes them (from the file as written).
    const facts = factsOf(content, parseBlst(content).holes);
    blasts.push([
      id,
      siteId,
      name,
      r.bool(0.3) ? `Bench ${r.int(1, 12)} production blast` : null,
      when,
      `${name.replace(/\s+/g, '_')}.blst`,
      content,
      facts.holeCount,
      facts.totalCharge,
      facts.fileSize,
      r.pick([6, 7, 2]),
      when,
    ]);
  };
  for (const s of sites.slice(0, 5))
    for (let k = 1; k <= 25; k++) addBlast(s[0] as number, s[2] as string, k);
  const genBlasts = Math.min(n(3000, 30), MAX_GENERATED_BLASTS);
  const genSiteRows = sites.slice(5);
  for (let i = 0; i < genBlasts; i++) {
    const s = genSiteRows[i % genSiteRows.length] ?? sites[0];
    if (s) addBlast(s[0] as number, s[2] as string, 100 + i);
  }
  await insertMany(
    tx,
    'blasts',
    [
      'id',
      'site_id',
      'name',
      'description',
      'blasted_at',
      'file_name',
      'file_content',
      'hole_count',
      'total_charge',
      'file_size',
      'created_by',
      'created_at',
    ],
    blasts,
  );
  await insertMany(
    tx,
    'blast_links',
    ['id', 'blast_id', 'is_anonymous', 'created_by', 'revoked_at'],
    [
      ['demo-anon-link', 1, true, 7, null],
      ['demo-auth-link', 2, false, 7, null],
      ['demo-revoked-link', 3, true, 7, addDays(BASE, -1)],
    ],
  );
  await insertMany(
    tx,
    'shared_blasts',
    ['blast_id', 'shared_by', 'shared_with_user_id', 'shared_with_org_id', 'shared_at'],
    [
      [1, 7, 8, null, addDays(BASE, -3)],
      [26, 7, 2, null, addDays(BASE, -2)],
      [101, 2, null, 2, addDays(BASE, -1)], // an Acme Test Range blast shared with Borealis
      [102, 2, null, 3, addDays(BASE, -1)],
    ],
  );
}
