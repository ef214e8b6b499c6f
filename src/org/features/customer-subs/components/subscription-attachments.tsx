import { useCallback } from 'react';
import type { SubscriptionDetail } from '@/contract/crm/subscriptions';
import { AttachmentsTable, type Attachment } from '@/core/attachments';
import { attachmentsOf, FormEngine, type FormSettings } from '@/core/forms';
import { useOrgId } from '@/core/org';
import { Modal } from '@/core/ui/modal';
import { downloadSubscriptionAttachment } from '@/org/entities/subscriptions/attachments';
import { useUpdateSubscription } from '@/org/entities/subscriptions/issued';

/**
 * The files attached to the subscription in the data table (issue 17: any number, paged, the
 * true total), each with Download; Upload for those who may.
 */
export function SubscriptionAttachments({
  subscription: s,
  onUpload,
}: {
  subscription: SubscriptionDetail;
  onUpload: (() => void) | null;
}) {
  const orgId = useOrgId();
  const download = useCallback(
    (a: Attachment) => downloadSubscriptionAttachment('issued-subscriptions', orgId, s.id, a),
    [orgId, s.id],
  );
  return (
    <AttachmentsTable
      title="Attachments"
      attachments={s.attachments}
      download={download}
      urlKey="attachments"
      ribbon={
        onUpload ? (
          <button type="button" className="btn btn-sm btn-primary" onClick={onUpload}>
            Upload
          </button>
        ) : null
      }
    />
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
