import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { formatSeats, SEATS_USED_ALLOWED } from '@/core/format';
import { DetailsCard } from '@/core/ui/details-page';

/** How many of the subscription's seats its licences use, as a bar (red when over). */
export function SeatsCard({ subscription: s }: { subscription: SubscriptionDetail }) {
  const ratio =
    s.seatsAllowed > 0 ? Math.min(100, Math.round((s.seatsUsed / s.seatsAllowed) * 100)) : 0;
  return (
    <DetailsCard title="Seats" id="sub-seats" className="mb-3">
      <div className="card-body">
        <p className="mb-2">
          {SEATS_USED_ALLOWED}: {formatSeats(s.seatsUsed, s.seatsAllowed)}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label="Seats used"
          aria-valuenow={s.seatsUsed}
          aria-valuemin={0}
          aria-valuemax={s.seatsAllowed}
        >
          <div
            className={`progress-bar${s.seatsUsed > s.seatsAllowed ? ' bg-danger' : ''}`}
            style={{ width: `${ratio}%` }}
          />
        </div>
      </div>
    </DetailsCard>
  );
}

/** The offering's features the subscription includes. */
export function IncludedFeaturesCard({
  features,
}: {
  features: SubscriptionDetail['includedFeatures'];
}) {
  return (
    <DetailsCard title="Included features" id="sub-features">
      <div className="card-body">
        {features.length === 0 ? (
          <p className="text-body-secondary mb-0">No features included</p>
        ) : (
          <ul className="mb-0">
            {features.map((f) => (
              <li key={f.id}>{f.name}</li>
            ))}
          </ul>
        )}
      </div>
    </DetailsCard>
  );
}
