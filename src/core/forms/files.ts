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
