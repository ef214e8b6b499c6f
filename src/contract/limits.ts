// Without zod: form fields of the portals read these limits on their first load.

/** SPEC §5/§9: avatars are JPG or PNG, at most 131072 bytes (128 KiB) decoded. */
export const MAX_AVATAR_BYTES = 131_072;
/** SPEC §5/§9: attachments at most 20971520 bytes (20 MiB) decoded. */
export const MAX_ATTACHMENT_BYTES = 20_971_520;
/** SPEC §5/§9: a tag is at most 30 characters. */
export const MAX_TAG_LENGTH = 30;
/** SPEC §5/§9: JSON dictionary keys and values are at most 100 characters each. */
export const MAX_DICTIONARY_ENTRY_LENGTH = 100;
/** The share of a text field's maximum from which the form shows its character counter. */
export const LENGTH_COUNTER_FROM = 0.8;

/** Issue 17: a text over its maximum is refused with this message (form and server), never cut. */
export const maxLengthMessage = (max: number) =>
  `Value must be at most ${String(max)} characters long`;

/**
 * A zod 'too_big' issue of a string as the field error both the server and a client's own check
 * answer: errorCode 'maxLength' and maxLengthMessage, unless the schema gave its own message.
 * Undefined for any other issue.
 */
export function tooLongFieldError(issue: {
  code?: string;
  origin?: unknown;
  maximum?: unknown;
  message?: string;
}): { message: string; errorCode: 'maxLength' } | undefined {
  const { code, origin, maximum, message } = issue;
  if (code !== 'too_big' || origin !== 'string' || typeof maximum !== 'number') return undefined;
  const own = message !== undefined && !/^Too big/.test(message);
  return { message: own ? message : maxLengthMessage(maximum), errorCode: 'maxLength' };
}

/** The server's refusal of a file above its limit (SPEC §5: 'File size is too large'). */
export const FILE_TOO_LARGE_MESSAGE = 'File size is too large';
/** The server's refusal of an avatar that is no JPG or PNG image (by its content). */
export const AVATAR_TYPE_MESSAGE = 'Only JPG or PNG images are allowed';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * SPEC §5 avatars are JPG or PNG: told by the file's first bytes (its magic number), not by its
 * name or the type the browser guesses from the name, so a text file renamed .png is neither.
 * The server and the portals' pickers decide alike.
 */
export function imageTypeOf(bytes: ArrayLike<number>): 'png' | 'jpeg' | undefined {
  const at = (i: number) => bytes[i];
  if (bytes.length > 8 && PNG_SIGNATURE.every((b, i) => at(i) === b)) return 'png';
  if (bytes.length > 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  return undefined;
}
