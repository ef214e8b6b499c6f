import { useOrgContext } from '@/core/org';
import { useDocumentTitle } from '@/core/ui/portal';
import { SiteUsersTable } from './components/site-users-table';

/** SPEC §2 /site/{siteId}/users: add and remove the site's users; site admin / site user flags. */
export default function SiteUsersPage() {
  useDocumentTitle('Site Users');
  const { site } = useOrgContext();
  return (
    <section aria-labelledby="site-users-title">
      <h1 id="site-users-title" className="h3 mb-1">
        Site Users
      </h1>
      <p className="text-body-secondary">
        Who works on {site?.name ?? 'this site'}: site admins manage its blasts, users and links;
        site users read its blasts.
      </p>
      <SiteUsersTable />
    </section>
  );
}
