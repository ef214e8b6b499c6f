import {
  activityColumns,
  auditEventSchema,
  auditLogColumns,
  type AuditRecord,
} from '@/contract/crm/audit';
import { crmApi } from '@/core/api';
import { serverListSource } from '@/core/data-table/server-source';

/**
 * The audit trail's lists (docs/audit.md), always paged on the server: a trail grows without
 * end. Activity: one organisation's events, or one record's (its History); the Audit log: every
 * organisation's (sysadmin).
 */
export const activitySource = (orgId: number, record?: AuditRecord) =>
  serverListSource({
    api: crmApi,
    base: `orgs/${orgId}/activity`,
    row: auditEventSchema,
    columns: activityColumns,
    ...(record ? { body: { record } } : {}),
  });

export const auditLogSource = () =>
  serverListSource({
    api: crmApi,
    base: 'audit',
    row: auditEventSchema,
    columns: auditLogColumns,
  });
