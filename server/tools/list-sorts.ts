/**
 * Every sort of the vendor's large lists timed at scale (issue 16): Issued Licences, Customer
 * Subs and Customers of Acme, each sortable column in both directions, a 50-row page 1,000 rows
 * deep (`listPage`: the page and its count), median of `calls` calls after a warm-up. On the
 * database of DATABASE_URL as add-licences.ts left it (bench-postgres.ts start, then
 * add-licences.ts 1000000).
 *
 *   DATABASE_URL=… npx tsx server/tools/list-sorts.ts [calls]   → one line per sort, slowest first
 */
import { isSortable, type ListColumns } from '@/contract/lists';
import { customersDef, customersScope } from '../crm/customers';
import { issuedLicencesDef } from '../crm/licences';
import { customerSubsDef } from '../crm/subscription-lists';
import { openPg } from '../db/pg';
import { listPage, type ListDef, type Scope } from '../http/list';

const calls = Number(process.argv[2] ?? 5);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database to measure');
const db = await openPg(url);
const lists: [string, ListDef<ListColumns, never, unknown>, Scope][] = [
  ['Issued Licences', issuedLicencesDef as never, { where: ['l.vendor_org_id = $1'], params: [1] }],
  ['Customer Subs', customerSubsDef as never, { where: ['s.vendor_org_id = $1'], params: [1] }],
  ['Customers', customersDef as never, customersScope({ params: { orgId: 1 } })],
];
const results: [number, string][] = [];
for (const [name, def, scope] of lists) {
  for (const [column, spec] of Object.entries(def.columns)) {
    if (!isSortable(spec)) continue;
    for (const sortDesc of [false, true]) {
      const times: number[] = [];
      for (let i = 0; i <= calls; i++) {
        const started = performance.now();
        await listPage(db, def, scope, { take: 50, skip: 1000, sortBy: column, sortDesc });
        if (i > 0) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      results.push([median, `${name} by ${column}${sortDesc ? ' desc' : ''}`]);
    }
  }
}
for (const [ms, what] of results.sort((a, b) => b[0] - a[0]))
  console.log(`${ms.toFixed(1).padStart(8)} ms  ${what}`);
await db.close();
