import { Page } from '@/core/ui/page';
import { SharedBlastsTable } from './components/shared-blasts-table';

/** SPEC §2 /blasts-shared: blasts shared with the user or their organisations. */
export default function BlastsSharedPage() {
  return (
    <Page
      title="Blasts Shared"
      lead={
        <>Blasts other sites and organizations have shared with you or with your organizations.</>
      }
    >
      <SharedBlastsTable />
    </Page>
  );
}
