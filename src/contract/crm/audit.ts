import { z } from 'zod';
import { defineListColumns, listContract } from '../lists';

/**
 * The audit trail as listed (docs/audit.md): an organisation's Activity, a record's History and
 * the sysadmins' Audit log across organisations.
 */

/**
 * The actions the trail records: create, update and delete by the database's triggers, and the
 * named ones of the routes (RouteDef.audit), the row actions (their verb) and the explicit events
 * (recordEvent). A new name comes here too, or the filter row cannot offer it.
 */
export const auditActions = [
  'create',
  'update',
  'delete',
  'invite',
  'resend',
  'revoke',
  'remove',
  'suspend',
  'reinstate',
  'disable',
  'renew',
  'share',
  'unshare',
  'link create',
  'link revoke',
  'link view',
  'upload',
  'download',
  'sign in',
  'sign-in failed',
  'sign out',
  'register',
  'accept invitation',
] as const;

/** The record types of the trail (migration 060's audit_subject). */
export const auditRecordTypes = [
  'blast',
  'email preferences',
  'invitation',
  'licence',
  'member',
  'node library',
  'offering',
  'organization',
  'registration',
  'site',
  'site user',
  'subscription',
  'support request',
  'user',
] as const;
export type AuditRecordType = (typeof auditRecordTypes)[number];

/** One field's change: before → after, as the trail keeps it ('(hidden)', '(12.4 KB)'). */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  orgId: z.number().int().nullable(),
  /** The organisation's name now (null: no organisation, or deleted since). */
  orgName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  actorUserId: z.number().int().nullable(),
  /** 'Ada Lovelace <ada@example.com>', 'anonymous' or 'system'. */
  actorName: z.string(),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  /** The record's name at the time of the event. */
  recordName: z.string().nullable(),
  changes: z.record(z.string(), auditChangeSchema),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** POST /crm/v1/orgs/{orgId}/activity/list (Activity and History): the table's columns. */
export const activityColumns = defineListColumns({
  /** The event's number: the trail's order, newest first by default. */
  id: { kind: 'number' },
  at: { kind: 'date' },
  actorName: { kind: 'text' },
  action: { kind: 'select', values: auditActions },
  recordType: { kind: 'select', values: auditRecordTypes },
  recordName: { kind: 'text' },
});

/** A record's History: only the events of this record. */
export const auditRecordSchema = z.strictObject({
  type: z.enum(auditRecordTypes),
  id: z.string().min(1).max(100),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
const extras = { record: auditRecordSchema.optional() };

export const activityList = listContract(activityColumns, extras);

/** POST /crm/v1/audit/list (Audit log, sysadmin): with the organisation. */
export const auditLogColumns = defineListColumns({
  ...activityColumns,
  orgName: { kind: 'text' },
});
export const auditLogList = listContract(auditLogColumns, extras);
