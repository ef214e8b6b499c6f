import { AuditEventsTable } from '@/core/audit';
import { useOrgContext } from '@/core/org';
import { Page } from '@/core/ui/page';
import { NotFoundScreen } from '@/core/ui/screens';

/**
 * Issue 18 /site/{siteId}/activity (the site's admins, the org owner and org admins): the site's
 * events of the audit trail (blasts, shares, links and their views, site users, libraries).
 */
export default function SiteActivityPage() {
  const { org, site } = useOrgContext();
  // The layout shows not found for a site that is none of the user's; this page needs one.
  if (!site) return <NotFoundScreen />;
  return (
    <Page title="Activity" lead={`${site.name}, ${org.name}`}>
      <AuditEventsTable
        scope={{ orgId: org.id, siteId: site.id }}
        entity="Site activity"
        title="What was done on this site, newest first"
      />
    </Page>
  );
}
