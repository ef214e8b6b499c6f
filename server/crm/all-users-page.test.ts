import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import {
  keyedRowsQuery,
  listLookups,
  listPage,
  rowsByKeys,
  selectedKeys,
  type ListDef,
} from '../http/list';
import { createTestApp } from '../test/harness';
import { adminUsersDef } from './user-lists';

/**
 * The sysadmin's All Users is a union of accounts and invited addresses. Its page rows are read
 * one key at a time (fromKeyed): joined to the union, the invitations branch was grouped and
 * anti-joined in full once per key (409 keys: 0.7 s a page of 1000 on the demo data, 2 requests
 * a second under load). Same rows either way; each branch found by its primary key.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
  // Two open invitations of one address without an account: one Pending row, the first one's id.
  await app.services.db.query(
    `insert into invitations (org_id, email)
     select o.id, 'twice.invited@example.com' from orgs o order by o.id limit 2`,
  );
});
afterAll(async () => {
  await app.close();
});

const everyone = { where: [], params: [] };
const joined = { ...adminUsersDef, fromKeyed: undefined };

describe('All Users, page rows by key', () => {
  it('answers the same rows, accounts and pending addresses, as the union joined to the keys', async () => {
    const db = app.services.db;
    for (const query of [
      { take: 1000 },
      { take: 20, skip: 5, sortBy: 'email' },
      { take: 50, filters: { status: 'Pending' } },
    ]) {
      const keyed = await listPage(db, adminUsersDef, everyone, query);
      expect(keyed).toEqual(await listPage(db, joined, everyone, query));
    }
    const pending = await listPage(db, adminUsersDef, everyone, {
      take: 1000,
      search: 'twice.invited',
    });
    expect(pending.results).toEqual([
      expect.objectContaining({
        email: 'twice.invited@example.com',
        status: 'Pending',
        orgs: [expect.anything(), expect.anything()],
      }),
    ]);
    const keys = await selectedKeys(
      db,
      adminUsersDef as ListDef<typeof adminUsersDef.columns, unknown, unknown>,
      everyone,
      {
        all: true,
      },
    );
    expect(await rowsByKeys(db, adminUsersDef, everyone, keys)).toEqual(
      await rowsByKeys(db, joined, everyone, keys),
    );
  });

  it('finds each branch of a page by its primary key', async () => {
    const { sql, params } = keyedRowsQuery(adminUsersDef, adminUsersDef.select, everyone, [1, 2]);
    const plan = await app.services.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_pkey');
    expect(plan).toContain('invitations_pkey');
  });
});

describe("All Users searched and filtered by an organisation's name", () => {
  // The Orgs column is a lookup of each row's names grouped (ADMIN_ORG_NAMES): the rows found
  // are those whose Orgs cell holds the text, members and pending addresses alike, whether the
  // keys are found first (a long list) or each row's names are tested (a short one).
  it('answers the rows whose Orgs cell holds the text, both ways', async () => {
    const db = app.services.db;
    const all = (await listPage(db, adminUsersDef, everyone, { take: 1000 })).results;
    const twice = all.find((r) => r.email === 'twice.invited@example.com');
    const [first, second] = twice?.orgs ?? [];
    expect(second).toBeDefined();
    const texts = [
      first?.name.slice(1, 5).toUpperCase() ?? '',
      // Across the separator, as the cell shows two names.
      `${first?.name.slice(-3)}, ${second?.name.slice(0, 3)}`,
      'no such organisation',
    ];
    const { shortList } = listLookups;
    try {
      for (const list of [0, shortList]) {
        listLookups.shortList = list;
        for (const text of texts) {
          const expected = all
            .filter((r) => r.orgName.toLowerCase().includes(text.toLowerCase()))
            .map((r) => r.id);
          for (const query of [{ search: text }, { filters: { orgName: text } }]) {
            const found = await listPage(db, adminUsersDef, everyone, { take: 1000, ...query });
            expect(
              found.results.map((r) => r.id),
              `${list} ${text}`,
            ).toEqual(expected);
          }
          if (text === texts[0]) expect(expected).toContain(twice?.id);
        }
      }
    } finally {
      listLookups.shortList = shortList;
    }
  });
});
