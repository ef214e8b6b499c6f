import { useDocumentTitle } from '@/core/ui/portal';
import { SoftwareTable } from './components/software-table';

/** SPEC §2 /my-subscriptions, titled 'Software': the subscriptions the organisation holds. */
export default function SoftwarePage() {
  useDocumentTitle('Software');
  return (
    <section aria-labelledby="software-title">
      <h1 id="software-title" className="h3 mb-1">
        Software
      </h1>
      <p className="text-body-secondary">
        The software your organisation subscribes to. Open a subscription to give its licences to
        your people.
      </p>
      <SoftwareTable />
    </section>
  );
}
