import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { openPglite, pgliteDb } from '../db/pglite';
import type { Db } from '../db/types';
import { createTestApp, seededTemplate } from './harness';
import { captureTemplate, currentTransaction, resetToTemplate } from './template-reset';

/**
 * The in-memory database a test file closes is handed to the worker's next file put back to
 * the seeded template's state (harness.ts, template-reset.ts): whatever a file wrote must not
 * reach the next one. PGlite only: the server-pg project copies a database for each file.
 */
const pgliteOf = (app: App) => (app.services.db as unknown as { pglite: PGlite }).pglite;

/** Every row of every table, every sequence and the session's settings, to compare. */
async function state(pglite: PGlite) {
  const { rows: tables } = await pglite.query<{ name: string }>(
    `select format('%I', relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const { rows: content } = await pglite.query<{ name: string; rows: string }>(
    tables
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*) || ' ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as rows from ${name} t`,
      )
      .join(' union all '),
  );
  const { rows: sequences } = await pglite.query<{ name: string }>(
    `select format('%I', sequencename) as name from pg_sequences where schemaname = 'public' order by 1`,
  );
  const { rows: values } = await pglite.query(
    sequences
      .map(({ name }) => `select '${name}' as name, last_value, is_called from ${name}`)
      .join(' union all '),
  );
  const { rows: settings } = await pglite.query(
    `select name, setting from pg_settings where source = 'session' order by 1`,
  );
  return { content, values, settings };
}

const apps: App[] = [];
async function start() {
  const app = await createTestApp();
  apps.push(app);
  return app;
}
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A test file's writes: rows changed, deleted and added, sequences advanced, a setting. */
async function writeAsATestFile(db: Db) {
  await db.query(`update orgs set name = 'Renamed by a test' where id = 1`);
  await db.query(`delete from licences where id in (select id from licences order by id limit 5)`);
  await db.query(`insert into settings (key, value) values ('by-a-test', '{}')`);
  await db.query(`select nextval('users_id_seq'), nextval('licences_id_seq')`);
  await db.exec(`set work_mem = '1234kB'`);
  await db.transaction(async (tx) => {
    await tx.query(`update offerings set name = name || ' changed' where id = 1`);
  });
}

describe('resetToTemplate', () => {
  it('puts back every row, sequence and setting a test file changed', async () => {
    const pglite = (await openPglite({ loadDataDir: await seededTemplate() })).pglite;
    try {
      const template = await captureTemplate(pglite);
      const before = await state(pglite);
      for (let round = 0; round < 2; round++) {
        const since = await currentTransaction(pglite);
        // A Db of its own for each round, as each test file gets (a reset drops prepared statements).
        await writeAsATestFile(pgliteDb(pglite, async () => undefined));
        expect(await state(pglite)).not.toEqual(before);
        expect(await resetToTemplate(pglite, template, since)).toBe(true);
        expect(await state(pglite)).toEqual(before);
      }
    } finally {
      await pglite.close();
    }
  });

  it('refuses a database whose schema changed', async () => {
    const pglite = (await openPglite({ loadDataDir: await seededTemplate() })).pglite;
    try {
      const template = await captureTemplate(pglite);
      const since = await currentTransaction(pglite);
      await pglite.exec('alter table orgs add column left_by_a_test int');
      expect(await resetToTemplate(pglite, template, since)).toBe(false);
    } finally {
      await pglite.close();
    }
  });
});

describe('a database closed by a test file, handed to the next', () => {
  it("is the same database, with none of the first file's writes", async () => {
    const first = await start();
    const pglite = pgliteOf(first);
    const org = await first.services.db.query(`select name from orgs where id = 1`);
    await writeAsATestFile(first.services.db);
    await first.close();

    const next = await start();
    expect(pgliteOf(next)).toBe(pglite); // put back, not loaded anew
    const db = next.services.db;
    expect(await db.query(`select name from orgs where id = 1`)).toEqual(org);
    expect(await db.query(`select key from settings where key = 'by-a-test'`)).toEqual([]);
    expect(await db.query(`select current_setting('work_mem') as value`)).not.toEqual([
      { value: '1234kB' },
    ]);
  });

  it('is refused to the file that closed it', async () => {
    const first = await start();
    const db = first.services.db;
    await first.close();
    await expect(db.query('select 1')).rejects.toThrow('PGlite is closed');
  });

  it('is not handed out again when its schema changed: the next file gets the template anew', async () => {
    const first = await start();
    const pglite = pgliteOf(first);
    await first.services.db.exec('create table left_by_a_test (id int)');
    await first.close();

    const next = await start();
    expect(pgliteOf(next)).not.toBe(pglite);
    expect(pglite.closed).toBe(true);
    const [found] = await next.services.db.query<{ n: number }>(
      `select count(*)::int as n from pg_class where relname = 'left_by_a_test'`,
    );
    expect(found?.n).toBe(0);
  });
});
