import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Licence } from '@/contract/crm/licences';
import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { RecordHistory } from '@/core/audit';
import { ColumnType, DataTable, type ColumnSettings } from '@/core/data-table';
import { ExpiredDate, formatDate, formatDateTime } from '@/core/format';
import { useOrgId } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import { getOrgHref } from '@/core/routes';
import { DefinitionList, DetailsCard, DetailsPage } from '@/core/ui/details-page';
import { QueryState, useIdParam } from '@/core/ui/query-state';
import {
  subscriptionLicencesQueryOptions,
  subscriptionLicencesSource,
} from '@/org/entities/licences/issued';
import { useCustomerSubscription } from '@/org/entities/subscriptions/issued';
import { subscriptionStatus } from '@/org/entities/subscriptions/status';
import { BlockingOverlay } from '@/core/ui/loaders';
import { lazyModule } from '@/core/lazy';
import { SubscriptionAttachments, UploadAttachmentsModal } from './subscription-attachments';
import { SeatsCard, IncludedFeaturesTable } from './subscription-cards';

// Issue 16: the forms load when a button that opens one is hovered, focused or clicked.
const subscriptionForm = lazyModule(() => import('./subscription-form'));
const disableForm = lazyModule(() => import('./disable-subscription-modal'));
const SubscriptionFormModal = subscriptionForm.component('SubscriptionFormModal');
const DisableSubscriptionModal = disableForm.component('DisableSubscriptionModal');

/** SPEC §2 /issued-subscriptions/{id}: Subscription Details. */
export function SubscriptionDetailsPage() {
  const id = useIdParam();
  const query = useCustomerSubscription(id);
  return (
    <QueryState query={query} found={!Number.isNaN(id)}>
      {(subscription) => <SubscriptionDetails subscription={subscription} />}
    </QueryState>
  );
}

export const subscriptionLicenceColumns: ColumnSettings<Licence> = {
  entity: 'Subscription Licences',
  columns: [
    { id: 'product.name', title: 'Product' },
    { id: 'state.name', title: 'State' },
    { id: 'seats', title: 'Seats', type: ColumnType.NUMBER },
    { id: 'assignedUser', title: 'Assigned to', type: ColumnType.USER },
    { id: 'expiry', title: 'Expiry', type: ColumnType.EXPIRED_DATE },
  ],
  csvMapperFn: (row) => ({
    Id: row.id,
    Product: row.product.name,
    State: row.state.name,
    Seats: row.seats,
    'Assigned to': row.assignedUser?.email ?? '',
    Expiry: formatDate(row.expiry),
  }),
};

function SubscriptionDetails({ subscription: s }: { subscription: SubscriptionDetail }) {
  const orgId = useOrgId();
  const canWrite = useCanAccess('customerSubs.write') && !s.isDisabled;
  const [modal, setModal] = useState<'edit' | 'disable' | 'attach' | null>(null);
  const close = () => setModal(null);
  return (
    <DetailsPage
      parent={{ label: 'Customer Subs', to: getOrgHref('customerSubs') }}
      name={s.name}
      title={`Subscription Details: ${s.name}`}
      badges={s.isDisabled && <span className="badge text-bg-secondary">Disabled</span>}
      onEdit={canWrite ? () => setModal('edit') : null}
      onDelete={canWrite ? () => setModal('disable') : null}
      deleteLabel="Disable"
    >
      <div className="row g-3">
        <div className="col-lg-6">
          <DetailsCard title="Subscription" id="sub-fields" fill>
            <DefinitionList
              items={[
                ['Subscriber', s.subscriberOrg.name],
                [
                  'Offering',
                  <>
                    <Link
                      to={getOrgHref(
                        s.offering.type === 'product' ? 'productDetails' : 'serviceDetails',
                        { id: s.offering.id },
                      )}
                    >
                      {s.offering.name}
                    </Link>{' '}
                    ({s.offering.type})
                  </>,
                ],
                ['Start', formatDate(s.startDate)],
                ['End', s.endDate ? <ExpiredDate value={s.endDate} /> : 'No end'],
                ['Status', subscriptionStatus(s)],
                ['Created', formatDateTime(s.createdAt)],
              ]}
            />
          </DetailsCard>
        </div>
        <div className="col-lg-6">
          <SeatsCard subscription={s} />
          <IncludedFeaturesTable features={s.includedFeatures} />
        </div>
        <div className="col-12">
          <SubscriptionAttachments
            subscription={s}
            onUpload={canWrite ? () => setModal('attach') : null}
          />
        </div>
        <div className="col-12">
          {/* Issues 16/17: the subscription's licences from the list endpoint (any number, the
              true total), paged on the server when they do not fit in the browser. */}
          <DataTable<Licence>
            columnSettings={subscriptionLicenceColumns}
            title="Licences"
            query={subscriptionLicencesQueryOptions(orgId, s.id)}
            source={subscriptionLicencesSource(orgId, s.id)}
            selectable={false}
            getRowId={(row) => String(row.id)}
          />
        </div>
      </div>
      <RecordHistory orgId={orgId} record={{ type: 'subscription', id: String(s.id) }} />
      <Suspense fallback={<BlockingOverlay />}>
        {modal === 'edit' && <SubscriptionFormModal mode="edit" subscription={s} onClose={close} />}
        {modal === 'disable' && <DisableSubscriptionModal subscription={s} onClose={close} />}
      </Suspense>
      {modal === 'attach' && <UploadAttachmentsModal subscription={s} onClose={close} />}
    </DetailsPage>
  );
}
