import { useDocumentTitle } from '@/core/ui/portal';
import { SitesTable } from './components/sites-table';

/** SPEC §2 /all-sites (sysadmin): every site across organisations, with its organisation. */
export default function AllSitesPage() {
  useDocumentTitle('All Sites');
  return (
    <section aria-labelledby="all-sites-title">
      <h1 id="all-sites-title" className="h3 mb-1">
        All Sites
      </h1>
      <p className="text-body-secondary">Every site of every organisation.</p>
      <SitesTable scope="all" />
    </section>
  );
}
