import { useDocumentTitle } from '@/core/ui/portal';
import { LicencesTable } from './components/licences-table';

/** SPEC §2 /licences: the organisation's licences; an expiry in the past is red. */
export default function LicencesPage() {
  useDocumentTitle('Licences');
  return (
    <section aria-labelledby="licences-title">
      <h1 id="licences-title" className="h3 mb-1">
        Licences
      </h1>
      <p className="text-body-secondary">
        Licences your organisation holds from its vendors. Assign seats to people from{' '}
        <em>Software</em>.
      </p>
      <LicencesTable />
    </section>
  );
}
