/**
 * SPEC §3 'Form payloads': nested objects are flattened to dotted keys; image fields
 * (avatar_Base64 or any data-image string) are dropped when flattening.
 */

const IMAGE_KEY = 'avatar_Base64';

/** A data URL of an image ('data:image/...'), case-insensitive, leading blanks ignored. */
export function isImageValue(value: unknown): boolean {
  return typeof value === 'string' && /^\s*data:image\//i.test(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Flattens nested plain objects to dotted keys: { a: { b: 1 } } → { 'a.b': 1 }. Arrays, dates and
 * other non-plain values are kept as leaves. Keys named avatar_Base64 and image data-URL strings
 * are dropped at any depth. An empty nested object contributes nothing.
 */
export function flattenPayload(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === IMAGE_KEY || isImageValue(value)) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if (isPlainObject(value)) walk(value, path);
      else out[path] = value;
    }
  };
  walk(values, '');
  return out;
}
