import type { ReactNode } from 'react';
import type { AuditEvent } from '@/contract/crm/audit';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSetting,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDateTime } from '@/core/format';
import { Modal, preloadDialogs } from '@/core/ui/lazy-dialogs';
import { AuditChanges, changesText } from './changes';
import { activitySource, auditLogSource, type ActivityScope } from './source';

const when: ColumnSetting<AuditEvent> = {
  id: 'at',
  title: 'When',
  type: ColumnType.DATE,
  withTime: true,
  width: '11rem',
};
const common: ColumnSetting<AuditEvent>[] = [
  { id: 'actorName', title: 'Who' },
  { id: 'action', title: 'Action', width: '8rem' },
  { id: 'recordType', title: 'Record type', width: '9rem' },
  { id: 'recordName', title: 'Record' },
];
const csv = (row: AuditEvent) => ({
  Id: row.id,
  When: row.at,
  Who: row.actorName,
  Action: row.action,
  'Record type': row.recordType,
  'Record id': row.recordId,
  Record: row.recordName,
  Changes: changesText(row.changes),
  'Request id': row.requestId,
  'IP address': row.ip,
  'User agent': row.userAgent,
});

/** An organisation's events (Activity, History): newest first, as the endpoint's default. */
export const activityColumnSettings = (entity: string): ColumnSettings<AuditEvent> => ({
  entity,
  columns: [when, ...common],
  sortIndex: 0,
  isDesc: true,
  csvMapperFn: csv,
});

/** Every organisation's events (Audit log), with the organisation. */
export const auditLogColumnSettings: ColumnSettings<AuditEvent> = {
  entity: 'Audit log',
  columns: [when, { id: 'orgName', title: 'Organization' }, ...common],
  sortIndex: 0,
  isDesc: true,
  csvMapperFn: (row) => ({ Organization: row.orgName, ...csv(row) }),
};

const actions: RowAction<AuditEvent>[] = [
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Show the changes',
    buttonText: 'Changes',
    display: ActionDisplay.INLINE,
  },
];

/** An event in full: who, when, from where, and its changes before → after. */
export function AuditEventModal({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  const facts: Array<[string, ReactNode]> = [
    ['When', formatDateTime(event.at)],
    ['Who', event.actorName],
    ...(event.orgName ? [['Organization', event.orgName] as [string, ReactNode]] : []),
    ['Record', `${event.recordType} ${event.recordName ?? event.recordId ?? ''}`.trim()],
    ['IP address', event.ip ?? '—'],
    ['Request', event.requestId ?? '—'],
  ];
  return (
    <Modal
      open
      onClose={onClose}
      staticBackdrop={false}
      size="lg"
      title={`${event.action}: ${event.recordName ?? event.recordType}`}
    >
      <dl className="row mb-3">
        {facts.map(([term, value]) => (
          <div key={term} className="col-sm-6 d-flex gap-2">
            <dt className="fw-semibold">{term}</dt>
            <dd className="mb-1 text-break">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="h6">Changes</h3>
      <AuditChanges changes={event.changes} />
    </Modal>
  );
}

export interface AuditEventsTableProps {
  /**
   * An organisation's or a site's events (Activity), or every organisation's (the Audit log,
   * sysadmin).
   */
  scope: ActivityScope | 'all';
  /** The entity: the table's name and the CSV file's. */
  entity: string;
  title?: ReactNode;
  /** A page with another table (a details screen) keeps this one's state apart in the URL. */
  urlKey?: string;
}

/** The audit trail as a data table: filter row, CSV export, and each event's changes. */
export function AuditEventsTable({ scope, entity, title, urlKey }: AuditEventsTableProps) {
  const all = scope === 'all';
  return (
    <DataTable<AuditEvent>
      columnSettings={all ? auditLogColumnSettings : activityColumnSettings(entity)}
      title={title}
      queryKey={
        all
          ? ['audit-log']
          : ['activity', scope.orgId, scope.siteId ?? null, scope.record?.type, scope.record?.id]
      }
      source={all ? auditLogSource() : activitySource(scope)}
      getRowId={(row) => String(row.id)}
      selectable={false}
      actions={actions}
      {...(urlKey ? { urlKey } : {})}
      preloadModal={preloadDialogs}
      renderModal={({ row, close }) =>
        row ? <AuditEventModal event={row} onClose={close} /> : null
      }
    />
  );
}
