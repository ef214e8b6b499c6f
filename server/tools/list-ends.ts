/**
 * Deep pages near the end of a large list, read from the start and from the end (issue 16,
 * `listReading` in server/http/list.ts, docs/performance.md session 48): Issued Licences of Acme,
 * 50-row pages at the true last page, at the last page by the first page's estimated total,
 * 100 rows from the end, and 100 rows from the end by state (a sort by a computed value). Each
 * for `seconds` with 10 callers at once, alternating the two ways twice. On the stack's database
 * (DATABASE_URL, else DATA_DIR) as add-licences.ts or DEMO_SCALE left it; stop the stack first
 * when it runs on PGlite.
 *
 *   DATABASE_URL=… npx tsx server/tools/list-ends.ts [seconds]   → one line per way and page
 */
import { loadConfig } from '../config';
import { issuedLicencesDef } from '../crm/licences';
import { openDb } from '../db/open';
import { listPage, listReading, type ListDef } from '../http/list';
import type { ListColumns } from '@/contract/lists';

const seconds = Number(process.argv[2] ?? 8);
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const def = issuedLicencesDef as unknown as ListDef<ListColumns, never, unknown>;
const scope = { where: ['l.vendor_org_id = $1'], params: [1] };
const page = (query: object) => listPage(db, def, scope, { take: 50, ...query });

const [counted] = await db.query<{ n: number }>(
  'select count(*)::int as n from licences where vendor_org_id = 1',
);
const total = counted?.n ?? 0;
const estimated = (await page({})).totalAvailable;
console.log(`${total} issued licences of Acme, estimated ${estimated}`);
const pages: Record<string, object> = {
  'last page': { skip: Math.floor((total - 1) / 50) * 50 },
  'last by estimate': { skip: Math.floor((estimated - 1) / 50) * 50 },
  '100 from the end': { skip: total - 100 },
  'by state, 100 from the end': { skip: total - 100, sortBy: 'state.name' },
};
const shareFromEnd = listReading.fromEndShare;
try {
  for (const way of ['from the start', 'from the end', 'from the start', 'from the end']) {
    listReading.fromEndShare = way === 'from the end' ? shareFromEnd : Infinity;
    for (const [name, query] of Object.entries(pages)) {
      const until = performance.now() + seconds * 1000;
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (performance.now() < until) {
            const started = performance.now();
            await page(query);
            times.push(performance.now() - started);
          }
        }),
      );
      times.sort((a, b) => a - b);
      const at = (q: number) => (times[Math.floor(times.length * q)] ?? 0).toFixed(0);
      console.log(
        `${way.padEnd(15)} ${name.padEnd(27)} ${(times.length / seconds).toFixed(1)} req/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
      );
    }
  }
} finally {
  await db.close();
}
