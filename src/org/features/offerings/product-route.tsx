import { OfferingDetailsPage } from './components/offering-details';

/** SPEC §2 /offerings/product/{id}: Product Details. */
export default function ProductDetailsPage() {
  return <OfferingDetailsPage type="product" />;
}
