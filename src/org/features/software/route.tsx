import { Page } from '@/core/ui/page';
import { SoftwareTable } from './components/software-table';

/** SPEC §2 /my-subscriptions, titled 'Software': the subscriptions the organisation holds. */
export default function SoftwarePage() {
  return (
    <Page
      title="Software"
      lead={
        <>
          The software your organization subscribes to. Open a subscription to give its licences to
          your people.
        </>
      }
    >
      <SoftwareTable />
    </Page>
  );
}
