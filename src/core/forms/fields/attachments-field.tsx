import { FilePicker } from '@/core/ui/file-picker';
import {
  acceptMessage,
  ATTACHMENT_MAX_BYTES,
  attachmentTooLargeMessage,
  base64Of,
  decodedSizeOf,
  matchesAccept,
  readAsDataUrl,
} from '../files';
import type { Attachment } from '../types';
import type { FieldComponentProps } from './field-props';

function isAttachment(value: unknown): value is Attachment {
  return value !== null && typeof value === 'object' && 'fileName' in value && 'base64' in value;
}

/**
 * Files as { fileName, base64 } (SPEC §3). Each picked file is checked when it is picked (issue
 * 17): its type against the field's accept, its size against 20971520 bytes (a message naming it
 * and the limit), its content by the field's checkFile. A refused file is not added and what
 * the form held stays; why it was refused is the field's error until the next pick (setProblem);
 * the picker names what the form holds, with the size.
 */
export function AttachmentsField({ controlHandle, ...props }: FieldComponentProps) {
  const { setting, disabled } = props;
  const attachments = Array.isArray(props.value) ? props.value.filter(isAttachment) : [];
  const single = setting.multiple === false;

  const problemOf = async (file: File): Promise<string | undefined> => {
    if (setting.accept && !matchesAccept(file, setting.accept))
      return acceptMessage(setting.accept);
    if (file.size > ATTACHMENT_MAX_BYTES) return attachmentTooLargeMessage(file.name, file.size);
    return setting.checkFile?.(file);
  };

  const add = async (files: File[]) => {
    const checked = await Promise.all(
      files.map(async (file) => ({ file, problem: await problemOf(file) })),
    );
    const problems = checked.flatMap((c) => (c.problem ? [c.problem] : []));
    props.setProblem(problems.length ? problems.join('\n') : null, false);
    const accepted = checked.filter((c) => !c.problem).map((c) => c.file);
    const read = await Promise.all(
      accepted.map(async (f) => ({ fileName: f.name, base64: base64Of(await readAsDataUrl(f)) })),
    );
    if (read.length > 0) props.onChange(single ? read.slice(0, 1) : [...attachments, ...read]);
  };

  return (
    <div>
      <div className="d-flex align-items-center gap-2">
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <FilePicker
            id={props.id}
            inputRef={controlHandle}
            accept={setting.accept}
            multiple={!single}
            disabled={disabled}
            invalid={props.invalid}
            describedBy={props.describedBy}
            chosen={attachments.map((a) => ({ name: a.fileName, size: decodedSizeOf(a.base64) }))}
            onPick={(files) => void add(files)}
            onBlur={props.onBlur}
          />
        </div>
        {single && attachments[0] && (
          <RemoveButton
            name={attachments[0].fileName}
            disabled={disabled}
            onClick={() => props.onChange([])}
          />
        )}
      </div>
      {attachments.length > 0 && !single && (
        <ul className="list-unstyled mt-2 mb-0">
          {attachments.map((a, i) => (
            <li key={`${a.fileName}-${String(i)}`} className="d-flex align-items-center gap-2">
              <span className="text-break">{a.fileName}</span>
              <RemoveButton
                name={a.fileName}
                disabled={disabled}
                onClick={() => props.onChange(attachments.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RemoveButton(props: { name: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-link btn-sm text-danger p-0"
      disabled={props.disabled}
      aria-label={`Remove ${props.name}`}
      onClick={props.onClick}
    >
      Remove
    </button>
  );
}
