/**
 * One list request timed statement by statement (issue 16): a line of list-sweep.ts confirmed
 * alone, and where its time goes. The request is made three times through the app's own routes
 * (in process); the third is printed with each statement it sent and its time. On the stack's
 * database (DATABASE_URL, else DATA_DIR); stop the stack first when it runs on PGlite.
 *
 *   DATA_DIR=… npx tsx server/tools/list-trace.ts /crm/v1/admin/users/list '{"search":"qu"}' [account]
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDb } from '../db/open';
import { bearer, TEST_CONFIG, tokenFor, type DemoAccount } from '../test/harness';

const [url, body = '{}', who = 'sysadmin'] = process.argv.slice(2);
if (!url) throw new Error('usage: list-trace.ts <list url> [request body] [demo account]');
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ db, seed: false, config: { ...TEST_CONFIG, rateLimitMax: 1e9 } });
await app.ready();
const sent: string[] = [];
const query = db.query.bind(db);
db.query = (async (sql: string, params?: unknown[]) => {
  const started = performance.now();
  try {
    return await query(sql as never, params as never);
  } finally {
    const ms = (performance.now() - started).toFixed(1).padStart(7);
    sent.push(`${ms} ms  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
}) as typeof db.query;
try {
  const headers = bearer(await tokenFor(app, who as DemoAccount));
  for (let i = 1; i <= 3; i++) {
    sent.length = 0;
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { take: 50, timeZone: 'UTC', ...JSON.parse(body) },
    });
    console.log(`${i}: ${res.statusCode} in ${(performance.now() - started).toFixed(1)} ms`);
  }
  console.log(sent.join('\n'));
} finally {
  await app.close();
}
