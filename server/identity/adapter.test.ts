import { errors, type Adapter } from 'oidc-provider';
import { afterEach, describe, expect, it } from 'vitest';
import { auditedDb, withAuditContext } from '../db/audit-context';
import { migrate } from '../db/migrate';
import type { Db, Queryable } from '../db/types';
import { emptyTestDbHandles } from '../test/harness';
import { createAdapterFactory } from './adapter';

/**
 * The provider's storage (sessions, codes, tokens) is not in the audit trail: inside a request's
 * audit context its writes go straight to the database, with no context statement and no
 * transaction of their own (docs/audit.md, identity events).
 */
function recordingDb() {
  const statements: string[] = [];
  const tx: Queryable = {
    query: async (sql) => {
      statements.push(sql);
      // consume's update finds the row unconsumed
      return (sql.includes('returning id') ? [{ id: 's1' }] : []) as never[];
    },
    exec: async () => undefined,
  };
  const db: Db = {
    kind: 'pglite',
    query: tx.query,
    exec: tx.exec,
    transaction: async (fn) => {
      statements.push('begin');
      return fn(tx);
    },
    close: async () => undefined,
  };
  return { db, statements };
}

const context = {
  actorId: 3,
  actorName: 'Mark Manager <manager@example.com>',
  orgId: null,
  siteId: null,
  requestId: 'req-1',
  ip: '127.0.0.1',
  userAgent: 'test',
  action: null,
};

describe('the provider adapter inside an audit context', () => {
  it('writes without setting the audit context', async () => {
    const { db, statements } = recordingDb();
    const adapter = createAdapterFactory(auditedDb(db))('Session');
    await withAuditContext(context, async () => {
      await adapter.upsert('s1', { accountId: '3' }, 60);
      await adapter.consume('s1');
      await adapter.destroy('s1');
      await adapter.revokeByGrantId('g1');
    });
    expect(statements).toHaveLength(4);
    expect(statements.filter((s) => s === 'begin' || s.includes('audit.context'))).toEqual([]);
  });
});

describe('consuming a refresh token or code', () => {
  let dbs: Db[] = [];
  afterEach(async () => {
    for (const db of new Set(dbs)) await db.close();
    dbs = [];
  });

  it('lets one of several processes at once consume it; the others get invalid_grant and the grant is revoked', async () => {
    // Three handles on one database, as three processes of a cluster hold it (docs/deployment.md).
    dbs = await emptyTestDbHandles(3);
    await migrate(dbs[0] as Db);
    const [refreshTokens, accessTokens, grants] = ['RefreshToken', 'AccessToken', 'Grant'].map(
      (model) => dbs.map((db) => createAdapterFactory(db)(model)),
    ) as [Adapter[], Adapter[], Adapter[]];
    await grants[0]?.upsert('g1', { accountId: '3' }, 600);
    await accessTokens[0]?.upsert('at1', { grantId: 'g1' }, 600);
    await refreshTokens[0]?.upsert('rt1', { grantId: 'g1' }, 600);
    await grants[0]?.upsert('g2', { accountId: '3' }, 600);
    await refreshTokens[0]?.upsert('rt2', { grantId: 'g2' }, 600);

    const results = await Promise.allSettled(
      [...refreshTokens, ...refreshTokens].map((adapter) => adapter.consume('rt1')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(errors.InvalidGrant);
    }
    // Reuse: the grant and its tokens are gone, whichever process looks; another grant is not.
    expect(await grants[1]?.find('g1')).toBeUndefined();
    expect(await accessTokens[2]?.find('at1')).toBeUndefined();
    expect(await refreshTokens[1]?.find('rt1')).toBeUndefined();
    expect(await grants[2]?.find('g2')).toMatchObject({ accountId: '3' });
    await expect(refreshTokens[2]?.consume('rt2')).resolves.toBeUndefined();
    expect(await refreshTokens[0]?.find('rt2')).toMatchObject({ grantId: 'g2' });
  });
});
