// What the first load is made of: the minified bytes of each first-load chunk attributed to the
// package (node_modules/<name>) or source folder (src/<a>/<b>) they come from, through the
// chunks' source maps (the product builds with sourcemap: true). Used to profile a missed size
// target; the gzip share is estimated in proportion to the minified bytes of each chunk.
//
//   node bench/lib/composition.mjs [distDir] [portal]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { firstLoad } from '../../scripts/first-load.mjs';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64 = new Map([...alphabet].map((c, i) => [c, i]));

/** Decodes one line's segments into [generatedColumn, sourceIndex | undefined]. */
function* segments(line, state) {
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = base64.get(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0];
    if (values.length > 1) state.source += values[1];
    yield [column, values.length > 1 ? state.source : undefined];
  }
}

export function groupOf(source) {
  const path = source.replace(/^(\.\.\/)+/, '').replace(/\\/g, '/');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const parts = path.split('/');
  if (parts[0] === 'src') return parts.slice(0, 3).join('/');
  return parts.slice(0, 2).join('/');
}

/** Minified bytes per group of one chunk, scaled to the chunk's gzip size. */
export function chunkComposition(distDir, file) {
  const code = readFileSync(join(distDir, file), 'utf8');
  const gzip = gzipSync(code, { level: 9 }).length;
  const mapFile = join(distDir, `${file}.map`);
  const groups = new Map();
  if (!existsSync(mapFile)) {
    groups.set('(no source map)', code.length);
  } else {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const lines = code.split('\n');
    const mapLines = map.mappings.split(';');
    const state = { source: 0 };
    lines.forEach((text, index) => {
      const segs = [...segments(mapLines[index] ?? '', state)];
      let last = 0;
      let lastSource;
      for (const [column, source] of segs) {
        const group = lastSource === undefined ? '(unmapped)' : groupOf(map.sources[lastSource]);
        groups.set(group, (groups.get(group) ?? 0) + (column - last));
        last = column;
        lastSource = source;
      }
      const group = lastSource === undefined ? '(unmapped)' : groupOf(map.sources[lastSource]);
      groups.set(group, (groups.get(group) ?? 0) + (text.length - last + 1));
    });
  }
  const raw = code.length;
  return [...groups].map(([group, bytes]) => ({
    group,
    bytes,
    gzipEstimate: (bytes / raw) * gzip,
  }));
}

/** The first load of a portal by package/folder, largest first (gzip estimated). */
export function composition(distDir, portal) {
  const size = firstLoad(distDir, portal);
  const total = new Map();
  for (const file of size.jsFiles) {
    for (const { group, bytes, gzipEstimate } of chunkComposition(distDir, file)) {
      const entry = total.get(group) ?? { group, bytes: 0, gzipEstimate: 0 };
      entry.bytes += bytes;
      entry.gzipEstimate += gzipEstimate;
      total.set(group, entry);
    }
  }
  return [...total.values()]
    .map((e) => ({ ...e, gzipEstimate: Math.round(e.gzipEstimate) }))
    .sort((a, b) => b.gzipEstimate - a.gzipEstimate);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [distDir = 'dist', portal = 'org'] = process.argv.slice(2);
  for (const { group, bytes, gzipEstimate } of composition(distDir, portal).slice(0, 30)) {
    console.log(
      `${(gzipEstimate / 1024).toFixed(1).padStart(7)} KB gzip  ${(bytes / 1024).toFixed(1).padStart(7)} KB min  ${group}`,
    );
  }
}
