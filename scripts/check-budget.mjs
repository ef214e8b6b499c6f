// Fails when a portal's first load exceeds budget.json (run after `npm run build`).
import { readFileSync } from 'node:fs';
import { firstLoad, entries } from './first-load.mjs';

const distDir = process.argv[2] ?? 'dist';
const budget = JSON.parse(readFileSync(process.argv[3] ?? 'budget.json', 'utf8'));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let failed = false;
for (const portal of Object.keys(entries)) {
  const size = firstLoad(distDir, portal);
  const limits = budget[portal];
  const checks = [
    ['JS', size.js.gzip, limits.firstLoadJsGzipBytes],
    ['CSS', size.css.gzip, limits.firstLoadCssGzipBytes],
  ];
  for (const [what, actual, limit] of checks) {
    const ok = actual <= limit;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${portal} first-load ${what} gzip ${kb(actual)} / budget ${kb(limit)}`,
    );
  }
}
if (failed) {
  console.error('Bundle budget exceeded: lazy-load what the first screen does not need.');
  process.exit(1);
}
