import { Page } from '@/core/ui/page';
import { IssuedLicencesTable } from './components/issued-licences-table';

/** SPEC §2 /issued-licences: licences the organisation issued to customers. */
export default function IssuedLicencesPage() {
  return (
    <Page title="Issued Licences">
      <IssuedLicencesTable />
    </Page>
  );
}
