import { SubscriptionDetailsPage } from './components/subscription-details';

/** SPEC §2 /issued-subscriptions/{id}: Subscription Details. */
export default function SubscriptionDetailsRoute() {
  return <SubscriptionDetailsPage />;
}
