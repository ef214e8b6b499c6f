import { MAX_AVATAR_BYTES } from '@/contract/common';
import { badRequest } from './envelope';

/** Decodes a data URL or plain base64 string; null when it is not valid base64. */
export function decodeBase64(input: string): Buffer | null {
  const m = /^data:[\w.+-]+\/[\w.+-]+;base64,(.*)$/s.exec(input);
  const b64 = (m ? (m[1] ?? '') : input).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) return null;
  return Buffer.from(b64, 'base64');
}

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

/** An attachment's file name as stored: no directories, no control characters, never empty. */
export function safeFileName(input: string): string {
  const base = input.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean;
}
