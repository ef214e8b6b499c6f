import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { OfferingDetail } from '@/contract/crm/offerings';
import { isApiError } from '@/core/api';
import { CustomDataRecordsPanel, type CustomDataRecord } from '@/core/custom-data';
import { ExpiredDate, formatDate, formatDateTime } from '@/core/format';
import { notify } from '@/core/notify';
import { useCanAccess } from '@/core/permissions';
import { getOrgHref, requirements } from '@/core/routes';
import { FullScreenLoader } from '@/core/ui/loaders';
import { useDocumentTitle } from '@/core/ui/portal';
import { ErrorScreen, NotFoundScreen } from '@/core/ui/screens';
import { useOffering } from '../api/get-offering';
import { useOfferingSubscriptions } from '../api/get-offering-subscriptions';
import { useOfferingCustomData } from '../api/offering-custom-data';
import { DeleteOfferingModal } from './delete-offering-modal';
import { OfferingFormModal } from './offering-form';

export interface OfferingDetailsPageProps {
  type: 'product' | 'service';
}

/** SPEC §2 Product Details and Service Details (with the breadcrumb back to Offerings). */
export function OfferingDetailsPage({ type }: OfferingDetailsPageProps) {
  const title = type === 'product' ? 'Product Details' : 'Service Details';
  useDocumentTitle(title);
  const id = Number(useParams()['id']);
  const query = useOffering(id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundScreen />;
  if (query.isPending) return <FullScreenLoader />;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <NotFoundScreen />
    ) : (
      <ErrorScreen error={query.error} />
    );
  }
  // /offerings/service/{id} of a product (or the reverse) is a bad link.
  if (query.data.type !== type) return <NotFoundScreen />;
  return <OfferingDetails offering={query.data} title={title} />;
}

