import { siteRoutes } from '@/core/routes';
import { Page } from '@/core/ui/page';
import { SitesTable } from './components/sites-table';

/** SPEC §2 /all-sites (sysadmin): every site across organisations, with its organisation. */
export default function AllSitesPage() {
  return (
    <Page title={siteRoutes.allSites.title} lead={<>Every site of every organization.</>}>
      <SitesTable scope="all" />
    </Page>
  );
}
