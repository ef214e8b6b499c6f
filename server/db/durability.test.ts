import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite';
import { migrate } from './migrate';
import { buildApp } from '../app';
import { seededTemplate, TEST_CONFIG, tokenFor, bearer } from '../test/harness';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('durability (PGlite on disk)', () => {
  it('keeps every acknowledged write across close and reopen of the same folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'stack-db-'));
    dirs.push(dir);
    // Start from the seeded template, persisted to a real folder.
    const first = await openPglite({ dataDir: dir, loadDataDir: await seededTemplate() });
    const app = await buildApp({ db: first, seed: false, config: TEST_CONFIG });
    await app.ready();
    const token = await tokenFor(app, 'owner');
    const created = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/offerings',
      headers: bearer(token),
      payload: {
        type: 'service',
        name: 'Durable Service',
        tags: ['kept'],
        features: [{ name: 'Survives restarts', defaultValue: true }],
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    await app.close(); // closes PGlite cleanly, as SIGINT/SIGTERM do in main.ts

    const second = await openPglite({ dataDir: dir });
    expect(await migrate(second)).toEqual([]); // already migrated
    const app2 = await buildApp({ db: second, seed: false, config: TEST_CONFIG });
    await app2.ready();
    const res = await app2.inject({
      url: `/crm/v1/orgs/1/offerings/${id}`,
      headers: bearer(await tokenFor(app2, 'owner')),
    });
    expect(res.json().data).toMatchObject({
      name: 'Durable Service',
      tags: ['kept'],
      features: [{ name: 'Survives restarts' }],
    });
    // The signing key survived too: a token minted before the restart still verifies.
    expect(
      (await app2.inject({ url: '/crm/v1/Orgs/GetUserMetadata', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    await app2.close();
  });

  it('rolls back a failed transaction completely', async () => {
    const db = await openPglite({ loadDataDir: await seededTemplate() });
    await db.exec('create table t (id int primary key)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        await tx.query('insert into t values (1)'); // duplicate key
      }),
    ).rejects.toThrow();
    expect(await db.query('select * from t')).toEqual([]);
    await db.close();
  });
});
