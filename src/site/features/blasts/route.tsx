import { useOrgContext } from '@/core/org';
import { Page } from '@/core/ui/page';
import { BlastsTable } from './components/blasts-table';

/** SPEC §2 /site/{siteId}/blasts: the site's blasts; upload, edit metadata, delete. */
export default function SiteBlastsPage() {
  const { site } = useOrgContext();
  return (
    <Page
      title="Blasts"
      lead={
        <>
          The blasts of {site?.name ?? 'this site'}: each one a .blst file of drill holes with their
          depths and charges.
        </>
      }
    >
      <BlastsTable />
    </Page>
  );
}
