import { badRequest } from '../http/envelope';
import { MAX_ATTACHMENT_BYTES, type Attachment } from '@/contract/common';
import {
  BLAST_FILE_EXTENSION,
  BLAST_FILE_TYPE_MESSAGE,
  invalidBlstMessage,
} from '@/contract/data/blasts';
import { BlstError, parseBlst, type BlstFile } from './blst';
import { blastFileName } from './common';
import { decodeBase64, decodedSizeOf } from '../http/files';
import { factsOf, type BlastFacts } from './facts';

/** The field that carries the upload (the attachment field of the form). */
export const FILE_FIELD = 'file';

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
    throw badRequest(FILE_FIELD, BLAST_FILE_TYPE_MESSAGE, 'fileType');
  }
  // Refuse what is certainly too large before decoding it.
  if (decodedSizeOf(file.base64.replace(/\s+/g, '')) > MAX_ATTACHMENT_BYTES + 2) {
    throw badRequest(FILE_FIELD, 'File size is too large', 'maxSize');
  }
  const bytes = decodeBase64(file.base64);
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
      throw badRequest(FILE_FIELD, invalidBlstMessage(error.message), 'invalidFile');
    }
    throw error;
  }
  return {
    fileName: blastFileName(file.fileName),
    content,
    parsed,
    facts: factsOf(content, parsed.holes),
  };
}
