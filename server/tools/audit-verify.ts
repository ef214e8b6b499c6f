/**
 * npm run audit:verify: recomputes every hash chain of the audit trail (docs/audit.md) and names
 * the first broken link of each broken chain; exits 1 when one is broken. Reads DATABASE_URL, or
 * the embedded database's folder (DATA_DIR) while the stack is stopped (one process at a time
 * may open it; a running stack answers GET /crm/v1/audit/verify to a sysadmin instead).
 */
import { loadConfig } from '../config';
import { verifyTrail } from '../db/audit';
import { openDb } from '../db/open';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await verifyTrail(db);
  console.log(`${report.events} events in ${report.chains} chains`);
  for (const { chain, eventId, reason, lastEventId } of report.broken) {
    const name =
      chain === 'legacy'
        ? 'the first trail (audit_log)'
        : chain === 0
          ? 'events of no organisation'
          : `organisation ${chain}`;
    console.log(
      reason === 'hash'
        ? `BROKEN: the chain of ${name} breaks at event ${eventId}`
        : eventId !== lastEventId
          ? `BROKEN: the chain of ${name} ends at ${lastEventId ? `event ${lastEventId}` : 'its start'}, but its head names event ${eventId}: events removed at its end`
          : `BROKEN: the head of the chain of ${name} does not name its last event, ${eventId} (the head removed or changed)`,
    );
  }
  if (report.broken.length === 0) console.log('intact');
  process.exitCode = report.broken.length === 0 ? 0 : 1;
} finally {
  await db.close();
}
