/** Pure file helpers of the attachments field. */
import { MAX_ATTACHMENT_BYTES } from '@/contract/limits';
import { formatFileSize } from '@/core/format';
import type { Attachment } from './types';

/** SPEC §9: attachments up to 20971520 bytes (20 MiB). */
export const ATTACHMENT_MAX_BYTES = MAX_ATTACHMENT_BYTES;

export function attachmentTooLargeMessage(fileName: string, size: number): string {
  return `${fileName} is too large (${formatFileSize(size)}). Attachments may be at most ${formatFileSize(ATTACHMENT_MAX_BYTES)}.`;
}

/** Reads a file as a data URL (data:<type>;base64,<data>). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The size in bytes of the file a base64 text holds (the picker shows it). */
export function decodedSizeOf(base64: string): number {
  const clean = base64.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** The base64 part of a data URL. */
export function base64Of(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}

const isAttachment = (value: unknown): value is Attachment =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Attachment>).fileName === 'string' &&
  typeof (value as Partial<Attachment>).base64 === 'string';

/** An attachments field's value as the attachments it holds (anything else: none). */
export function attachmentsOf(value: unknown): Attachment[] {
  return Array.isArray(value) ? value.filter(isAttachment) : [];
}

/**
 * Whether a file matches an input's accept attribute ('.jpg,.png', 'image/png', 'image/*'), as
 * the browser's own dialog filters (which a user can switch off, and a drop bypasses).
 */
export function matchesAccept(file: { name: string; type: string }, accept: string): boolean {
  const tokens = accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.trim().toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

/** 'Only .blst files can be uploaded', 'Only .jpg or .png files can be uploaded'. */
export function acceptMessage(accept: string): string {
  const tokens = accept
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const list =
    tokens.length > 1 ? `${tokens.slice(0, -1).join(', ')} or ${tokens.at(-1) ?? ''}` : tokens[0];
  return `Only ${list ?? ''} files can be uploaded`;
}
