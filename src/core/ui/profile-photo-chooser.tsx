import { useId, useState } from 'react';
import { MAX_AVATAR_BYTES } from '@/contract/limits';

/** SPEC §5 / §9: avatars are JPG or PNG, at most 131072 bytes. */
export const AVATAR_MAX_BYTES = MAX_AVATAR_BYTES;
export const AVATAR_ACCEPT = '.jpeg,.jpg,.png';
export const AVATAR_HINT = 'JPG or PNG. Max size of 128KB';
export const AVATAR_TOO_LARGE = 'File size is too large';
export const AVATAR_WRONG_TYPE = 'Only JPG or PNG files are allowed';

/** The message for a chosen file, or undefined when it may be used. Pure. */
export function avatarFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): string | undefined {
  const extensionOk = /\.(jpe?g|png)$/i.test(file.name);
  const typeOk = file.type === '' || file.type === 'image/jpeg' || file.type === 'image/png';
  if (!extensionOk || !typeOk) return AVATAR_WRONG_TYPE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  return undefined;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export interface ProfilePhotoChooserProps {
  title: string;
  /** The current image (a data URL or an address). */
  image?: string;
  /** Receives the chosen file as a data URL. */
  onChange: (dataUrl: string, file: File) => void;
  disabled?: boolean;
  /** The file input's id (for an outer label). */
  id?: string;
  /** Inside a form the field label names it; the card title is then hidden. */
  hideTitle?: boolean;
  describedBy?: string;
}

/**
 * SPEC §2 'Profile photo chooser card': a title, the current image, a file input accepting
 * .jpeg, .jpg, .png, the hint 'JPG or PNG. Max size of 128KB'; a larger file shows
 * 'File size is too large' and is not used.
 */
export function ProfilePhotoChooser({
  title,
  image,
  onChange,
  disabled,
  id,
  hideTitle,
  describedBy,
}: ProfilePhotoChooserProps) {
  const generated = useId();
  const inputId = id ?? `photo-${generated}`;
  const hintId = `${inputId}-hint`;
  const problemId = `${inputId}-problem`;
  const [problem, setProblem] = useState<string | undefined>();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = avatarFileProblem(file);
    setProblem(found);
    if (found) return;
    onChange(await readAsDataUrl(file), file);
  };

  return (
    <div className="card">
      <div className="card-body">
        {!hideTitle && <h2 className="card-title fs-6">{title}</h2>}
        <div className="d-flex align-items-center gap-3">
          {image ? (
            <img
              src={image}
              alt={`Current ${title.toLowerCase()}`}
              className="rounded-circle border"
              width={96}
              height={96}
              style={{ objectFit: 'cover' }}
            />
          ) : (
            <div
              className="rounded-circle border bg-body-secondary"
              style={{ width: 96, height: 96 }}
              aria-hidden="true"
            />
          )}
          <div className="flex-grow-1">
            <label htmlFor={inputId} className={hideTitle ? 'visually-hidden' : 'form-label'}>
              Choose {title.toLowerCase()}
            </label>
            <input
              id={inputId}
              type="file"
              accept={AVATAR_ACCEPT}
              className={problem ? 'form-control is-invalid' : 'form-control'}
              disabled={disabled}
              aria-invalid={problem ? true : undefined}
              aria-describedby={[hintId, problem ? problemId : undefined, describedBy]
                .filter(Boolean)
                .join(' ')}
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <div id={hintId} className="form-text">
              {AVATAR_HINT}
            </div>
            {problem && (
              <div id={problemId} className="text-danger small" role="alert">
                {problem}
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
