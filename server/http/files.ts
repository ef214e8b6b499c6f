import type { FastifyReply } from 'fastify';
import { MAX_ATTACHMENT_BYTES, type Attachment } from '@/contract/common';
import { badRequest } from './envelope';

/**
 * Files of every service in one place: base64 uploads, stored and download file names, and the
 * download answer (attachment, nosniff, not cached).
 */

/**
 * Decodes base64 (or a data: URL) strictly: only the base64 alphabets, padding at the end,
 * and a length that base64 can produce. null when it is not base64.
 */
export function decodeBase64(input: string): Buffer | null {
  const m = /^data:[\w.+-]+\/[\w.+-]+;base64,/.exec(input);
  const b64 = (m ? input.slice(m[0].length) : input).replace(/\s+/g, '');
  if (b64.length === 0 || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) return null;
  const unpadded = b64.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  if (b64.includes('=') && b64.length % 4 !== 0) return null;
  return Buffer.from(unpadded, 'base64');
}

/** The decoded size of a base64 text without decoding it (upper bound within 2 bytes). */
export const decodedSizeOf = (input: string) => {
  const comma = input.startsWith('data:') ? input.indexOf(',') + 1 : 0;
  return Math.floor(((input.length - comma) * 3) / 4);
};

/** An attachment's file name as stored and listed: no directories or control characters. */
export function storedFileName(input: string): string {
  const base = input.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean;
}

/** Decoded attachments (SPEC §9: at most 20 MiB each); field errors at `${field}.${i}.base64`. */
export function decodeAttachments(list: readonly Attachment[], field = 'attachments') {
  return list.map((a, i) => {
    const bytes = decodeBase64(a.base64);
    if (!bytes) throw badRequest(`${field}.${i}.base64`, 'Not a base64 file');
    if (bytes.length > MAX_ATTACHMENT_BYTES)
      throw badRequest(`${field}.${i}.base64`, 'File size is too large', 'maxSize');
    return { fileName: storedFileName(a.fileName), bytes };
  });
}

export interface FileNameOptions {
  /** Forced extension ('.blst'); otherwise the name's own (at most 16 characters) is kept. */
  extension?: string;
  maxLength?: number;
  /** The stem when nothing of the name is left. */
  fallback?: string;
}

/**
 * A file name for a Content-Disposition header and any file system: no directories, no
 * control, quote or shell-special characters, runs of blanks as one underscore, never empty or
 * hidden, at most maxLength characters with the extension kept.
 */
export function normaliseFileName(input: string, options: FileNameOptions = {}): string {
  const { extension, maxLength = 150, fallback = 'attachment' } = options;
  const base = input.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/["*:<>?|;,%`$&'=#]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/^[._-]+/, '');
  let stem = clean;
  let ext = '';
  if (extension) {
    ext = extension;
    if (clean.toLowerCase().endsWith(extension)) stem = clean.slice(0, -extension.length);
  } else {
    const dot = clean.lastIndexOf('.');
    if (dot > 0 && clean.length - dot <= 16) {
      ext = clean.slice(dot);
      stem = clean.slice(0, dot);
    }
  }
  stem = stem.replace(/[._-]+$/, '').slice(0, maxLength - ext.length);
  return `${stem || fallback}${ext}`;
}

/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent keeps. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Sends stored bytes as a download under an already normalised name: octet-stream (the browser
 * never renders it), attachment with an ASCII fallback and the UTF-8 form, nosniff, not cached.
 */
export function sendDownload(reply: FastifyReply, name: string, content: string | Buffer) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return reply
    .code(200)
    .header('Content-Type', 'application/octet-stream')
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`,
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
}
