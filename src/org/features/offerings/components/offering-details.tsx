import { Suspense, useState } from 'react';
import type { OfferingDetail } from '@/contract/crm/offerings';
import { RecordHistory } from '@/core/audit';
import { CustomDataRecordsPanel } from '@/core/custom-data';
import { useOrgId } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import { getOrgHref } from '@/core/routes';
import { DetailsPage } from '@/core/ui/details-page';
import { QueryState, useIdParam } from '@/core/ui/query-state';
import { useOffering } from '@/org/entities/offerings/api';
import { useOfferingCustomData } from '@/org/entities/offerings/mutations';
import { BlockingOverlay } from '@/core/ui/loaders';
import { lazyModule } from '@/core/lazy';
import { OfferingFeaturesTable, OfferingFieldsCard } from './offering-cards';
import { OfferingSubscriptions } from './offering-subscriptions';
import { useGuardedNavigate } from '@/core/ui/leave-guard';

export interface OfferingDetailsPageProps {
  type: 'product' | 'service';
}

// Issue 16: the forms load when a button that opens one is hovered, focused or clicked.
const offeringForm = lazyModule(() => import('./offering-form'));
const deleteForm = lazyModule(() => import('./delete-offering-modal'));
const OfferingFormModal = offeringForm.component('OfferingFormModal');
const DeleteOfferingModal = deleteForm.component('DeleteOfferingModal');

/** SPEC §2 Product Details and Service Details (with the breadcrumb back to Offerings). */
export function OfferingDetailsPage({ type }: OfferingDetailsPageProps) {
  const title = type === 'product' ? 'Product Details' : 'Service Details';
  const id = useIdParam();
  const query = useOffering(id);
  return (
    // /offerings/service/{id} of a product (or the reverse) is a bad link.
    <QueryState query={query} found={!Number.isNaN(id) && query.data?.type !== otherType(type)}>
      {(offering) => <OfferingDetails offering={offering} title={title} />}
    </QueryState>
  );
}

const otherType = (type: OfferingDetailsPageProps['type']) =>
  type === 'product' ? 'service' : 'product';

function OfferingDetails({ offering, title }: { offering: OfferingDetail; title: string }) {
  const orgId = useOrgId();
  const canWrite = useCanAccess('offerings.write');
  const customData = useOfferingCustomData(offering.id);
  const [modal, setModal] = useState<'edit' | 'delete' | null>(null);
  const navigate = useGuardedNavigate();
  return (
    <DetailsPage
      parent={{ label: 'Offerings', to: getOrgHref('offerings') }}
      name={offering.name}
      title={`${title}: ${offering.name}`}
      onEdit={canWrite ? () => setModal('edit') : null}
      onDelete={canWrite ? () => setModal('delete') : null}
    >
      <div className="row g-3">
        <div className="col-lg-6">
          <OfferingFieldsCard offering={offering} canWrite={canWrite} />
        </div>
        <div className="col-lg-6">
          <OfferingFeaturesTable features={offering.features} />
        </div>
        <div className="col-12">
          <CustomDataRecordsPanel
            records={offering.customData}
            readOnly={!canWrite}
            {...customData}
          />
        </div>
        <div className="col-12">
          <OfferingSubscriptions offeringId={offering.id} />
        </div>
      </div>
      <RecordHistory orgId={orgId} record={{ type: 'offering', id: String(offering.id) }} />
      <Suspense fallback={<BlockingOverlay />}>
        {modal === 'edit' && (
          <OfferingFormModal offering={offering} onClose={() => setModal(null)} />
        )}
        {modal === 'delete' && (
          <DeleteOfferingModal
            offering={offering}
            onClose={() => setModal(null)}
            onDeleted={() => navigate(getOrgHref('offerings'))}
          />
        )}
      </Suspense>
    </DetailsPage>
  );
}
