// Sizes of each portal's first load from the Vite manifest: the HTML entry's chunk and every
// chunk it imports statically (dynamic imports, i.e. lazy routes, are excluded).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';

export const entries = { org: 'index.org.html', site: 'index.site.html' };

export function firstLoad(distDir, portal) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const seen = new Set();
  const js = [];
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(entries[portal]);
  const measure = (files) =>
    files.reduce(
      (sum, file) => {
        const bytes = readFileSync(join(distDir, file));
        sum.raw += bytes.length;
        sum.gzip += gzipSync(bytes, { level: 9 }).length;
        sum.brotli += brotliCompressSync(bytes).length;
        return sum;
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const routeChunks = Object.values(manifest)
    .filter((c) => c.isDynamicEntry)
    .map((c) => ({ file: c.file, gzip: gzipSync(readFileSync(join(distDir, c.file))).length }));
  const largestRoute = routeChunks.sort((a, b) => b.gzip - a.gzip)[0] ?? null;
  return { js: measure(js), css: measure([...css]), jsFiles: js, cssFiles: [...css], largestRoute };
}
