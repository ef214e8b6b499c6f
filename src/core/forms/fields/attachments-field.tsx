import { useState } from 'react';
import { ATTACHMENT_MAX_BYTES, attachmentTooLargeMessage, base64Of, readAsDataUrl } from '../files';
import type { Attachment } from '../types';
import type { FieldComponentProps } from './field-props';

function isAttachment(value: unknown): value is Attachment {
  return value !== null && typeof value === 'object' && 'fileName' in value && 'base64' in value;
}

/**
 * Files as { fileName, base64 } (SPEC §3). A file above 20971520 bytes is refused with a message
 * naming it; the others are added.
 */
export function AttachmentsField({ controlHandle, ...props }: FieldComponentProps) {
  const { setting, disabled } = props;
  const attachments = Array.isArray(props.value) ? props.value.filter(isAttachment) : [];
  const [problems, setProblems] = useState<string[]>([]);
  const problemId = `${props.id}-problems`;

  const add = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    const tooLarge = chosen.filter((f) => f.size > ATTACHMENT_MAX_BYTES);
    setProblems(tooLarge.map((f) => attachmentTooLargeMessage(f.name, f.size)));
    const read = await Promise.all(
      chosen
        .filter((f) => f.size <= ATTACHMENT_MAX_BYTES)
        .map(async (f) => ({ fileName: f.name, base64: base64Of(await readAsDataUrl(f)) })),
    );
    if (read.length > 0)
      props.onChange(setting.multiple === false ? read.slice(0, 1) : [...attachments, ...read]);
  };

  return (
    <div>
      <input
        id={props.id}
        ref={controlHandle}
        type="file"
        className={props.invalid || problems.length ? 'form-control is-invalid' : 'form-control'}
        accept={setting.accept}
        multiple={setting.multiple !== false}
        disabled={disabled}
        aria-invalid={props.invalid || problems.length > 0 || undefined}
        aria-describedby={
          [props.describedBy, problems.length ? problemId : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(e) => {
          void add(e.target.files);
          e.target.value = '';
        }}
        onBlur={props.onBlur}
      />
      {problems.length > 0 && (
        <div id={problemId} className="text-danger small" role="alert">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      )}
      {attachments.length > 0 && (
        <ul className="list-unstyled mt-2 mb-0">
          {attachments.map((a, i) => (
            <li key={`${a.fileName}-${String(i)}`} className="d-flex align-items-center gap-2">
              <span>{a.fileName}</span>
              <button
                type="button"
                className="btn btn-link btn-sm text-danger p-0"
                disabled={disabled}
                aria-label={`Remove ${a.fileName}`}
                onClick={() => props.onChange(attachments.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
