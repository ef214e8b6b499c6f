import { MAX_AVATAR_BYTES } from '@/contract/common';
import { badRequest } from './envelope';
import { decodeBase64 } from './files';

/** SPEC §5 avatar rule: JPG or PNG (by magic bytes), at most 131072 bytes. Answers a data URL. */
export function checkAvatar(field: string, input: string): string {
  const bytes = decodeBase64(input);
  const isPng =
    !!bytes &&
    bytes.length > 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg =
    !!bytes && bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!bytes || (!isPng && !isJpeg))
    throw badRequest(field, 'Only JPG or PNG images are allowed', 'invalid');
  if (bytes.length > MAX_AVATAR_BYTES) throw badRequest(field, 'File size is too large', 'maxSize');
  return `data:image/${isPng ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`;
}
