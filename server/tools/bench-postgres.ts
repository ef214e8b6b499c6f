/**
 * PostgreSQL for the benchmark's million-row scenario (bench/lib/lists.mjs, docs/performance.md):
 *   npx tsx server/tools/bench-postgres.ts start            → {"databaseUrl", "dir"} (left running)
 *   npx tsx server/tools/bench-postgres.ts stop <dir>       → stops and removes the cluster
 *   npx tsx server/tools/bench-postgres.ts sql '<request>' [pages]  → the page statement of an
 *     Issued Licences list request of Acme (org 1), its parameters written in, for pgbench -M
 *     prepared; with `pages`, each transaction reads a random one of the request's first `pages`
 *     pages, as the lists phase's load does (its skip a pgbench variable)
 */
import { issuedLicencesDef } from '../crm/licences';
import { keyedRowsQuery, pageQuery } from '../http/list';
import { startTempPostgres, stopTempPostgres } from '../resilience/stack';

const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return literal(value.toISOString());
  if (Array.isArray(value)) return literal(`{${value.map((v) => JSON.stringify(v)).join(',')}}`);
  return `'${String(value).replace(/'/g, "''")}'`;
};

const [command, arg] = process.argv.slice(2);
if (command === 'start') {
  const cluster = await startTempPostgres();
  console.log(JSON.stringify({ databaseUrl: cluster.databaseUrl, dir: cluster.dir }));
} else if (command === 'stop' && arg) {
  await stopTempPostgres(arg);
} else if (command === 'sql' && arg) {
  // The page's two statements as the stack runs them (pageRows, server/http/list.ts): its keys,
  // kept by pgbench's \gset, then the rows of those keys.
  const scope = { where: ['l.vendor_org_id = $1'], params: [1] };
  const request = JSON.parse(arg) as { take?: number; skip?: number };
  const pages = Number(process.argv[4] ?? 0);
  // A random page: built with a skip no other parameter has, then written as pgbench's :skip.
  const RANDOM_SKIP = 1_000_000_007;
  const keys = pageQuery(
    issuedLicencesDef,
    scope,
    pages ? { ...request, skip: RANDOM_SKIP } : request,
  );
  const rows = keyedRowsQuery(issuedLicencesDef, issuedLicencesDef.selectJson ?? '', scope, []);
  const keysParam = rows.params.length;
  const written = (sql: string, params: unknown[], variable?: [number, string]) =>
    // $10 before $1: replace each placeholder once, by its number. pgbench -M prepared reads
    // ':name' as a variable: the colons of the time format are written chr(58) (the same text).
    sql
      .replace(/\$(\d+)/g, (_, n: string) => {
        if (variable?.[0] === Number(n)) return variable[1];
        const value = params[Number(n) - 1];
        return pages && value === RANDOM_SKIP ? ':skip' : literal(value);
      })
      .replace(/:MI:SS/g, `' || chr(58) || 'MI' || chr(58) || 'SS`);
  const take = request.take ?? 50;
  console.log(
    (pages ? `\\set skip ${String(take)} * random(0, ${String(pages - 1)})\n` : '') +
      `select array_agg(__key)::text as keys from (${written(keys.sql, keys.params)}) k \\gset\n` +
      `${written(rows.sql, rows.params, [keysParam, ':keys'])};`,
  );
} else {
  console.error('usage: bench-postgres.ts start | stop <dir> | sql <list request json>');
  process.exit(2);
}
