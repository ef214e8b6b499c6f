import { useId, useState } from 'react';
import {
  AVATAR_TYPE_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_AVATAR_BYTES,
  imageTypeOf,
} from '@/contract/limits';
import { readFileHead } from '@/core/files';
import { formatFileSize } from '@/core/format';
import { FilePicker, type ChosenFile } from './file-picker';

/** SPEC §5 / §9: avatars are JPG or PNG, at most 131072 bytes. */
export const AVATAR_MAX_BYTES = MAX_AVATAR_BYTES;
export const AVATAR_ACCEPT = '.jpeg,.jpg,.png';
export const AVATAR_HINT = 'JPG or PNG. Max size of 128KB';
/** SPEC §5's 'File size is too large', with the limit (issue 17). */
export const AVATAR_TOO_LARGE = `${FILE_TOO_LARGE_MESSAGE}: the maximum is ${formatFileSize(AVATAR_MAX_BYTES)}`;
/** The server's own words for a file that is no JPG or PNG image. */
export const AVATAR_WRONG_TYPE = AVATAR_TYPE_MESSAGE;

/** The message for a chosen file by its name, type and size, or undefined. Pure. */
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

/**
 * The message for a picked file, checked as the server will check it (issue 17): its name and
 * size, then its content: a JPG or PNG by its first bytes, so a text file renamed .png is
 * refused when it is picked, not on Save.
 */
export async function checkAvatarFile(file: File): Promise<string | undefined> {
  const problem = avatarFileProblem(file);
  if (problem) return problem;
  return imageTypeOf(await readFileHead(file)) ? undefined : AVATAR_WRONG_TYPE;
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
 * 'File size is too large' (with the limit) and is not used, nor is a file that is
 * no JPG or PNG by its content. The picker names the file chosen last, with its size.
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
  const [chosen, setChosen] = useState<ChosenFile | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = await checkAvatarFile(file);
    setProblem(found);
    // A refused file changes nothing: the image and the file chosen before stay.
    if (found) return;
    onChange(await readAsDataUrl(file), file);
    setChosen({ name: file.name, size: file.size });
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
          {/* min-width 0: the picker shrinks with a phone's card instead of sticking out. */}
          <div className="flex-grow-1" style={{ minWidth: 0 }}>
            <label htmlFor={inputId} className={hideTitle ? 'visually-hidden' : 'form-label'}>
              Choose {title.toLowerCase()}
            </label>
            <FilePicker
              id={inputId}
              accept={AVATAR_ACCEPT}
              disabled={disabled}
              invalid={Boolean(problem)}
              describedBy={[hintId, problem ? problemId : undefined, describedBy]
                .filter(Boolean)
                .join(' ')}
              chosen={chosen ? [chosen] : []}
              onPick={(files) => void choose(files[0])}
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
