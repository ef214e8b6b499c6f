import type { Ref } from 'react';
import { formatFileSize, pluralise } from '@/core/format';
import './file-picker.css';

/** A file the picker holds: its name and size in bytes. */
export interface ChosenFile {
  name: string;
  size: number;
}

export const NO_FILE_CHOSEN = 'No file chosen';

/** What the picker says it holds: 'North Pit.blst (12.5 KB)', '3 files chosen', or none. */
export function chosenText(chosen: readonly ChosenFile[]): string {
  const [first] = chosen;
  if (!first) return NO_FILE_CHOSEN;
  if (chosen.length > 1) return `${pluralise(chosen.length, 'file')} chosen`;
  return `${first.name} (${formatFileSize(first.size)})`;
}

export interface FilePickerProps {
  /** The input's id: the field's label points at it. */
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  /** ids of texts that describe the input (hint, error); the chosen file's text is added. */
  describedBy?: string;
  /** What the form holds now (not what the native input last saw). */
  chosen: readonly ChosenFile[];
  /** The files just picked; the caller checks them and keeps those it accepts. */
  onPick: (files: File[]) => void;
  onBlur?: () => void;
}

/**
 * A file input that says what the form holds (issue 17). The native input forgets its file
 * once read (its value is cleared so that the same file can be picked again) and would say 'No
 * file chosen' beside a chosen file; here it is visually hidden but stays the focusable,
 * labelled control (keyboard, screen readers), and the face beside it, a click target for the
 * same input, shows the file the form holds, with its size.
 */
export function FilePicker({
  id,
  inputRef,
  accept,
  multiple = false,
  disabled,
  invalid,
  describedBy,
  chosen,
  onPick,
  onBlur,
}: FilePickerProps) {
  const statusId = `${id}-chosen`;
  return (
    <div className="file-picker">
      <input
        id={id}
        ref={inputRef}
        type="file"
        className="file-picker-input visually-hidden"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared: picking the same file again (after a refusal, or a Remove) is a change.
          e.target.value = '';
          if (files.length > 0) onPick(files);
        }}
        onBlur={onBlur}
      />
      {/* A second way to click the same input; hidden from assistive technology, which reads
          the input itself and the chosen file through aria-describedby. */}
      <label
        htmlFor={id}
        aria-hidden="true"
        className={`file-picker-face form-control d-flex align-items-center gap-2 mb-0${invalid ? ' is-invalid' : ''}`}
      >
        <span className="btn btn-sm btn-outline-secondary py-0 flex-shrink-0">
          {multiple ? 'Choose files' : 'Choose file'}
        </span>
        <span
          id={statusId}
          className={`text-truncate${chosen.length ? '' : ' text-body-secondary'}`}
          title={chosen.map((f) => f.name).join(', ') || undefined}
        >
          {chosenText(chosen)}
        </span>
      </label>
    </div>
  );
}
