import { expect, it } from 'vitest';
import { createTestApp, emptyTestDb } from './harness';

/**
 * The same server files run on both databases, and `npm run test:servers` runs both projects
 * at once: each project's files must get their own (a cluster's address leaking into the
 * environment once ran the PGlite project on PostgreSQL).
 */
it('gives the files of each project their database: PGlite in server, PostgreSQL in server-pg', async ({
  task,
}) => {
  const kind = task.file.projectName === 'server-pg' ? 'pg' : 'pglite';
  const db = await emptyTestDb();
  const app = await createTestApp();
  try {
    expect(db.kind).toBe(kind);
    expect(app.services.db.kind).toBe(kind);
  } finally {
    await db.close();
    await app.close();
  }
});
