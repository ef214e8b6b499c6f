import type { AuditRecord } from '@/contract/crm/audit';
import { useCanAccess } from '@/core/permissions';
import { AuditEventsTable } from './events-table';

/**
 * A details screen's History (issue 18): the record's events, newest first, with their changes;
 * for those who may read the organisation's activity (owner, admins).
 */
export function RecordHistory({ orgId, record }: { orgId: number; record: AuditRecord }) {
  const canRead = useCanAccess('activity.read');
  if (!canRead) return null;
  return (
    <section className="mt-4" aria-labelledby="history-heading">
      <h2 id="history-heading" className="h5">
        History
      </h2>
      <AuditEventsTable
        scope={{ orgId, record }}
        entity="Record history"
        title="Changes to this record, newest first"
        urlKey="history"
      />
    </section>
  );
}
