import { describe, expect, it } from 'vitest';
import { auditedDb, withAuditContext } from '../db/audit-context';
import type { Db, Queryable } from '../db/types';
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
      return [];
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
