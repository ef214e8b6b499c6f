/** The audit trail's screens (issue 18, docs/audit.md): its events as a table, and History. */
export {
  AuditEventModal,
  AuditEventsTable,
  activityColumnSettings,
  auditLogColumnSettings,
  type AuditEventsTableProps,
} from './events-table';
export { AuditChanges, changesText, formatAuditValue } from './changes';
export { RecordHistory, type RecordHistoryProps } from './history';
export { activitySource, auditLogSource, type ActivityScope } from './source';
