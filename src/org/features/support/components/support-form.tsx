import { useState } from 'react';
import { supportRequestSchema } from '@/contract/crm/misc';
import { formatDateTime } from '@/core/format';
import { attachmentsOf, FormEngine, type FormSettings, withContractLimits } from '@/core/forms';
import { useSendSupportRequest } from '../api/send-support-request';

export const supportFormSettings: FormSettings = withContractLimits(supportRequestSchema, {
  rows: [
    [
      {
        field: 'subject',
        type: 'string',
        title: 'Subject',
        isMandatory: true,
        placeholder: 'A short summary of the problem',
      },
    ],
    [
      {
        field: 'message',
        type: 'textArea',
        title: 'Message',
        isMandatory: true,
        rows: 8,
        placeholder: 'What happened, what you expected, and the steps to see it again',
      },
    ],
    [
      {
        field: 'attachments',
        type: 'attachments',
        title: 'Attachments',
        multiple: true,
        tooltip: 'Screenshots, logs or files; up to 10 files of at most 20 MiB each',
      },
    ],
  ],
});

/** The support request form; a sent request shows its reference and a fresh form. */
export function SupportForm() {
  const send = useSendSupportRequest();
  const [sent, setSent] = useState<{ id: number; createdAt: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      {sent && (
        <div className="alert alert-success" role="status">
          Request #{sent.id} received on {formatDateTime(sent.createdAt)}. Our support team answers
          by email.
        </div>
      )}
      <FormEngine
        key={formKey}
        settings={supportFormSettings}
        defaultValues={{ subject: '', message: '', attachments: [] }}
        submitLabel="Send request"
        onSubmit={async (values) => {
          const result = await send.mutateAsync({
            subject: String(values.subject ?? ''),
            message: String(values.message ?? ''),
            attachments: attachmentsOf(values.attachments),
          });
          setSent(result);
          setFormKey((k) => k + 1);
        }}
      />
    </>
  );
}
