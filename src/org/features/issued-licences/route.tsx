import { useDocumentTitle } from '@/core/ui/portal';
import { IssuedLicencesTable } from './components/issued-licences-table';

/** SPEC §2 /issued-licences: licences the organisation issued to customers. */
export default function IssuedLicencesPage() {
  useDocumentTitle('Issued Licences');
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3 mb-3">
        Issued Licences
      </h1>
      <IssuedLicencesTable />
    </section>
  );
}