function OfferingDetails({ offering, title }: { offering: OfferingDetail; title: string }) {
  const canWrite = useCanAccess('offerings.write');
  const [modal, setModal] = useState<'edit' | 'delete' | null>(null);
  const navigate = useNavigate();
  const kind = offering.type === 'product' ? 'Product' : 'Service';
  return (
    <section aria-labelledby="page-title">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={getOrgHref('offerings')}>Offerings</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {offering.name}
          </li>
        </ol>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="page-title" className="h3 mb-0 me-auto">
          {title}: {offering.name}
        </h1>
        {canWrite && (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setModal('edit')}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => setModal('delete')}
            >
              Delete
            </button>
          </>
        )}
      </div>
      <div className="row g-3">
        <div className="col-lg-6">
          <section className="card h-100" aria-labelledby="fields-title">
            <div className="card-header">
              <h2 id="fields-title" className="fs-6 mb-0">
                {kind}
              </h2>
            </div>
            <div className="card-body">
              <dl className="row mb-0">
                <dt className="col-sm-4">Name</dt>
                <dd className="col-sm-8">{offering.name}</dd>
                <dt className="col-sm-4">Type</dt>
                <dd className="col-sm-8">{kind}</dd>
                <dt className="col-sm-4">Description</dt>
                <dd className="col-sm-8">{offering.description || '—'}</dd>
                <dt className="col-sm-4">Tags</dt>
                <dd className="col-sm-8">
                  {offering.tags.length === 0
                    ? '—'
                    : offering.tags.map((tag) => (
                        <span key={tag} className="badge text-bg-secondary me-1">
                          {tag}
                        </span>
                      ))}
                </dd>
                <dt className="col-sm-4">Vendor</dt>
                <dd className="col-sm-8">{offering.orgName}</dd>
                {canWrite && (
                  <>
                    <dt className="col-sm-4">Registration link</dt>
                    <dd className="col-sm-8">
                      <RegistrationLink offeringId={offering.id} />
                    </dd>
                  </>
                )}
                <dt className="col-sm-4">Created</dt>
                <dd className="col-sm-8">{formatDateTime(offering.createdAt)}</dd>
                <dt className="col-sm-4">Updated</dt>
                <dd className="col-sm-8 mb-0">{formatDateTime(offering.updatedAt)}</dd>
              </dl>
            </div>
          </section>
        </div>
        <div className="col-lg-6">
          <section className="card h-100" aria-labelledby="features-title">
            <div className="card-header">
              <h2 id="features-title" className="fs-6 mb-0">
                Features
              </h2>
            </div>
            <div className="table-responsive">
              <table className="table table-sm mb-0">
                <thead>
                  <tr>
                    <th scope="col">Feature</th>
                    <th scope="col">On by default</th>
                  </tr>
                </thead>
                <tbody>
                  {offering.features.length === 0 && (
                    <tr>
                      <td colSpan={2} className="text-body-secondary">
                        No data found
                      </td>
                    </tr>
                  )}
                  {offering.features.map((f) => (
                    <tr key={f.id}>
                      <td>{f.name}</td>
                      <td>{f.defaultValue ? 'Yes' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
        <div className="col-12">
          <OfferingCustomData offering={offering} readOnly={!canWrite} />
        </div>
        <div className="col-12">
          <OfferingSubscriptions offeringId={offering.id} />
        </div>
      </div>
      {modal === 'edit' && <OfferingFormModal offering={offering} onClose={() => setModal(null)} />}
      {modal === 'delete' && (
        <DeleteOfferingModal
          offering={offering}
          onClose={() => setModal(null)}
          onDeleted={() => void navigate(getOrgHref('offerings'))}
        />
      )}
    </section>
  );
}

function OfferingCustomData({
  offering,
  readOnly,
}: {
  offering: OfferingDetail;
  readOnly: boolean;
}) {
  const { save, remove } = useOfferingCustomData(offering.id);
  const toInput = (record: CustomDataRecord) => ({
    name: record.name,
    description: record.description ?? null,
    executionPriority: record.executionPriority,
    data: record.data,
  });
  return (
    <CustomDataRecordsPanel
      records={offering.customData}
      readOnly={readOnly}
      onSave={async (record, { isNew }) => {
        await save.mutateAsync({
          recordId: isNew ? null : Number(record.id),
          input: toInput(record),
        });
      }}
      onDelete={async (record) => {
        await remove.mutateAsync(Number(record.id));
      }}
    />
  );
}

/** The customer subscriptions that include this offering (only for those who may see them). */
function OfferingSubscriptions({ offeringId }: { offeringId: number }) {
  const allowed = useCanAccess(requirements.customerSubs);
  const query = useOfferingSubscriptions(offeringId, allowed);
  if (!allowed) return null;
  return (
    <section className="card" aria-labelledby="subs-title">
      <div className="card-header">
        <h2 id="subs-title" className="fs-6 mb-0">
          Subscriptions that include it
        </h2>
      </div>
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
                <td>
                  {s.isDisabled
                    ? 'Disabled'
                    : s.endDate !== null && s.endDate < isoToday()
                      ? 'Ended'
                      : 'Active'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The address a new customer registers at for this offering (a 30-day trial once finished): the
 * way to a first sale to an organisation that is not a customer yet (docs/org-portal.md).
 */
function RegistrationLink({ offeringId }: { offeringId: number }) {
  const href = `${window.location.origin}${getOrgHref('subscriptionRegister')}?offering=${offeringId}`;
  const id = `registration-link-${offeringId}`;
  return (
    <div className="input-group input-group-sm">
      <input
        id={id}
        className="form-control"
        readOnly
        value={href}
        aria-label="Registration link"
        onFocus={(e) => e.currentTarget.select()}
      />
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label="Copy the registration link"
        onClick={() => {
          navigator.clipboard
            .writeText(href)
            .then(() => notify.success('Registration link copied'))
            .catch(() => notify.error('Could not copy: select the link and copy it'));
        }}
      >
        Copy
      </button>
    </div>
  );
}

/** Today as YYYY-MM-DD in local time (the CRM's date shape). */
function isoToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
