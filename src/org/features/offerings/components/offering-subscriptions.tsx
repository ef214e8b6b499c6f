import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ExpiredDate, formatDate } from '@/core/format';
import { useOrgId } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import { getOrgHref } from '@/core/routes';
import { DetailsCard } from '@/core/ui/details-page';
import { customerSubscriptionsQueryOptions } from '@/org/entities/subscriptions/issued';
import { subscriptionStatus } from '@/org/entities/subscriptions/status';

/**
 * The customer subscriptions that include this offering (only for those who may see them). The
 * CRM has no per-offering list: this reads the Customer Subs list (its one cache entry) and
 * keeps the offering's rows (docs/org-portal.md; a server-side filter is requested).
 */
export function OfferingSubscriptions({ offeringId }: { offeringId: number }) {
  const allowed = useCanAccess('customerSubs.read');
  const query = useQuery({
    ...customerSubscriptionsQueryOptions(useOrgId()),
    select: (rows) => rows.filter((s) => s.offering.id === offeringId),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <DetailsCard title="Subscriptions that include it" id="subs-title">
      <div className="table-responsive">
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">Subscription</th>
              <th scope="col">Customer</th>
              <th scope="col">Start</th>
              <th scope="col">End</th>
              <th scope="col">Seats</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {query.isPending && (
              <tr>
                <td colSpan={6}>
                  <span role="status">Loading Data...</span>
                </td>
              </tr>
            )}
            {query.isError && (
              <tr>
                <td colSpan={6}>
                  <span role="alert">Error: Something&apos;s gone wrong!</span>
                </td>
              </tr>
            )}
            {query.data?.length === 0 && (
              <tr>
                <td colSpan={6} className="text-body-secondary">
                  No data found
                </td>
              </tr>
            )}
            {query.data?.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link to={getOrgHref('subscriptionDetails', { id: s.id })}>{s.name}</Link>
                </td>
                <td>{s.subscriberOrg.name}</td>
                <td>{formatDate(s.startDate)}</td>
                <td>{s.endDate ? <ExpiredDate value={s.endDate} /> : '—'}</td>
                <td>
                  {s.seatsUsed} / {s.seatsAllowed}
                </td>
                <td>{subscriptionStatus(s)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DetailsCard>
  );
}
