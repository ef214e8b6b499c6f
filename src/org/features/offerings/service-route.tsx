import { OfferingDetailsPage } from './components/offering-details';

/** SPEC §2 /offerings/service/{id}: Service Details, with the breadcrumb back to Offerings. */
export default function ServiceDetailsPage() {
  return <OfferingDetailsPage type="service" />;
}
