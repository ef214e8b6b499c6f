import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Licence } from '@/contract/crm/licences';
import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { isApiError } from '@/core/api';
import { ColumnType, DataTable, type ColumnSettings } from '@/core/data-table';
import { ExpiredDate, formatDate, formatDateTime, formatFileSize } from '@/core/format';
import { FormEngine, type Attachment, type FormSettings } from '@/core/forms';
import { useSelectedOrgId } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import { getOrgHref } from '@/core/routes';
import { FullScreenLoader } from '@/core/ui/loaders';
import { Modal } from '@/core/ui/modal';
import { useDocumentTitle } from '@/core/ui/portal';
import { ErrorScreen, NotFoundScreen } from '@/core/ui/screens';
import { downloadAttachment } from '../api/download-attachment';
import { useSubscription } from '../api/get-subscription';
import { useUpdateSubscription } from '../api/update-subscription';
import { status } from './customer-subs-table';
import { DisableSubscriptionModal } from './disable-subscription-modal';
import { SubscriptionFormModal } from './subscription-form';

/** SPEC §2 /issued-subscriptions/{id}: Subscription Details. */
export function SubscriptionDetailsPage() {
  useDocumentTitle('Subscription Details');
  const id = Number(useParams()['id']);
  const query = useSubscription(id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundScreen />;
  if (query.isPending) return <FullScreenLoader />;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <NotFoundScreen />
    ) : (
      <ErrorScreen error={query.error} />
    );
  }
  return <SubscriptionDetails subscription={query.data} />;
}

const licenceColumns: ColumnSettings<Licence> = {
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
    Expiry: row.expiry ?? '',
  }),
};

