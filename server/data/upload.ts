import { badRequest } from '../http/envelope';
import { MAX_ATTACHMENT_BYTES, type Attachment } from '@/contract/common';
import { BLAST_FILE_EXTENSION } from '@/contract/data/blasts';
import { BlstError, parseBlst, type BlstFile } from './blst';
import { normaliseFileName } from './common';
import { factsOf, type BlastFacts } from './facts';

/** The field that carries the upload (the attachment field of the form). */
export const FILE_FIELD = 'file';

/**
 * Decodes base64 (or a data: URL) strictly: only the base64 alphabets, padding at the end,
 * and a length that base64 can produce. null when it is not base64.
 */
export function decodeBase64Strict(input: string): Buffer | null {
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

export interface BlastUpload {
  fileName: string;
  content: string;
  parsed: BlstFile;
  facts: BlastFacts;
}

/**
 * Checks and parses an uploaded .blst attachment (SPEC §5/§9: at most 20 MiB decoded). Every
 * failure is a 400 with a field error on `file`.
 */
export function readBlastUpload(file: Attachment): BlastUpload {
  if (!file.fileName.toLowerCase().trim().endsWith(BLAST_FILE_EXTENSION)) {
    throw badRequest(FILE_FIELD, 'Only .blst files can be uploaded', 'fileType');
  }
  // Refuse what is certainly too large before decoding it.
  if (decodedSizeOf(file.base64.replace(/\s+/g, '')) > MAX_ATTACHMENT_BYTES + 2) {
    throw badRequest(FILE_FIELD, 'File size is too large', 'maxSize');
  }
  const bytes = decodeBase64Strict(file.base64);
  if (!bytes) throw badRequest(FILE_FIELD, 'The file is not valid base64', 'invalidBase64');
  if (bytes.length > MAX_ATTACHMENT_BYTES) {
    throw badRequest(FILE_FIELD, 'File size is too large', 'maxSize');
  }
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(FILE_FIELD, 'Not a .blst file: it is not UTF-8 text', 'invalidFile');
  }
  // PostgreSQL text cannot hold NUL; no .blst file has one.
  if (content.includes('\u0000')) {
    throw badRequest(FILE_FIELD, 'Not a .blst file: it contains binary data', 'invalidFile');
  }
  let parsed: BlstFile;
  try {
    parsed = parseBlst(content);
  } catch (error) {
    if (error instanceof BlstError) {
      throw badRequest(FILE_FIELD, `Not a valid .blst file: ${error.message}`, 'invalidFile');
    }
    throw error;
  }
  return {
    fileName: normaliseFileName(file.fileName, BLAST_FILE_EXTENSION),
    content,
    parsed,
    facts: factsOf(content, parsed.holes),
  };
}
