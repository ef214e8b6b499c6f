/**
 * The .blst blast file format (a plain UTF-8 text file):
 *
 *   BLST 1                      magic and format version (first line)
 *   name=North Pit 0001         any number of key=value header lines (name, site, units, ...)
 *   units=m
 *   id,x,y,z,depth,charge       the column line, exactly this
 *   H001,12.50,4.00,310.00,12.0,85.5   one line per hole: id, easting x (m), northing y (m),
 *   ...                         collar elevation z (m), depth (m), charge (kg)
 *
 * Blank lines and lines starting with # are ignored. At most 10 000 holes.
 */
import { BLST_FIRST_LINE, BLST_FIRST_LINE_PROBLEM } from '@/contract/data/blasts';

export interface BlastHole {
  id: string;
  x: number;
  y: number;
  z: number;
  depth: number;
  charge: number;
}

export interface BlstFile {
  header: Record<string, string>;
  holes: BlastHole[];
}

export const BLST_COLUMNS = 'id,x,y,z,depth,charge';
export const MAX_HOLES = 10_000;

export class BlstError extends Error {}

export function parseBlst(text: string): BlstFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== BLST_FIRST_LINE) throw new BlstError(BLST_FIRST_LINE_PROBLEM);
  const header: Record<string, string> = {};
  const holes: BlastHole[] = [];
  let inHoles = false;
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!inHoles) {
      if (line === BLST_COLUMNS) {
        inHoles = true;
        continue;
      }
      const eq = line.indexOf('=');
      if (eq <= 0) throw new BlstError(`Line ${i + 1}: expected key=value or "${BLST_COLUMNS}"`);
      header[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
      continue;
    }
    const cells = line.split(',');
    if (cells.length !== 6) throw new BlstError(`Line ${i + 1}: expected 6 values`);
    const [id, ...rest] = cells as [string, ...string[]];
    const nums = rest.map(Number);
    if (!id.trim() || nums.some((n) => !Number.isFinite(n)))
      throw new BlstError(`Line ${i + 1}: invalid hole`);
    const [x, y, z, depth, charge] = nums as [number, number, number, number, number];
    if (depth < 0 || charge < 0)
      throw new BlstError(`Line ${i + 1}: depth and charge must not be negative`);
    holes.push({ id: id.trim(), x, y, z, depth, charge });
    if (holes.length > MAX_HOLES) throw new BlstError(`More than ${MAX_HOLES} holes`);
  }
  if (!inHoles) throw new BlstError(`Missing the column line "${BLST_COLUMNS}"`);
  if (holes.length === 0) throw new BlstError('The file has no holes');
  return { header, holes };
}

export function writeBlst(header: Record<string, string>, holes: BlastHole[]): string {
  const out = [
    BLST_FIRST_LINE,
    ...Object.entries(header).map(([k, v]) => `${k}=${v}`),
    BLST_COLUMNS,
  ];
  for (const h of holes) {
    out.push(
      [
        h.id,
        h.x.toFixed(2),
        h.y.toFixed(2),
        h.z.toFixed(2),
        h.depth.toFixed(1),
        h.charge.toFixed(1),
      ].join(','),
    );
  }
  return `${out.join('\n')}\n`;
}
