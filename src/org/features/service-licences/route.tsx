import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { isApiError } from '@/core/api';
import { ExpiredDate, formatDate, formatFileSize } from '@/core/format';
import { useSelectedOrgId } from '@/core/org';
import { getOrgHref } from '@/core/routes';
import { FullScreenLoader } from '@/core/ui/loaders';
import { useDocumentTitle } from '@/core/ui/portal';
import { ErrorScreen, NotFoundScreen } from '@/core/ui/screens';
import { downloadAttachment } from './api/download-attachment';
import { useMySubscription } from './api/get-my-subscription';
import { ServiceLicencesTable } from './components/service-licences-table';

/** SPEC §2 /my-subscriptions/{id}: the licences inside a subscription; assign and unassign. */
export default function ServiceLicencesPage() {
  useDocumentTitle('Service Licences');
  const id = Number(useParams().id);
  const query = useMySubscription(id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundScreen />;
  if (query.isLoading) return <FullScreenLoader />;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <NotFoundScreen />
    ) : (
      <ErrorScreen error={query.error} />
    );
  }
  const sub = query.data;
  if (!sub) return <FullScreenLoader />;
  const free = Math.max(0, sub.seatsAllowed - sub.seatsUsed);
  return (
    <section aria-labelledby="service-licences-title">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to={getOrgHref('software')}>Software</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {sub.name}
          </li>
        </ol>
      </nav>
      <h1 id="service-licences-title" className="h3 mb-3">
        Service Licences <span className="text-body-secondary fs-5">{sub.name}</span>
      </h1>
      {sub.isDisabled && (
        <div className="alert alert-warning" role="status">
          This subscription was disabled by {sub.vendorOrg.name}; its licences are suspended.
        </div>
      )}
      <dl className="row small mb-4" style={{ maxWidth: '48rem' }}>
        <dt className="col-sm-3">Vendor</dt>
        <dd className="col-sm-9">{sub.vendorOrg.name}</dd>
        <dt className="col-sm-3">Offering</dt>
        <dd className="col-sm-9">
          {sub.offering.name} ({sub.offering.type === 'product' ? 'product' : 'service'})
        </dd>
        <dt className="col-sm-3">Period</dt>
        <dd className="col-sm-9">
          {formatDate(sub.startDate)} to{' '}
          {sub.endDate ? <ExpiredDate value={sub.endDate} /> : 'no end date'}
        </dd>
        <dt className="col-sm-3">Seats</dt>
        <dd className="col-sm-9">
          {sub.seatsUsed} of {sub.seatsAllowed} assigned ({free} free)
        </dd>
        <dt className="col-sm-3">Features</dt>
        <dd className="col-sm-9">
          {sub.includedFeatures.length
            ? sub.includedFeatures.map((f) => f.name).join(', ')
            : 'None'}
        </dd>
        <dt className="col-sm-3">Documents</dt>
        <dd className="col-sm-9">
          {sub.attachments.length === 0 ? (
            'None'
          ) : (
            <ul className="list-unstyled mb-0">
              {sub.attachments.map((a) => (
                <DocumentItem key={a.id} subscriptionId={sub.id} attachment={a} />
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <ServiceLicencesTable subscription={sub} />
    </section>
  );
}

/** A document the vendor attached: name, size and Download (with the token, from a blob URL). */
function DocumentItem({
  subscriptionId,
  attachment: a,
}: {
  subscriptionId: number;
  attachment: SubscriptionDetail['attachments'][number];
}) {
  const orgId = useSelectedOrgId();
  const [busy, setBusy] = useState(false);
  return (
    <li className="d-flex flex-wrap align-items-center gap-2 mb-1">
      <span className="text-break">{a.fileName}</span>
      <span className="text-body-secondary">({formatFileSize(a.size)})</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary py-0"
        aria-label={`Download ${a.fileName}`}
        disabled={busy || orgId === null}
        onClick={() => {
          if (orgId === null) return;
          setBusy(true);
          // A refusal or network error is toasted by the API client.
          downloadAttachment(orgId, subscriptionId, a)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Downloading…' : 'Download'}
      </button>
    </li>
  );
}
