import { MAX_TAG_LENGTH, maxLengthMessage } from '@/contract/limits';

/** SPEC §5 / §9: typed tag input is at most 30 characters. */
export const TAG_MAX_LENGTH = MAX_TAG_LENGTH;

/**
 * SPEC §5: lowercased, semicolons removed, trimmed. Not cut: a tag over 30 characters is kept as
 * typed and refused with tagLengthMessage (issue 17: a silent cut lost what was pasted).
 */
export function normaliseTag(input: string): string {
  return input.toLowerCase().replace(/;/g, '').trim();
}

/** The message under the field for a typed tag over the maximum, or undefined. */
export function tagLengthMessage(input: string): string | undefined {
  return normaliseTag(input).length > TAG_MAX_LENGTH ? maxLengthMessage(TAG_MAX_LENGTH) : undefined;
}

/** Adds the normalised text unless it is empty, too long or already present. */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = normaliseTag(input);
  if (!tag || tag.length > TAG_MAX_LENGTH || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

/** Tags of `before` missing from `after`, in their original order. */
export function removedTags(before: readonly string[], after: readonly string[]): string[] {
  return before.filter((tag) => !after.includes(tag));
}

/** SPEC §5: 'The following tags will be removed:' and the tags. */
export const TAGS_REMOVED_WARNING = 'The following tags will be removed:';
