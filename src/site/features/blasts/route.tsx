import { useOrgContext } from '@/core/org';
import { useDocumentTitle } from '@/core/ui/portal';
import { BlastsTable } from './components/blasts-table';

/** SPEC §2 /site/{siteId}/blasts: the site's blasts; upload, edit metadata, delete. */
export default function SiteBlastsPage() {
  useDocumentTitle('Blasts');
  const { site } = useOrgContext();
  return (
    <section aria-labelledby="blasts-title">
      <h1 id="blasts-title" className="h3 mb-1">
        Blasts
      </h1>
      <p className="text-body-secondary">
        The blasts of {site?.name ?? 'this site'}: each one a .blst file of drill holes with their
        depths and charges.
      </p>
      <BlastsTable />
    </section>
  );
}
