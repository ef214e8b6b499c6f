import { MAX_TAG_LENGTH } from '@/contract/limits';

/** SPEC §5 / §9: typed tag input is at most 30 characters. */
export const TAG_MAX_LENGTH = MAX_TAG_LENGTH;

/** SPEC §5: lowercased, semicolons removed, cut to 30 characters, trimmed. */
export function normaliseTag(input: string): string {
  return input.toLowerCase().replace(/;/g, '').slice(0, TAG_MAX_LENGTH).trim();
}

/** Adds the normalised text unless it is empty or already present. */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = normaliseTag(input);
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

/** Tags of `before` missing from `after`, in their original order. */
export function removedTags(before: readonly string[], after: readonly string[]): string[] {
  return before.filter((tag) => !after.includes(tag));
}

/** SPEC §5: 'The following tags will be removed:' and the tags. */
export const TAGS_REMOVED_WARNING = 'The following tags will be removed:';
