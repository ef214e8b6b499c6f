import { useOrgContext } from '@/core/org';
import { Page } from '@/core/ui/page';
import { SitesTable } from './components/sites-table';

/** SPEC §2 /sites (org admin): Site Admin: the organisation's sites and their subscriptions. */
export default function SiteAdminPage() {
  const { org } = useOrgContext();
  return (
    <Page
      title="Site Admin"
      lead={
        <>
          The sites of {org.name}: create and edit them, and choose the subscription each one uses.
        </>
      }
    >
      <SitesTable scope="org" />
    </Page>
  );
}
