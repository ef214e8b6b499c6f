import type { BlastMetadata, UploadBlast } from '@/contract/data/blasts';
import { attachmentsOf } from '@/core/forms/files';
import type { FormValues } from '@/core/forms';

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const dateOf = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Form values → the contract's metadata (a planned blast has no fired date). */
export function toMetadata(values: FormValues): BlastMetadata {
  const status = values.status === 'planned' ? 'planned' : 'fired';
  return {
    name: text(values.name) ?? '',
    description: text(values.description),
    status,
    firedAt: status === 'fired' ? dateOf(values.firedAt) : null,
    plannedAt: dateOf(values.plannedAt),
  };
}

export function toUpload(values: FormValues): UploadBlast {
  const files = attachmentsOf(values.file);
  const { name, ...rest } = toMetadata(values);
  const file = files[0] ?? { fileName: '', base64: '' };
  return { ...rest, ...(name ? { name } : {}), file };
}
