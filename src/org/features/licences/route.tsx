import { Page } from '@/core/ui/page';
import { LicencesTable } from './components/licences-table';

/** SPEC §2 /licences: the organisation's licences; an expiry in the past is red. */
export default function LicencesPage() {
  return (
    <Page
      title="Licences"
      lead={
        <>
          Licences your organization holds from its vendors. Assign seats to people from{' '}
          <em>Software</em>.
        </>
      }
    >
      <LicencesTable />
    </Page>
  );
}
