import { useDocumentTitle } from '@/core/ui/portal';
import { SharedBlastsTable } from './components/shared-blasts-table';

/** SPEC §2 /blasts-shared: blasts shared with the user or their organisations. */
export default function BlastsSharedPage() {
  useDocumentTitle('Blasts Shared');
  return (
    <section aria-labelledby="shared-title">
      <h1 id="shared-title" className="h3 mb-1">
        Blasts Shared
      </h1>
      <p className="text-body-secondary">
        Blasts other sites and organisations have shared with you or with your organisations.
      </p>
      <SharedBlastsTable />
    </section>
  );
}
