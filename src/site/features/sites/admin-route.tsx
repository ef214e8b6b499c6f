import { useOrgContext } from '@/core/org';
import { useDocumentTitle } from '@/core/ui/portal';
import { SitesTable } from './components/sites-table';

/** SPEC §2 /sites (org admin): Site Admin: the organisation's sites and their subscriptions. */
export default function SiteAdminPage() {
  useDocumentTitle('Site Admin');
  const { org } = useOrgContext();
  return (
    <section aria-labelledby="site-admin-title">
      <h1 id="site-admin-title" className="h3 mb-1">
        Site Admin
      </h1>
      <p className="text-body-secondary">
        The sites of {org.name}: create and edit them, and choose the subscription each one uses.
      </p>
      <SitesTable scope="org" />
    </section>
  );
}
