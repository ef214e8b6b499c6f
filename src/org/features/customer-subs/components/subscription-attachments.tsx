import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { attachmentsOf, FormEngine, type FormSettings } from '@/core/forms';
import { useOrgId } from '@/core/org';
import { AttachmentItem } from '@/core/ui/attachment-item';
import { DetailsCard } from '@/core/ui/details-page';
import { Modal } from '@/core/ui/modal';
import { downloadSubscriptionAttachment } from '@/org/entities/subscriptions/attachments';
import { useUpdateSubscription } from '@/org/entities/subscriptions/issued';

/** The files attached to the subscription, each with Download; Upload for those who may. */
export function SubscriptionAttachments({
  subscription: s,
  onUpload,
}: {
  subscription: SubscriptionDetail;
  onUpload: (() => void) | null;
}) {
  const orgId = useOrgId();
  return (
    <DetailsCard
      title="Attachments"
      id="sub-attachments"
      actions={
        onUpload ? (
          <button type="button" className="btn btn-sm btn-primary" onClick={onUpload}>
            Upload
          </button>
        ) : null
      }
    >
      <ul className="list-group list-group-flush">
        {s.attachments.length === 0 && (
          <li className="list-group-item text-body-secondary">No attachments</li>
        )}
        {s.attachments.map((a) => (
          <AttachmentItem
            key={a.id}
            className="list-group-item"
            attachment={a}
            download={() => downloadSubscriptionAttachment('issued-subscriptions', orgId, s.id, a)}
          />
        ))}
      </ul>
    </DetailsCard>
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
export function UploadAttachmentsModal({
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
              attachments: attachmentsOf(values['attachments']),
            },
          });
          onClose();
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}
