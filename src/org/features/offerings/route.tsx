import { Page } from '@/core/ui/page';
import { OfferingsTable } from './components/offerings-table';

/** SPEC §2 /offerings: the organisation's products and services in one table. */
export default function OfferingsPage() {
  return (
    <Page title="Offerings">
      <OfferingsTable />
    </Page>
  );
}
