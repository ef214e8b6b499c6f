import { useDocumentTitle } from '@/core/ui/portal';
import { CustomerSubsTable } from './components/customer-subs-table';

/** SPEC §2 /issued-subscriptions, titled Customer Subs: subscriptions sold to customers. */
export default function CustomerSubsPage() {
  useDocumentTitle('Customer Subs');
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3 mb-3">
        Customer Subs
      </h1>
      <CustomerSubsTable />
    </section>
  );
}
