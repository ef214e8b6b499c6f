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
