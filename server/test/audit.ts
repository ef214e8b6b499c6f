import { expect } from 'vitest';
import { auditActions, auditRecordTypes } from '@/contract/crm/audit';
import type { Queryable } from '../db/types';

/**
 * Every action and record type in the trail is one the Activity and Audit log lists offer in
 * their filters (src/contract/crm/audit.ts): a new name recorded without being listed fails.
 */
export async function expectListedNames(db: Queryable): Promise<void> {
  const rows = await db.query<{ action: string; record_type: string }>(
    'select distinct action, record_type from audit_events',
  );
  expect(rows.length).toBeGreaterThan(0);
  const actions: readonly string[] = auditActions;
  const types: readonly string[] = auditRecordTypes;
  expect(rows.map((r) => r.action).filter((a) => !actions.includes(a))).toEqual([]);
  expect(rows.map((r) => r.record_type).filter((t) => !types.includes(t))).toEqual([]);
}
