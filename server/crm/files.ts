import type { FastifyReply } from 'fastify';

/**
 * An attachment's name for a Content-Disposition header and any file system: no directories, no
 * control, quote or shell-special characters, runs of blanks as one underscore, at most 150
 * characters with the extension kept, never empty or hidden.
 */
export function downloadFileName(input: string): string {
  const base = input.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/["*:<>?|;,%`$&'=#]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/^[._-]+/, '');
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  const stem = (ext ? clean.slice(0, dot) : clean)
    .replace(/[._-]+$/, '')
    .slice(0, 150 - ext.length);
  return stem ? `${stem}${ext}` : `attachment${ext}`;
}

/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent keeps. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Sends stored bytes as a download: octet-stream (the browser never renders it), attachment with
 * the normalised name (ASCII fallback and the UTF-8 form), nosniff, not cached.
 */
export function sendAttachment(reply: FastifyReply, fileName: string, content: Buffer) {
  const name = downloadFileName(fileName);
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
    .send(content);
}
