/**
 * npm run audit:purge: with AUDIT_RETENTION_DAYS set, writes the audit events older than that
 * many days to a new file in AUDIT_ARCHIVE_DIR (default .data/audit-archive), then removes them
 * (docs/audit.md § Retention). Without it, keeps everything and says so. Opens DATABASE_URL, or
 * the embedded database's folder while the stack is stopped.
 */
import { loadConfig } from '../config';
import { purgeTrail } from '../db/audit';
import { openDb } from '../db/open';

const config = loadConfig();
if (config.auditRetentionDays === null) {
  console.log('AUDIT_RETENTION_DAYS is not set: the audit trail keeps everything.');
} else {
  const before = new Date(Date.now() - config.auditRetentionDays * 86_400_000);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { purged, archive } = await purgeTrail(db, {
      before,
      archiveDir: config.auditArchiveDir,
    });
    console.log(
      archive
        ? `${purged} events before ${before.toISOString()} written to ${archive} and removed`
        : `no event before ${before.toISOString()}: nothing to purge`,
    );
  } finally {
    await db.close();
  }
}
