import { AuditEventsTable } from '@/core/audit';
import { Page } from '@/core/ui/page';

/** Issue 18 /audit (sysadmin): the audit trail of every organisation. */
export default function AuditLogPage() {
  return (
    <Page title="Audit log">
      <AuditEventsTable
        scope="all"
        entity="Audit log"
        title="Every change, in every organization"
      />
    </Page>
  );
}
