/**
 * Removes secrets from error events before they leave the browser: tokens, authorization
 * codes, OIDC state and organisations' customData — in object keys, in URLs' query and hash,
 * and in free text (JWTs, 'Bearer …').
 */
export const FILTERED = '[Filtered]';

const SECRET_KEYS = new Set(
  [
    'authorization',
    'cookie',
    'token',
    'access_token',
    'accesstoken',
    'refresh_token',
    'refreshtoken',
    'id_token',
    'idtoken',
    'code',
    'code_verifier',
    'state',
    'session_state',
    'client_secret',
    'password',
    'customdata',
  ].map((k) => k.toLowerCase()),
);

const URL_PARAMS =
  'code|state|session_state|access_token|refresh_token|id_token|token|code_verifier|client_secret|customData';
/** name=value in a query or hash: ?code=…, #access_token=…, &state=… */
const URL_PARAM = new RegExp(`(^|[?#&])((?:${URL_PARAMS})=)[^&#\\s"'<>]*`, 'gi');
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/-]+=*/gi;
/** "customData":"…" or "customData":{…} inside JSON text (flat objects only; nested is removed by key when parsed). */
const CUSTOM_DATA_JSON = /("customData"\s*:\s*)("(?:[^"\\]|\\.)*"|\{[^{}]*\}|null)/gi;

export function scrubString(value: string): string {
  return value
    .replace(URL_PARAM, `$1$2${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(CUSTOM_DATA_JSON, `$1"${FILTERED}"`);
}

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

/** A deep copy of value with secrets replaced; cycles and very deep nesting are cut. */
export function scrubValue<T>(value: T, depth = 0, seen = new WeakSet<object>()): T {
  if (typeof value === 'string') return scrubString(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 20 || seen.has(value)) return '[Truncated]' as T;
  seen.add(value);
  if (Array.isArray(value)) {
    return value.map((item: unknown) => scrubValue(item, depth + 1, seen)) as T;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    // Errors, Dates, class instances: keep them; Sentry serialises them itself.
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSecretKey(key) ? FILTERED : scrubValue(item, depth + 1, seen);
  }
  return out as T;
}
