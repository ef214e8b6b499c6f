import { useCallback } from 'react';
import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { AttachmentsTable, type Attachment } from '@/core/attachments';
import { RecordHistory } from '@/core/audit';
import {
  ExpiredDate,
  formatDate,
  formatFigure,
  formatSeats,
  SEATS_USED_ALLOWED,
} from '@/core/format';
import { useOrgId } from '@/core/org';
import { getOrgHref } from '@/core/routes';
import { DetailsPage } from '@/core/ui/details-page';
import { QueryState, useIdParam } from '@/core/ui/query-state';
import { downloadSubscriptionAttachment } from '@/org/entities/subscriptions/attachments';
import { useMySubscription } from '@/org/entities/subscriptions/held';
import { ServiceLicencesTable } from './components/service-licences-table';

/** SPEC §2 /my-subscriptions/{id}: the licences inside a subscription; assign and unassign. */
export default function ServiceLicencesPage() {
  const id = useIdParam();
  const query = useMySubscription(id);
  return (
    <QueryState query={query} found={!Number.isNaN(id)}>
      {(sub) => <ServiceLicences sub={sub} />}
    </QueryState>
  );
}

function ServiceLicences({ sub }: { sub: SubscriptionDetail }) {
  const orgId = useOrgId();
  const free = Math.max(0, sub.seatsAllowed - sub.seatsUsed);
  const download = useCallback(
    (a: Attachment) => downloadSubscriptionAttachment('my-subscriptions', orgId, sub.id, a),
    [orgId, sub.id],
  );
  return (
    <DetailsPage
      parent={{ label: 'Software', to: getOrgHref('software') }}
      name={sub.name}
      title={
        <>
          Service Licences <span className="text-body-secondary fs-5">{sub.name}</span>
        </>
      }
    >
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
        <dt className="col-sm-3">{SEATS_USED_ALLOWED}</dt>
        <dd className="col-sm-9">
          {formatSeats(sub.seatsUsed, sub.seatsAllowed)} ({formatFigure(free)} free)
        </dd>
        <dt className="col-sm-3">Features</dt>
        <dd className="col-sm-9">
          {sub.includedFeatures.length
            ? sub.includedFeatures.map((f) => f.name).join(', ')
            : 'None'}
        </dd>
      </dl>
      {/* Issue 17: the files the vendor attached, in the data table (any number, paged, the true total). */}
      <div className="mb-4">
        <AttachmentsTable
          title="Attachments"
          attachments={sub.attachments}
          download={download}
          urlKey="attachments"
        />
      </div>
      <ServiceLicencesTable subscription={sub} />
      <RecordHistory orgId={orgId} record={{ type: 'subscription', id: String(sub.id) }} />
    </DetailsPage>
  );
}
