import { expect, it } from 'vitest';
import { createTestApp, emptyTestDb } from './harness';

/**
 * The same server files run on both databases, and one vitest run may hold both projects
 * (`npx vitest run`): each project's files must get their own (the cluster's address, once
 * passed through the environment, ran the PGlite project on PostgreSQL in such a run).
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
