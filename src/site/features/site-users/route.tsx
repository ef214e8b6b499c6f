import { useOrgContext } from '@/core/org';
import { Page } from '@/core/ui/page';
import { SiteUsersTable } from './components/site-users-table';

/** SPEC §2 /site/{siteId}/users: add and remove the site's users; site admin / site user flags. */
export default function SiteUsersPage() {
  const { site } = useOrgContext();
  return (
    <Page
      title="Site Users"
      lead={
        <>
          Who works on {site?.name ?? 'this site'}: site admins manage its blasts, users and links;
          site users read its blasts.
        </>
      }
    >
      <SiteUsersTable />
    </Page>
  );
}
