import type { AuditRecord } from '@/contract/crm/audit';
import { useCanAccess } from '@/core/permissions';
import { AuditEventsTable } from './events-table';

export interface RecordHistoryProps {
  orgId: number;
  /**
   * The record's site (a blast, a site's node library): its History is read from the site's
   * Activity, for those who may read that (the site's admins, the organisation's owner and
   * admins). Without one, from the organisation's (its owner and admins).
   */
  siteId?: number | undefined;
  record: AuditRecord;
}

/**
 * A details screen's History (issue 18): the record's events, newest first, with their changes;
 * for those who may read the organisation's or the site's activity.
 */
export function RecordHistory({ orgId, siteId, record }: RecordHistoryProps) {
  const canRead = useCanAccess(siteId === undefined ? 'activity.read' : 'siteActivity.read');
  if (!canRead) return null;
  return (
    <section className="mt-4" aria-labelledby="history-heading">
      <h2 id="history-heading" className="h5">
        History
      </h2>
      <AuditEventsTable
        scope={{ orgId, siteId, record }}
        entity="Record history"
        title="Changes to this record, newest first"
        urlKey="history"
      />
    </section>
  );
}