function SubscriptionDetails({ subscription: s }: { subscription: SubscriptionDetail }) {
  const canWrite = useCanAccess('customerSubs.write') && !s.isDisabled;
  const [modal, setModal] = useState<'edit' | 'disable' | 'attach' | null>(null);
  const close = () => setModal(null);
  const ratio =
    s.seatsAllowed > 0 ? Math.min(100, Math.round((s.seatsUsed / s.seatsAllowed) * 100)) : 0;
  return (
    <section aria-labelledby="page-title">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={getOrgHref('customerSubs')}>Customer Subs</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {s.name}
          </li>
        </ol>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="page-title" className="h3 mb-0 me-auto">
          Subscription Details: {s.name}
        </h1>
        {s.isDisabled && <span className="badge text-bg-secondary">Disabled</span>}
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
              onClick={() => setModal('disable')}
            >
              Disable
            </button>
          </>
        )}
      </div>
      <div className="row g-3">
        <div className="col-lg-6">
          <section className="card h-100" aria-labelledby="sub-fields">
            <div className="card-header">
              <h2 id="sub-fields" className="fs-6 mb-0">
                Subscription
              </h2>
            </div>
            <div className="card-body">
              <dl className="row mb-0">
                <dt className="col-sm-4">Subscriber</dt>
                <dd className="col-sm-8">{s.subscriberOrg.name}</dd>
                <dt className="col-sm-4">Offering</dt>
                <dd className="col-sm-8">
                  <Link
                    to={getOrgHref(
                      s.offering.type === 'product' ? 'productDetails' : 'serviceDetails',
                      { id: s.offering.id },
                    )}
                  >
                    {s.offering.name}
                  </Link>{' '}
                  ({s.offering.type})
                </dd>
                <dt className="col-sm-4">Start</dt>
                <dd className="col-sm-8">{formatDate(s.startDate)}</dd>
                <dt className="col-sm-4">End</dt>
                <dd className="col-sm-8">
                  {s.endDate ? <ExpiredDate value={s.endDate} /> : 'No end'}
                </dd>
                <dt className="col-sm-4">Status</dt>
                <dd className="col-sm-8">{status(s)}</dd>
                <dt className="col-sm-4">Created</dt>
                <dd className="col-sm-8 mb-0">{formatDateTime(s.createdAt)}</dd>
              </dl>
            </div>
          </section>
        </div>
        <div className="col-lg-6">
          <section className="card mb-3" aria-labelledby="sub-seats">
            <div className="card-header">
              <h2 id="sub-seats" className="fs-6 mb-0">
                Seats
              </h2>
            </div>
            <div className="card-body">
              <p className="mb-2">
                {s.seatsUsed} of {s.seatsAllowed} seats used
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
          </section>
          <section className="card" aria-labelledby="sub-features">
            <div className="card-header">
              <h2 id="sub-features" className="fs-6 mb-0">
                Included features
              </h2>
            </div>
            <div className="card-body">
              {s.includedFeatures.length === 0 ? (
                <p className="text-body-secondary mb-0">No features included</p>
              ) : (
                <ul className="mb-0">
                  {s.includedFeatures.map((f) => (
                    <li key={f.id}>{f.name}</li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        </div>
        <div className="col-12">
          <section className="card" aria-labelledby="sub-attachments">
            <div className="card-header d-flex align-items-center justify-content-between">
              <h2 id="sub-attachments" className="fs-6 mb-0">
                Attachments
              </h2>
              {canWrite && (
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  onClick={() => setModal('attach')}
                >
                  Upload
                </button>
              )}
            </div>
            <ul className="list-group list-group-flush">
              {s.attachments.length === 0 && (
                <li className="list-group-item text-body-secondary">No attachments</li>
              )}
              {s.attachments.map((a) => (
                <AttachmentItem key={a.id} subscriptionId={s.id} attachment={a} />
              ))}
            </ul>
          </section>
        </div>
        <div className="col-12">
          <DataTable<Licence>
            columnSettings={licenceColumns}
            title="Licences"
            rows={s.licences}
            selectable={false}
            getRowId={(row) => String(row.id)}
          />
        </div>
      </div>
      {modal === 'edit' && <SubscriptionFormModal mode="edit" subscription={s} onClose={close} />}
      {modal === 'disable' && <DisableSubscriptionModal subscription={s} onClose={close} />}
      {modal === 'attach' && <UploadAttachmentsModal subscription={s} onClose={close} />}
    </section>
  );
}

/** One attachment: name, size and Download (fetched with the token, saved from a blob URL). */
function AttachmentItem({
  subscriptionId,
  attachment: a,
}: {
  subscriptionId: number;
  attachment: SubscriptionDetail['attachments'][number];
}) {
  const orgId = useSelectedOrgId();
  const [busy, setBusy] = useState(false);
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto text-break">{a.fileName}</span>
      <span className="text-body-secondary">{formatFileSize(a.size)}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
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

const uploadSettings: FormSettings = {
  rows: [
    [
      {
        field: 'attachments',
        type: 'attachments',
        title: 'Files',
        isMandatory: true,
        tooltip: 'Up to 20 MiB each.',
      },
    ],
  ],
};

/** Adds files to the subscription (PUT with its current values plus the new attachments). */
function UploadAttachmentsModal({
  subscription: s,
  onClose,
}: {
  subscription: SubscriptionDetail;
  onClose: () => void;
}) {
  const update = useUpdateSubscription();
  return (
    <Modal open onClose={onClose} title="Upload attachments">
      <FormEngine
        settings={uploadSettings}
        defaultValues={{ attachments: [] }}
        submitLabel="Upload"
        onSubmit={async (values) => {
          await update.mutateAsync({
            id: s.id,
            input: {
              name: s.name,
              startDate: s.startDate,
              endDate: s.endDate,
              seatsAllowed: s.seatsAllowed,
              includedFeatureIds: s.includedFeatures.map((f) => f.id),
              attachments: Array.isArray(values['attachments'])
                ? (values['attachments'] as Attachment[])
                : [],
            },
          });
          onClose();
        }}
        actions={
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        }
      />
    </Modal>
  );
}
