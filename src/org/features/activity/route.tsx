import { AuditEventsTable } from '@/core/audit';
import { useOrgId } from '@/core/org';
import { Page } from '@/core/ui/page';

/** Issue 18 /activity (org owner, org admin): the organisation's events of the audit trail. */
export default function ActivityPage() {
  const orgId = useOrgId();
  return (
    <Page title="Activity">
      <AuditEventsTable
        scope={{ orgId }}
        entity="Activity"
        title="What your organization's people changed, newest first"
      />
    </Page>
  );
}
