import { useDocumentTitle } from '@/core/ui/portal';
import { OfferingsTable } from './components/offerings-table';

/** SPEC §2 /offerings: the organisation's products and services in one table. */
export default function OfferingsPage() {
  useDocumentTitle('Offerings');
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3 mb-3">
        Offerings
      </h1>
      <OfferingsTable />
    </section>
  );
}
