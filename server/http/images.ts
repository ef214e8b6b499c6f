import {
  AVATAR_TYPE_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_AVATAR_BYTES,
  imageTypeOf,
} from '@/contract/limits';
import { badRequest } from './envelope';
import { decodeBase64 } from './files';

/**
 * SPEC §5 avatar rule: JPG or PNG (by magic bytes, the portals' pickers check the same at pick
 * time), at most 131072 bytes. Answers a data URL.
 */
export function checkAvatar(field: string, input: string): string {
  const bytes = decodeBase64(input);
  const type = bytes ? imageTypeOf(bytes) : undefined;
  if (!bytes || !type) throw badRequest(field, AVATAR_TYPE_MESSAGE, 'invalid');
  if (bytes.length > MAX_AVATAR_BYTES) throw badRequest(field, FILE_TOO_LARGE_MESSAGE, 'maxSize');
  return `data:image/${type};base64,${bytes.toString('base64')}`;
}
