import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { DataTable, type ColumnSettings } from '@/core/data-table';
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

type IncludedFeature = SubscriptionDetail['includedFeatures'][number];

const includedFeatureColumns: ColumnSettings<IncludedFeature> = {
  entity: 'Included features',
  columns: [{ id: 'name', title: 'Feature' }],
  sortIndex: 0,
  csvMapperFn: (f) => ({ Feature: f.name }),
};

/**
 * The offering's features the subscription includes, in the data table (issue 17: a details
 * page's list is a data table too: search, sort, paging, the true total).
 */
export function IncludedFeaturesTable({ features }: { features: readonly IncludedFeature[] }) {
  return (
    <DataTable<IncludedFeature>
      columnSettings={includedFeatureColumns}
      rows={features}
      getRowId={(f) => String(f.id)}
      selectable={false}
      urlKey="features"
    />
  );
}
