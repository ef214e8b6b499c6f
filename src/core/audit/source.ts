import {
  activityColumns,
  auditEventSchema,
  auditLogColumns,
  type AuditRecord,
} from '@/contract/crm/audit';
import { crmApi, dataApi } from '@/core/api';
import { serverListSource } from '@/core/data-table/server-source';

/**
 * Whose events an Activity list shows: an organisation's (the CRM's list), or one site's of it
 * (the data service's list); either narrowed to one record's (its History).
 */
export interface ActivityScope {
  orgId: number;
  siteId?: number | undefined;
  record?: AuditRecord | undefined;
}

/**
 * The audit trail's lists (docs/audit.md), always paged on the server: a trail grows without
 * end. Activity: one organisation's or one site's events, or one record's (its History); the
 * Audit log: every organisation's (sysadmin).
 */
export const activitySource = ({ orgId, siteId, record }: ActivityScope) =>
  serverListSource({
    ...(siteId === undefined
      ? { api: crmApi, base: `orgs/${orgId}/activity` }
      : { api: dataApi, base: `orgs/${orgId}/sites/${siteId}/activity` }),
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
